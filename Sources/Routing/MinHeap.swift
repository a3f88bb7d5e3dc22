/// A binary min-heap of search states by key: the searches' priority queue.
struct MinHeap {
    private var keys: [Double] = []
    private var states: [Int32] = []

    var isEmpty: Bool { keys.isEmpty }
    var minimumKey: Double { keys.first ?? .infinity }

    mutating func push(_ key: Double, _ state: Int) {
        keys.append(key)
        states.append(Int32(truncatingIfNeeded: state))
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard keys[child] < keys[parent] else { break }
            keys.swapAt(child, parent)
            states.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (key: Double, state: Int)? {
        guard let key = keys.first else { return nil }
        let state = Int(UInt32(bitPattern: states[0]))
        keys.swapAt(0, keys.count - 1)
        states.swapAt(0, states.count - 1)
        keys.removeLast()
        states.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < keys.count else { break }
            let right = left + 1
            let child = right < keys.count && keys[right] < keys[left] ? right : left
            guard keys[child] < keys[parent] else { break }
            keys.swapAt(child, parent)
            states.swapAt(child, parent)
            parent = child
        }
        return (key, state)
    }
}
