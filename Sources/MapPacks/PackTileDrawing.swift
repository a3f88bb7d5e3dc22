import Foundation
import MapRendering

/// Draws a map pack's tiles as pictures (issue 15: offline maps on the site and in the app;
/// T9, T10): the vector tile at z/x/y, or for a tile deeper than the pack its ancestor at the
/// pack's deepest zoom, drawn by ``TileRenderer`` into a PNG.
public struct PackTileDrawing: Sendable {
    /// How many zooms past its deepest a pack is drawn (enlarging its last tiles).
    public static let overzoom = 4
    /// Vector tiles larger than this are not drawn (real ones are well under 1 MiB).
    public static let maxTileBytes = 4 << 20

    public let renderer: TileRenderer

    public init(renderer: TileRenderer = TileRenderer()) { self.renderer = renderer }

    /// The zooms a pack's pictures are drawn at.
    public static func zooms(of header: PMTilesHeader) -> ClosedRange<Int> {
        Int(header.minZoom)...(Int(header.maxZoom) + overzoom)
    }

    /// The picture of tile z/x/y, or nil when the pack holds nothing there.
    public func png(_ archive: PMTilesArchive, z: Int, x: Int, y: Int) throws(PackTileError) -> [UInt8]? {
        guard archive.header.tileType == 1 else { throw .notVectorTiles }
        guard Self.zooms(of: archive.header).contains(z), TileID.of(z: z, x: x, y: y) != nil else { return nil }
        let source = min(z, Int(archive.header.maxZoom))
        let depth = z - source
        let bytes: Data?
        do {
            bytes = try archive.tile(z: source, x: x >> depth, y: y >> depth)
        } catch {
            throw .damaged("\(error)")
        }
        guard let bytes else { return nil }
        guard bytes.count <= Self.maxTileBytes else { throw .damaged("a tile of \(bytes.count) bytes") }
        do {
            let tile = try VectorTile(decoding: [UInt8](bytes))
            return try renderer.png(tile, zoom: z, window: TileRenderer.Window(z: z, x: x, y: y, sourceZoom: source))
        } catch {
            throw .damaged("\(error)")
        }
    }
}

/// Why a pack's tile could not be drawn.
public enum PackTileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pack holds pictures already, or tiles of an unknown kind.
    case notVectorTiles
    case damaged(String)

    public var description: String {
        switch self {
        case .notVectorTiles: "the pack does not hold vector tiles"
        case .damaged(let detail): "the pack is damaged: \(detail)"
        }
    }
}
