import Foundation
import MapPacks
import Testing

/// A manifest arrives over the network: each wrong field is refused by name with what is allowed.
@Suite("Map pack manifests")
struct MapPackManifestTests {
    nonisolated(unsafe) static let good: [String: Any] = [
        "format": 1, "name": "helsinki", "bounds": [24.93, 60.16, 24.95, 60.18], "minZoom": 6, "maxZoom": 14,
        "files": [
            ["name": "helsinki.pmtiles", "role": "tiles", "bytes": 10, "sha256": String(repeating: "ab", count: 32)]
        ],
        "source": "Helsinki.osm.pbf", "sourceDate": "2024-06-01", "licence": "ODbL-1.0",
        "attribution": "© OpenStreetMap contributors",
    ]

    static func manifest(_ change: @Sendable (inout [String: Any]) -> Void) throws -> Data {
        var fields = good
        change(&fields)
        return try JSONSerialization.data(withJSONObject: fields)
    }

    static func file(_ key: String, _ value: some Sendable) -> @Sendable (inout [String: Any]) -> Void {
        { fields in
            var file = (fields["files"] as! [[String: Any]])[0]
            file[key] = value
            fields["files"] = [file]
        }
    }

    @Test("Given a good manifest, when read, then it is taken; anglers read its title, or its name before titles")
    func good() throws {
        let manifest = try MapPackManifest.read(Self.manifest { _ in })
        #expect(manifest.file("tiles")?.bytes == 10 && manifest.file("routing") == nil)
        #expect(manifest.title == nil && manifest.displayTitle == "helsinki", "a pack made before titles")
        let titled = try MapPackManifest.read(Self.manifest { $0["title"] = "Helsinki, Töölönlahti" })
        #expect(titled.displayTitle == "Helsinki, Töölönlahti")
    }

    @Test(
        "Given a manifest with one field wrong, when read, then that field is named",
        arguments: [
            ("format", { (f: inout [String: Any]) in f["format"] = 2 }),
            ("name", { (f: inout [String: Any]) in f["name"] = "../etc" }),
            ("bounds", { (f: inout [String: Any]) in f["bounds"] = [24.9, 95.0, 25.0, 96.0] }),
            ("bounds", { (f: inout [String: Any]) in f["bounds"] = [25.0, 60.0, 24.0, 61.0] }),
            ("zooms", { (f: inout [String: Any]) in f["maxZoom"] = 40 }),
            ("files", { (f: inout [String: Any]) in f["files"] = [[String: Any]]() }),
            ("files.name", file("name", "../../diary.sqlite")),
            ("files.name", file("name", "packs/helsinki.pmtiles")),
            ("files.role", file("role", "script")),
            ("files.bytes", file("bytes", -1)),
            ("files.sha256", file("sha256", "ABC")),
            ("title", { (f: inout [String: Any]) in f["title"] = "" }),
            ("title", { (f: inout [String: Any]) in f["title"] = "Helsinki\u{1B}[2J" }),
            ("title", { (f: inout [String: Any]) in f["title"] = String(repeating: "Ж", count: 81) }),
        ] as [(String, @Sendable (inout [String: Any]) -> Void)])
    func wrongField(field: String, change: @Sendable (inout [String: Any]) -> Void) throws {
        do {
            _ = try MapPackManifest.read(Self.manifest(change))
            Issue.record("accepted a manifest with a wrong \(field)")
        } catch {
            guard case .invalid(let named, _, _) = error as? MapPackError else {
                Issue.record("\(error)")
                return
            }
            #expect(named == field)
        }
    }

    @Test("Given bytes that are no manifest or far too many, when read, then they are refused before decoding")
    func notAManifest() throws {
        #expect(throws: MapPackError.self) { try MapPackManifest.read(Data("[1,2]".utf8)) }
        let huge = Data(repeating: UInt8(ascii: " "), count: MapPackManifest.maxBytes + 1)
        #expect(throws: MapPackError.invalid("manifest", "\(huge.count) bytes", "at most \(MapPackManifest.maxBytes)"))
        {
            try MapPackManifest.read(huge)
        }
    }
}
