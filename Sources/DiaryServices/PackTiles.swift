import Foundation
import MapPacks
import MapRendering

/// The map drawn from the packs on this device (issue 15; T9, T10: a scheme map without a
/// network): tile z/x/y as a picture, from the first installed pack that reaches it at that zoom
/// (its own zooms and a few past them). The packs are looked up on every tile, so one downloaded
/// meanwhile shows at once; their archives stay open while their files are unchanged.
public struct InstalledPackTiles: Sendable {
    public let packs: MapPackService

    public init(packs: MapPackService) { self.packs = packs }

    /// The picture of z/x/y, `256 × scale` pixels on a side, or nil when no pack reaches it.
    public func png(z: Int, x: Int, y: Int, scale: Int = 1) throws(PackTileError) -> [UInt8]? {
        let drawing = PackTileDrawing(renderer: TileRenderer(size: 256 * min(max(scale, 1), 3)))
        for manifest in packs.installed() where manifest.reaches(z: z, x: x, y: y) {
            guard let file = manifest.file("tiles") else { continue }
            let archive: PMTilesArchive
            do {
                archive = try packs.archives.value(at: packs.folder(of: manifest).appendingPathComponent(file.name)) {
                    (url) throws(PMTilesError) in try PMTilesArchive(url: url)
                }
            } catch {
                throw .damaged("\(manifest.name): \(error)")
            }
            if let png = try drawing.png(archive, z: z, x: x, y: y) { return png }
        }
        return nil
    }
}
