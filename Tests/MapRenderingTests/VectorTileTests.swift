import Foundation
import MapRendering
import TestSupport
import Testing

/// The vector tile decoder (issue 15: drawing offline packs) against the PyPI
/// `mapbox-vector-tile` package, which decoded the same three tiles of the Helsinki pack into
/// `decoded.json` (tools/make_vector_tile_fixtures.py); and against tiles no pack would hold.
@Suite("Vector tiles decoded")
struct VectorTileTests {
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    static let names = ["12-2331-1185", "14-9327-4742", "14-9326-4741"]

    static func tile(_ name: String) throws -> VectorTile {
        try VectorTile(decoding: [UInt8](Data(contentsOf: fixtures.appendingPathComponent("\(name).mvt"))))
    }

    @Test("Given three real tiles, when decoded, then layers, features, properties and points are the oracle's")
    func matchesTheOracle() throws {
        let oracle =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.fixtures.appendingPathComponent("decoded.json")))
            as? [String: [[String: Any]]]
        var features = 0
        for name in Self.names {
            let tile = try Self.tile(name)
            let expected = try #require(oracle?[name])
            #expect(tile.layers.map(\.name) == expected.map { $0["name"] as? String ?? "" }, "\(name)")
            for (layer, want) in zip(tile.layers, expected) {
                #expect(layer.extent == want["extent"] as? Int)
                let wanted = want["features"] as? [[String: Any]] ?? []
                #expect(layer.features.count == wanted.count, "\(name) \(layer.name)")
                for (feature, want) in zip(layer.features, wanted) {
                    features += 1
                    #expect(Int(feature.id ?? 0) == want["id"] as? Int ?? 0)
                    #expect(Int(feature.type.rawValue) == want["type"] as? Int)
                    #expect(Self.same(feature.properties, want["properties"] as? [String: Any] ?? [:]))
                    let points = feature.parts.map { $0.map { [Int($0.x), Int($0.y)] } }
                    #expect(points == want["parts"] as? [[[Int]]], "\(name) \(layer.name) \(feature.id ?? 0)")
                }
            }
        }
        #expect(features > 2_000, "the fixtures hold real tiles")
    }

    @Test("Given tiles broken in every way, when decoded, then each is refused or read, never a crash")
    func hostileTiles() throws {
        let real = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("14-9326-4741.mvt")))
        for cut in stride(from: 1, to: real.count, by: 97) {
            _ = try? VectorTile(decoding: Array(real.prefix(cut)))
        }
        var random = SeededRandom(seed: 20_261_202)
        for _ in 0..<2_000 {
            var bytes = real
            for _ in 0..<(1 + Int(random.next() % 8)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            _ = try? VectorTile(decoding: bytes)
        }
        // A layer (3) holding a feature (2) whose geometry (4) asks for 1000 points it lacks.
        let feature: [UInt8] = [0x18, 0x03, 0x22, 0x02, 0x0F, 0x02]
        #expect(throws: VectorTileError.self) { try VectorTile(decoding: [0x1A, 0x08, 0x12, 0x06] + feature) }
        // A varint of eleven bytes.
        #expect(throws: VectorTileError.self) { try VectorTile(decoding: [0x28] + [UInt8](repeating: 0xFF, count: 11)) }
        // A length beyond the tile.
        #expect(throws: VectorTileError.self) { try VectorTile(decoding: [0x1A, 0xFF, 0xFF, 0x03, 0x00]) }
        // A tag naming key 5 of a layer with none.
        #expect(throws: VectorTileError.self) {
            try VectorTile(decoding: [0x1A, 0x06, 0x12, 0x04, 0x12, 0x02, 0x05, 0x00])
        }
        // A ClosePath in a line.
        #expect(throws: VectorTileError.self) {
            try VectorTile(decoding: [0x1A, 0x0B, 0x12, 0x09, 0x18, 0x02, 0x22, 0x05, 0x09, 0x02, 0x02, 0x0F, 0x00])
        }
        #expect(try VectorTile(decoding: []).layers.isEmpty)
    }

    private static func same(_ properties: [String: VectorTile.Value], _ expected: [String: Any]) -> Bool {
        guard properties.count == expected.count else { return false }
        return properties.allSatisfy { key, value in
            switch value {
            case .string(let text): expected[key] as? String == text
            case .double(let number): (expected[key] as? Double).map { abs($0 - number) < 1e-6 } ?? false
            case .int(let number): (expected[key] as? NSNumber)?.int64Value == number
            case .uint(let number): (expected[key] as? NSNumber)?.uint64Value == number
            case .bool(let flag): expected[key] as? Bool == flag
            }
        }
    }
}
