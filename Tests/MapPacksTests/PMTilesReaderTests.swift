import Foundation
import MapPacks
import SecureHashing
import Testing

import func TestSupport.temporaryFolder

/// The PMTiles v3 reader (issue 15 §2) against the PyPI `pmtiles` package, the oracle that wrote
/// and read back the sample (tools/make_pmtiles_fixtures.py); then as an attacker would feed it.
@Suite("PMTiles reader")
struct PMTilesReaderTests {
    struct Expected: Decodable {
        struct Sample: Decodable {
            let z: Int
            let x: Int
            let y: Int
            let sha256: String?
        }
        struct Numbered: Decodable {
            let z: Int
            let x: Int
            let y: Int
            let id: UInt64
        }
        let header: [String: Int64]
        let samples: [Sample]
        let tileIds: [Numbered]
    }

    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    static let sample = fixtures.appendingPathComponent("sample.pmtiles")
    static let expected = try! JSONDecoder().decode(
        Expected.self, from: Data(contentsOf: fixtures.appendingPathComponent("expected.json")))

    @Test("Given tiles of zooms 0 to 31, when numbered, then each id is the oracle's Hilbert id")
    func tileIds() {
        for tile in Self.expected.tileIds {
            #expect(TileID.of(z: tile.z, x: tile.x, y: tile.y) == tile.id, "\(tile.z)/\(tile.x)/\(tile.y)")
        }
        #expect(TileID.of(z: 32, x: 0, y: 0) == nil)
        #expect(TileID.of(z: 3, x: 8, y: 0) == nil)
        #expect(TileID.of(z: 3, x: 0, y: -1) == nil)
    }

    @Test("Given the sample pack, when opened, then its header and metadata read as the oracle reads them")
    func header() throws {
        let archive = try PMTilesArchive(url: Self.sample)
        let h = archive.header
        let e = Self.expected.header
        let read: [String: Int64] = [
            "root_offset": Int64(h.rootOffset), "root_length": Int64(h.rootLength),
            "metadata_offset": Int64(h.metadataOffset), "metadata_length": Int64(h.metadataLength),
            "leaf_directory_offset": Int64(h.leafDirectoryOffset),
            "leaf_directory_length": Int64(h.leafDirectoryLength), "tile_data_offset": Int64(h.tileDataOffset),
            "tile_data_length": Int64(h.tileDataLength), "addressed_tiles_count": Int64(h.addressedTiles),
            "tile_entries_count": Int64(h.tileEntries), "tile_contents_count": Int64(h.tileContents),
            "clustered": h.clustered ? 1 : 0, "internal_compression": Int64(h.internalCompression),
            "tile_compression": Int64(h.tileCompression), "tile_type": Int64(h.tileType),
            "min_zoom": Int64(h.minZoom), "max_zoom": Int64(h.maxZoom), "min_lon_e7": Int64(h.minLonE7),
            "min_lat_e7": Int64(h.minLatE7), "max_lon_e7": Int64(h.maxLonE7), "max_lat_e7": Int64(h.maxLatE7),
            "center_zoom": Int64(h.centerZoom), "center_lon_e7": Int64(h.centerLonE7),
            "center_lat_e7": Int64(h.centerLatE7), "version": 3,
        ]
        #expect(read == e)
        let metadata = try JSONSerialization.jsonObject(with: archive.metadata()) as? [String: Any]
        #expect(metadata?["attribution"] as? String == "© OpenStreetMap contributors")
    }

    @Test("Given 400 tiles the pack holds and 100 it does not, when looked up, then each matches the oracle")
    func tilesMatchTheOracle() throws {
        let archive = try PMTilesArchive(url: Self.sample)
        #expect(archive.header.leafDirectoryLength > 0, "the sample goes through leaf directories")
        for sample in Self.expected.samples {
            let tile = try archive.tile(z: sample.z, x: sample.x, y: sample.y)
            #expect(tile.map { SHA256Digest.hex(of: $0) } == sample.sha256, "\(sample.z)/\(sample.x)/\(sample.y)")
        }
        #expect(try archive.tile(z: 40, x: 0, y: 0) == nil)
    }

    @Test("Given a pack shared by threads, when tiles are looked up at once, then every answer is right")
    func concurrentLookups() async throws {
        let archive = try PMTilesArchive(url: Self.sample)
        let samples = Self.expected.samples
        let wrong = await withTaskGroup(of: Int.self) { group in
            for part in 0..<4 {
                group.addTask {
                    samples.enumerated().filter { $0.offset % 4 == part }.filter { _, sample in
                        let tile = try? archive.tile(z: sample.z, x: sample.x, y: sample.y)
                        return tile.flatMap { $0 }.map { SHA256Digest.hex(of: $0) } != sample.sha256
                    }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
