import Geodesy

/// Little-endian reads at byte offsets of a routing file.
struct GraphBytes {
    let base: UnsafeRawPointer

    @inline(__always) func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always) func i32(_ offset: Int) -> Int32 {
        Int32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }

    @inline(__always) func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always) func u8(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }
}

/// One directed edge: a stretch of road between two junctions, travelled one way.
struct Edge: Equatable {
    static let car: UInt8 = 1, foot: UInt8 = 2, destinationOnly: UInt8 = 4, shapeReversed: UInt8 = 8
    static let roundabout: UInt8 = 16, turnsRestricted: UInt8 = 32, carIsland: UInt8 = 64, footIsland: UInt8 = 128
    static let noName = Int(UInt32.max)

    var from: Int
    var to: Int
    var centimetres: Int
    var shapeStart: Int
    var name: Int
    var shapeCount: Int
    var flags: UInt8
    var speedKmh: Int

    var meters: Double { Double(centimetres) / 100 }
    func allows(_ mode: TravelMode) -> Bool { flags & (mode == .car ? Self.car : Self.foot) != 0 }
    /// Whether the edge lies in a piece of network too small to route through (ends avoid it).
    func isIsland(for mode: TravelMode) -> Bool { flags & (mode == .car ? Self.carIsland : Self.footIsland) != 0 }
    /// Whether `other` is this stretch of road travelled the other way.
    func isTwin(of other: Edge) -> Bool {
        other.from == to && other.to == from && other.shapeStart == shapeStart && other.shapeCount == shapeCount
            && other.centimetres == centimetres
    }
}

/// The graph's sections read in place; only valid inside ``RoutingGraph/withView(_:)``, and only
/// over a layout that ``GraphLayout`` checked.
struct GraphView {
    let bytes: GraphBytes
    let layout: GraphLayout

    init(base: UnsafeRawPointer, layout: GraphLayout) {
        bytes = GraphBytes(base: base)
        self.layout = layout
    }

    func nodeLatitudeE7(_ node: Int) -> Int32 { bytes.i32(layout.nodes + 8 * node) }
    func nodeLongitudeE7(_ node: Int) -> Int32 { bytes.i32(layout.nodes + 8 * node + 4) }
    func node(_ node: Int) -> Coordinate {
        Coordinate(latitude: Double(nodeLatitudeE7(node)) / 1e7, longitude: Double(nodeLongitudeE7(node)) / 1e7)
    }

    func outgoing(from node: Int) -> Range<Int> {
        Int(bytes.u32(layout.firstOut + 4 * node))..<Int(bytes.u32(layout.firstOut + 4 * node + 4))
    }

    func incomingSlots(to node: Int) -> Range<Int> {
        Int(bytes.u32(layout.firstIn + 4 * node))..<Int(bytes.u32(layout.firstIn + 4 * node + 4))
    }

    func incomingEdge(at slot: Int) -> Int { Int(bytes.u32(layout.incoming + 4 * slot)) }

    func edge(_ index: Int) -> Edge {
        let at = layout.edges + GraphLayout.edgeBytes * index
        return Edge(
            from: Int(bytes.u32(at)), to: Int(bytes.u32(at + 4)), centimetres: Int(bytes.u32(at + 8)),
            shapeStart: Int(bytes.u32(at + 12)), name: Int(bytes.u32(at + 16)), shapeCount: Int(bytes.u16(at + 20)),
            flags: bytes.u8(at + 22), speedKmh: Int(bytes.u8(at + 23)))
    }

    func shapeLatitudeE7(_ point: Int) -> Int32 { bytes.i32(layout.shape + 8 * point) }
    func shapeLongitudeE7(_ point: Int) -> Int32 { bytes.i32(layout.shape + 8 * point + 4) }

    /// The edge's line from its start junction to its end junction.
    func polyline(_ edge: Edge) -> [Coordinate] {
        var points = [node(edge.from)]
        let inner = (edge.shapeStart..<(edge.shapeStart + edge.shapeCount)).map {
            Coordinate(latitude: Double(shapeLatitudeE7($0)) / 1e7, longitude: Double(shapeLongitudeE7($0)) / 1e7)
        }
        points += edge.flags & Edge.shapeReversed != 0 ? inner.reversed() : inner
        points.append(node(edge.to))
        return points
    }

    func name(_ edge: Edge) -> String? {
        guard edge.name != Edge.noName else { return nil }
        let start = Int(bytes.u32(layout.nameOffsets + 4 * edge.name))
        let end = Int(bytes.u32(layout.nameOffsets + 4 * edge.name + 4))
        let text = UnsafeRawBufferPointer(start: bytes.base + layout.names + start, count: end - start)
        return String(decoding: text, as: UTF8.self)
    }

    func bannedPair(_ index: Int) -> (Int, Int) {
        (Int(bytes.u32(layout.banned + 12 * index)), Int(bytes.u32(layout.banned + 12 * index + 4)))
    }

    /// Whether the mode may not take `to` right after `from` (a turn restriction or a barrier).
    func isBanned(from: Int, to: Int, by mode: TravelMode) -> Bool {
        var low = 0
        var high = layout.bannedCount
        while low < high {
            let middle = (low + high) / 2
            if bannedPair(middle) < (from, to) { low = middle + 1 } else { high = middle }
        }
        guard low < layout.bannedCount, bannedPair(low) == (from, to) else { return false }
        let modes = bytes.u32(layout.banned + 12 * low + 8)
        return modes & UInt32(mode == .car ? Edge.car : Edge.foot) != 0
    }

    /// The same stretch of road travelled the other way, if it may be.
    func twin(of index: Int) -> Int? {
        let edge = edge(index)
        return outgoing(from: edge.to).first { edge.isTwin(of: self.edge($0)) }
    }

    func cellSlots(row: Int, column: Int) -> Range<Int> {
        let cell = row * layout.columns + column
        return Int(bytes.u32(layout.cellFirst + 4 * cell))..<Int(bytes.u32(layout.cellFirst + 4 * cell + 4))
    }

    func cellEdge(at slot: Int) -> Int { Int(bytes.u32(layout.cellEdges + 4 * slot)) }
}
