import Foundation
import Geodesy

/// A map pack's road graph (issue 15 §3, T9, T10): the `.routing` file that
/// `tools/map-pack/routing_graph.py` builds from the pack's OpenStreetMap extract (format in
/// docs/routing.md). The file is mapped, not read into memory, so a phone holds only the pages a
/// search touches; every count, offset and index is checked when it is opened, so a damaged or
/// hostile file is refused with a ``RoutingGraphError`` and can never make a search read out of
/// bounds.
public struct RoutingGraph: Sendable {
    public static let formatVersion: UInt32 = 1
    let storage: Data
    let layout: GraphLayout

    /// Maps the file at `url` and checks it.
    public init(contentsOf url: URL) throws(RoutingGraphError) {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .unreadable(url.path, error.localizedDescription)
        }
        try self.init(data: data)
    }

    /// Checks the bytes of a routing file.
    public init(data: Data) throws(RoutingGraphError) {
        storage = data
        layout = try data.readingBytes { (raw) throws(RoutingGraphError) in try GraphLayout(checking: raw) }
    }

    public var nodeCount: Int { layout.nodeCount }
    public var edgeCount: Int { layout.edgeCount }
    public var restrictionCount: Int { layout.bannedCount }
    public var byteCount: Int { storage.count }

    /// The area the graph's roads cover, in degrees: west, south, east, north.
    public var bounds: (west: Double, south: Double, east: Double, north: Double) {
        (Double(layout.west) / 1e7, Double(layout.south) / 1e7, Double(layout.east) / 1e7, Double(layout.north) / 1e7)
    }

    /// Runs `body` over the graph's bytes; searches read the graph through the view.
    func withView<Result>(_ body: (GraphView) throws(RouteProblem) -> Result) throws(RouteProblem) -> Result {
        try storage.readingBytes { (raw) throws(RouteProblem) in
            try body(GraphView(base: raw.baseAddress!, layout: layout))
        }
    }
}

/// Why a routing file cannot be used.
public enum RoutingGraphError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String, String)
    case notARoutingFile
    case unsupportedVersion(UInt32)
    case wrongSize(expected: Int, found: Int)
    case invalid(String, String)

    public var description: String {
        switch self {
        case .unreadable(let path, let why): "the routing file \(path) cannot be read: \(why)"
        case .notARoutingFile: "the file is not a routing graph (it does not start with HSRG)"
        case .unsupportedVersion(let version):
            "the routing graph has format \(version); this version reads format \(RoutingGraph.formatVersion) (download the pack again or update)"
        case .wrongSize(let expected, let found):
            "the routing graph should be \(expected) bytes by its header but is \(found) (download the pack again)"
        case .invalid(let field, let why): "the routing graph's \(field) \(why) (download the pack again)"
        }
    }
}

extension Data {
    /// `withUnsafeBytes` for a body with a typed error.
    fileprivate func readingBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = withUnsafeBytes { raw in
            do throws(Failure) {
                return .success(try body(raw))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
