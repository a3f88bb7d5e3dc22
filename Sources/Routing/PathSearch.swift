import Geodesy

/// The shortest-path algorithms the offline router can use (issue 15 §3). All search the
/// edge-based graph (a state is a directed edge, so turn restrictions and U-turns are rules of
/// passing from one state to the next) and find the same cheapest route; they differ in how much
/// of the graph they visit. The benchmark measures them side by side (docs/benchmarks.md).
public enum SearchAlgorithm: String, Sendable, CaseIterable {
    /// Plain Dijkstra: the reference, visits everything cheaper than the answer.
    case dijkstra
    /// A* towards the target, bounded by the straight line at the fastest speed.
    case aStar
    /// A* from both ends at once with averaged bounds (Ikeda's), meeting in the middle.
    case bidirectionalAStar
}

/// A cheapest way through the graph: its edges in order, where on the first edge it starts and
/// where on the last it ends (fractions of their lengths), and its cost in seconds.
struct FoundPath {
    var edges: [Int]
    var startFraction: Double
    var endFraction: Double
    var cost: Double
    /// How many states the search settled: the measure of its work.
    var settled: Int
}

extension FoundPath {
    /// The same path, with the work of the search that confirmed it.
    init(path: FoundPath, settled: Int) {
        self = path
        self.settled = settled
    }
}

/// One search between two road positions. A state is `2 × edge + zone bit` (see
/// ``DestinationZones``); labels (``LabelStore``) hold the cheapest known cost to the end of a
/// state's edge (forward) or from its start to the target (backward).
struct PathSearch {
    let costing: Costing
    let start: RoadPosition
    let target: RoadPosition
    private var graph: GraphView { costing.graph }

    init(costing: Costing, from start: RoadPosition, to target: RoadPosition) {
        self.costing = costing
        self.start = start
        self.target = target
    }

    func run(_ algorithm: SearchAlgorithm) -> FoundPath? {
        switch algorithm {
        case .dijkstra: unidirectional(guided: false)
        case .aStar: unidirectional(guided: true)
        case .bidirectionalAStar: bidirectional()
        }
    }

    /// The start edge that is also the target edge, the target lying ahead: the path along it
    /// alone, which a search must beat.
    private func directPath() -> FoundPath? {
        var best: FoundPath?
        for (s, from) in start.edges {
            for (t, to) in target.edges where s == t && to >= from {
                let cost = (to - from) * costing.cost(graph.edge(s))
                if cost < best?.cost ?? .infinity {
                    best = FoundPath(edges: [s], startFraction: from, endFraction: to, cost: cost, settled: 0)
                }
            }
        }
        return best
    }

    private func startFraction(_ edge: Int) -> Double { start.edges.first { $0.edge == edge }?.fraction ?? 0 }
    private func endFraction(_ edge: Int) -> Double { target.edges.first { $0.edge == edge }?.fraction ?? 1 }

    /// The edges of the states from a label back to the search's first state.
    private static func chain(from state: Int, _ labels: LabelStore) -> [Int] {
        var edges = [Int]()
        var step = state
        while step >= 0 {
            edges.append(step / 2)
            step = labels.parent(step)
        }
        return edges
    }

    private func found(_ edges: [Int], cost: Double, settled: Int) -> FoundPath {
        FoundPath(
            edges: edges, startFraction: startFraction(edges[0]), endFraction: endFraction(edges[edges.count - 1]),
            cost: cost, settled: settled)
    }

    private func unidirectional(guided: Bool) -> FoundPath? {
        let toTarget = costing.bound(toward: target.point)
        let bound: (Int) -> Double = guided ? { [graph] in toTarget(graph.node($0)) } : { _ in 0 }
        var labels = LabelStore(edgeCount: graph.layout.edgeCount)
        var heap = MinHeap()
        for (edge, fraction) in start.edges {
            let record = graph.edge(edge)
            let cost = (1 - fraction) * costing.cost(record)
            labels.set(2 * edge, cost: cost, parent: -1)
            heap.push(cost + bound(record.to), 2 * edge)
        }
        let targets = Dictionary(target.edges.map { ($0.edge, $0.fraction) }, uniquingKeysWith: min)
        let direct = directPath()
        var best = (cost: direct?.cost ?? .infinity, via: -1, last: -1)
        var settled = 0
        while let (key, state) = heap.pop(), key < best.cost {
            guard !labels.isSettled(state) else { continue }
            labels.settle(state)
            let reached = labels.cost(state)
            settled += 1
            let edge = state / 2
            let record = graph.edge(edge)
            for next in graph.outgoing(from: record.to) {
                let after = graph.edge(next)
                guard costing.allows(from: edge, record, to: next, after),
                    let bit = DestinationZones.forward(state % 2, from: record, to: after, costing)
                else { continue }
                if let fraction = targets[next], reached + fraction * costing.cost(after) < best.cost {
                    best = (reached + fraction * costing.cost(after), state, next)
                }
                let cost = reached + costing.cost(after)
                if cost < labels.cost(2 * next + bit) {
                    labels.set(2 * next + bit, cost: cost, parent: state)
                    heap.push(cost + bound(after.to), 2 * next + bit)
                }
            }
        }
        if best.via < 0 { return direct.map { FoundPath(path: $0, settled: settled) } }
        return found(Self.chain(from: best.via, labels).reversed() + [best.last], cost: best.cost, settled: settled)
    }

    private func bidirectional() -> FoundPath? {
        let (toTarget, fromStart) = (costing.bound(toward: target.point), costing.bound(toward: start.point))
        let potential: (Int) -> Double = { [graph] node in
            let here = graph.node(node)
            return (toTarget(here) - fromStart(here)) / 2
        }
        var forward = LabelStore(edgeCount: graph.layout.edgeCount)
        var backward = LabelStore(edgeCount: graph.layout.edgeCount)
        var forwardHeap = MinHeap()
        var backwardHeap = MinHeap()
        for (edge, fraction) in start.edges {
            let record = graph.edge(edge)
            let cost = (1 - fraction) * costing.cost(record)
            forward.set(2 * edge, cost: cost, parent: -1)
            forwardHeap.push(cost + potential(record.to), 2 * edge)
        }
        for (edge, fraction) in target.edges {
            let record = graph.edge(edge)
            let cost = fraction * costing.cost(record)
            if cost < backward.cost(2 * edge) {
                backward.set(2 * edge, cost: cost, parent: -1)
                backwardHeap.push(cost - potential(record.from), 2 * edge)
            }
        }
        let direct = directPath()
        var best = (cost: direct?.cost ?? .infinity, forward: -1, backward: -1)
        var settled = 0
        while !forwardHeap.isEmpty, !backwardHeap.isEmpty,
            forwardHeap.minimumKey + backwardHeap.minimumKey < best.cost
        {
            if forwardHeap.minimumKey <= backwardHeap.minimumKey {
                let (_, state) = forwardHeap.pop()!
                guard !forward.isSettled(state) else { continue }
                forward.settle(state)
                let reached = forward.cost(state)
                settled += 1
                let edge = state / 2
                let record = graph.edge(edge)
                for next in graph.outgoing(from: record.to) {
                    let after = graph.edge(next)
                    guard costing.allows(from: edge, record, to: next, after),
                        let bit = DestinationZones.forward(state % 2, from: record, to: after, costing)
                    else { continue }
                    for other in [2 * next, 2 * next + 1] {
                        let meeting = backward.cost(other)
                        guard DestinationZones.meet(forwardBit: bit, backwardBit: other % 2, on: after, costing),
                            reached + meeting < best.cost
                        else { continue }
                        best = (reached + meeting, state, other)
                    }
                    let cost = reached + costing.cost(after)
                    if cost < forward.cost(2 * next + bit) {
                        forward.set(2 * next + bit, cost: cost, parent: state)
                        forwardHeap.push(cost + potential(after.to), 2 * next + bit)
                    }
                }
            } else {
                let (_, state) = backwardHeap.pop()!
                guard !backward.isSettled(state) else { continue }
                backward.settle(state)
                let reached = backward.cost(state)
                settled += 1
                let edge = state / 2
                let record = graph.edge(edge)
                for slot in graph.incomingSlots(to: record.from) {
                    let previous = graph.incomingEdge(at: slot)
                    let before = graph.edge(previous)
                    guard before.allows(costing.mode), costing.allows(from: previous, before, to: edge, record),
                        let bit = DestinationZones.backward(state % 2, from: record, to: before, costing)
                    else { continue }
                    for other in [2 * previous, 2 * previous + 1] {
                        let meeting = forward.cost(other)
                        guard DestinationZones.meet(forwardBit: other % 2, backwardBit: bit, on: before, costing),
                            meeting + reached < best.cost
                        else { continue }
                        best = (meeting + reached, other, state)
                    }
                    let cost = reached + costing.cost(before)
                    if cost < backward.cost(2 * previous + bit) {
                        backward.set(2 * previous + bit, cost: cost, parent: state)
                        backwardHeap.push(cost - potential(before.from), 2 * previous + bit)
                    }
                }
            }
        }
        if best.forward < 0 { return direct.map { FoundPath(path: $0, settled: settled) } }
        let edges = Self.chain(from: best.forward, forward).reversed() + Self.chain(from: best.backward, backward)
        return found(edges, cost: best.cost, settled: settled)
    }
}
