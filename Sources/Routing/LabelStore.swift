/// A search's labels (issue 15 §3): for each state, the cheapest known cost, the state it was
/// reached from and whether it is settled. States of zone bit 0 (every edge has one) live in flat
/// arrays indexed by edge — 13 bytes an edge, no hashing — and the rare states of zone bit 1 (on
/// destination-only edges) in a dictionary.
struct LabelStore {
    private var costs: [Double]
    private var parents: [Int32]
    private var settledFlags: [Bool]
    private var zoneOne: [Int: (cost: Double, parent: Int32, settled: Bool)] = [:]

    init(edgeCount: Int) {
        costs = Array(repeating: .infinity, count: edgeCount)
        parents = Array(repeating: -1, count: edgeCount)
        settledFlags = Array(repeating: false, count: edgeCount)
    }

    /// The cheapest known cost of the state, or infinity when it has no label.
    func cost(_ state: Int) -> Double {
        state & 1 == 0 ? costs[state >> 1] : zoneOne[state]?.cost ?? .infinity
    }

    /// The state this one was reached from, or -1 for a search's first states.
    func parent(_ state: Int) -> Int {
        Int(state & 1 == 0 ? parents[state >> 1] : zoneOne[state]?.parent ?? -1)
    }

    func isSettled(_ state: Int) -> Bool {
        state & 1 == 0 ? settledFlags[state >> 1] : zoneOne[state]?.settled ?? false
    }

    mutating func set(_ state: Int, cost: Double, parent: Int) {
        if state & 1 == 0 {
            costs[state >> 1] = cost
            parents[state >> 1] = Int32(parent)
        } else {
            zoneOne[state] = (cost, Int32(parent), false)
        }
    }

    mutating func settle(_ state: Int) {
        if state & 1 == 0 { settledFlags[state >> 1] = true } else { zoneOne[state]?.settled = true }
    }
}
