import Foundation
import MapPacks
import TestSupport
import Testing

@testable import DiaryServices

/// The map drawn from the packs on the device (issue 15; T9, T10): the real Helsinki pack
/// installed, its tiles drawn at the screen's scale, nothing where no pack reaches, the archive
/// opened once, a pack removed gone at once.
@Suite("The map from installed packs")
struct PackTilesTests {
    /// Installs the Helsinki fixture as the device's pack `helsinki`.
    static func install(into maps: URL) throws {
        let pack = maps.appendingPathComponent("helsinki")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try writeHelsinkiMapPack(into: pack)
        try FileManager.default.moveItem(
            at: pack.appendingPathComponent("helsinki.json"), to: pack.appendingPathComponent("manifest.json"))
    }

    @Test(
        "Given the Helsinki pack installed, when tiles are drawn, then its area comes as pictures and elsewhere nothing"
    )
    func drawsInstalledPacks() throws {
        let maps = try temporaryFolder("pack-tiles")
        defer { try? FileManager.default.removeItem(at: maps) }
        let packs = MapPackService(folder: maps, transport: { _ in PackRoutesTests.NoPortal() })
        let tiles = InstalledPackTiles(packs: packs)
        #expect(try tiles.png(z: 14, x: 9327, y: 4742) == nil, "no pack yet")
        try Self.install(into: maps)
        let picture = try #require(try tiles.png(z: 14, x: 9327, y: 4742))
        #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]) && Array(picture[16..<24]) == [0, 0, 1, 0, 0, 0, 1, 0])
        let retina = try #require(try tiles.png(z: 15, x: 18_654, y: 9_484, scale: 2))
        #expect(Array(retina[16..<24]) == [0, 0, 2, 0, 0, 0, 2, 0], "512 pixels for a 2× screen")
        #expect(packs.archives.openings == 1, "the archive stays open between tiles")
        #expect(packs.manifests.openings == 1, "the manifest is read once while unchanged")
        #expect(try tiles.png(z: 14, x: 9000, y: 4742) == nil, "outside the pack")
        #expect(try tiles.png(z: 19, x: 32 * 9327, y: 32 * 4742) == nil, "too deep to enlarge")
        try FileManager.default.removeItem(at: maps.appendingPathComponent("helsinki"))
        #expect(try tiles.png(z: 14, x: 9327, y: 4742) == nil, "a removed pack is gone at once")
    }

    @Test("Given a pack's area, when tiles are asked, then it reaches exactly the tiles its bounds touch")
    func reaches() throws {
        let maps = try temporaryFolder("pack-reach")
        defer { try? FileManager.default.removeItem(at: maps) }
        try Self.install(into: maps)
        let manifest = try #require(
            MapPackService(folder: maps, transport: { _ in PackRoutesTests.NoPortal() }).installed().first)
        #expect(manifest.reaches(z: 0, x: 0, y: 0))
        #expect(manifest.reaches(z: 14, x: 9327, y: 4742) && manifest.reaches(z: 14, x: 9326, y: 4741))
        #expect(!manifest.reaches(z: 14, x: 9325, y: 4742) && !manifest.reaches(z: 14, x: 9327, y: 4745))
        #expect(!manifest.reaches(z: 31, x: 0, y: 0) && !manifest.reaches(z: -1, x: 0, y: 0))
    }
}
