/// Where each section of a routing file lies, found from its header and checked against the
/// whole file before anything reads it (the format: docs/routing.md).
struct GraphLayout: Sendable {
    static let headerBytes = 68
    static let edgeBytes = 24
    /// More cells than this would make the snapping grid's own table the largest part of a pack.
    static let maxCells = 1 << 26

    var nodeCount = 0, edgeCount = 0, shapeCount = 0, nameCount = 0, nameBytes = 0, bannedCount = 0
    var cellEdgeCount = 0
    var west: Int32 = 0, south: Int32 = 0, east: Int32 = 0, north: Int32 = 0
    var rows = 0, columns = 0, cellLatitudeE7 = 1, cellLongitudeE7 = 1
    var nodes = 0, firstOut = 0, edges = 0, firstIn = 0, incoming = 0, shape = 0, nameOffsets = 0, names = 0
    var banned = 0, cellFirst = 0, cellEdges = 0
    /// The fastest car speed in the graph, in metres per second: the A* bound.
    var fastestCarMetresPerSecond = 1.0

    init(checking raw: UnsafeRawBufferPointer) throws(RoutingGraphError) {
        guard Array(raw.prefix(4)) == Array("HSRG".utf8) else { throw .notARoutingFile }
        guard raw.count >= Self.headerBytes, let base = raw.baseAddress else {
            throw .wrongSize(expected: Self.headerBytes, found: raw.count)
        }
        let header = GraphBytes(base: base)
        guard header.u32(4) == RoutingGraph.formatVersion else { throw .unsupportedVersion(header.u32(4)) }
        nodeCount = Int(header.u32(8))
        edgeCount = Int(header.u32(12))
        shapeCount = Int(header.u32(16))
        nameCount = Int(header.u32(20))
        nameBytes = Int(header.u32(24))
        bannedCount = Int(header.u32(28))
        cellEdgeCount = Int(header.u32(32))
        (west, south, east, north) = (header.i32(36), header.i32(40), header.i32(44), header.i32(48))
        (rows, columns) = (Int(header.u32(52)), Int(header.u32(56)))
        (cellLatitudeE7, cellLongitudeE7) = (Int(header.u32(60)), Int(header.u32(64)))
        guard edgeCount < 1 << 30 else {
            throw .invalid(
                "edge count", "is \(edgeCount); a graph holds fewer than 2^30 edges (the searches' labels are 32-bit)")
        }
        guard rows >= 1, columns >= 1, rows * columns <= Self.maxCells, cellLatitudeE7 > 0, cellLongitudeE7 > 0 else {
            throw .invalid("grid", "has \(rows) × \(columns) cells of \(cellLatitudeE7) × \(cellLongitudeE7)")
        }
        var offset = Self.headerBytes
        func section(_ bytes: Int) -> Int {
            defer { offset += bytes }
            return offset
        }
        nodes = section(8 * nodeCount)
        firstOut = section(4 * (nodeCount + 1))
        edges = section(Self.edgeBytes * edgeCount)
        firstIn = section(4 * (nodeCount + 1))
        incoming = section(4 * edgeCount)
        shape = section(8 * shapeCount)
        nameOffsets = section(4 * (nameCount + 1))
        names = section((nameBytes + 3) / 4 * 4)
        banned = section(12 * bannedCount)
        cellFirst = section(4 * (rows * columns + 1))
        cellEdges = section(4 * cellEdgeCount)
        guard offset == raw.count else { throw .wrongSize(expected: offset, found: raw.count) }
        let view = GraphView(base: base, layout: self)
        try checkContents(view)
    }

    private mutating func checkContents(_ graph: GraphView) throws(RoutingGraphError) {
        try Self.checkOffsets(graph, at: firstOut, count: nodeCount + 1, total: edgeCount, "outgoing edge table")
        try Self.checkOffsets(graph, at: firstIn, count: nodeCount + 1, total: edgeCount, "incoming edge table")
        try Self.checkOffsets(graph, at: nameOffsets, count: nameCount + 1, total: nameBytes, "name table")
        try Self.checkOffsets(graph, at: cellFirst, count: rows * columns + 1, total: cellEdgeCount, "grid")
        for node in 0..<nodeCount {
            try Self.checkPosition(graph.nodeLatitudeE7(node), graph.nodeLongitudeE7(node), "node \(node)")
            for edge in graph.outgoing(from: node) where graph.edge(edge).from != node {
                throw .invalid("edge \(edge)", "is listed under node \(node) but starts elsewhere")
            }
            for slot in graph.incomingSlots(to: node) {
                let edge = graph.incomingEdge(at: slot)
                guard edge < edgeCount, graph.edge(edge).to == node else {
                    throw .invalid("incoming edge table", "lists \(edge) under node \(node), which it does not reach")
                }
            }
        }
        var fastest = 1
        for index in 0..<edgeCount {
            let edge = graph.edge(index)
            guard edge.to < nodeCount, edge.shapeStart + edge.shapeCount <= shapeCount,
                edge.name == Edge.noName || edge.name < nameCount, edge.flags & (Edge.car | Edge.foot) != 0,
                edge.flags & Edge.car == 0 || edge.speedKmh > 0
            else { throw .invalid("edge \(index)", "points outside the graph or allows nothing") }
            if edge.flags & Edge.car != 0 { fastest = max(fastest, edge.speedKmh) }
        }
        fastestCarMetresPerSecond = Double(fastest) / 3.6
        for point in 0..<shapeCount {
            try Self.checkPosition(graph.shapeLatitudeE7(point), graph.shapeLongitudeE7(point), "shape point \(point)")
        }
        var previous: (Int, Int)? = nil
        for pair in 0..<bannedCount {
            let (from, to) = graph.bannedPair(pair)
            guard from < edgeCount, to < edgeCount, previous.map({ $0 < (from, to) }) ?? true,
                graph.edge(from).flags & Edge.turnsRestricted != 0
            else {
                throw .invalid("turn restrictions", "are out of order or name missing edges")
            }
            previous = (from, to)
        }
        for slot in 0..<cellEdgeCount where graph.cellEdge(at: slot) >= edgeCount {
            throw .invalid("grid", "names edge \(graph.cellEdge(at: slot)), beyond the \(edgeCount) edges")
        }
    }

    private static func checkOffsets(
        _ graph: GraphView, at start: Int, count: Int, total: Int, _ what: String
    ) throws(RoutingGraphError) {
        var previous = 0
        for index in 0..<count {
            let value = Int(graph.bytes.u32(start + 4 * index))
            guard value >= previous, value <= total, index > 0 || value == 0 else {
                throw .invalid(what, "is not an ascending table within 0…\(total)")
            }
            previous = value
        }
        guard previous == total else { throw .invalid(what, "ends at \(previous), not \(total)") }
    }

    private static func checkPosition(_ latitude: Int32, _ longitude: Int32, _ what: String) throws(RoutingGraphError) {
        guard abs(Int(latitude)) <= 900_000_000, abs(Int(longitude)) <= 1_800_000_000 else {
            throw .invalid(what, "lies off the Earth (\(latitude), \(longitude) in 1e-7 degrees)")
        }
    }
}
