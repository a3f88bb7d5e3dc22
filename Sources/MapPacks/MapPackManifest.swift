import Foundation
import SecureHashing

/// What a map pack holds (issue 15 §2, T10): its name, area and zooms, each file with its size
/// and SHA-256, the extract's date, licence and attribution. Written by scripts/make-map-pack.sh
/// beside the pack's files; read by the app, the CLI and the portal, which check every field
/// (a manifest arrives over the network) and the files against it before using them.
public struct MapPackManifest: Codable, Equatable, Sendable {
    public static let currentFormat = 1
    /// A manifest is a few hundred bytes; anything much larger is not one.
    public static let maxBytes = 64 << 10

    /// One file of the pack.
    public struct File: Codable, Equatable, Sendable {
        /// `tiles` (the PMTiles archive) or `routing` (the road graph).
        public var name: String
        public var role: String
        public var bytes: Int64
        public var sha256: String
    }

    public var format: Int
    /// The pack's id: lower-case letters, digits and dashes (`helsinki`), its files' stem.
    public var name: String
    /// What anglers read (`Helsinki`, `Lake Ladoga`); packs made before titles had none.
    public var title: String?
    /// West, south, east, north in degrees.
    public var bounds: [Double]
    public var minZoom: Int
    public var maxZoom: Int
    public var files: [File]
    public var source: String
    public var sourceDate: String
    public var licence: String
    public var attribution: String

    /// Reads and checks a manifest: every field named when it is wrong.
    public static func read(_ data: Data) throws(MapPackError) -> MapPackManifest {
        guard data.count <= maxBytes else { throw .invalid("manifest", "\(data.count) bytes", "at most \(maxBytes)") }
        let manifest: MapPackManifest
        do {
            manifest = try JSONDecoder().decode(MapPackManifest.self, from: data)
        } catch {
            throw .unreadableManifest("\(error)")
        }
        try manifest.validate()
        return manifest
    }

    /// The most characters of a title.
    public static let titleLength = 80

    /// The pack as anglers read it: its title, or its id when it has none.
    public var displayTitle: String { title ?? name }

    /// Whether the pack's area holds the point.
    public func covers(latitude: Double, longitude: Double) -> Bool {
        (bounds[1]...bounds[3]).contains(latitude) && (bounds[0]...bounds[2]).contains(longitude)
    }

    /// Whether the pack's area reaches into tile z/x/y of the Web Mercator grid.
    public func reaches(z: Int, x: Int, y: Int) -> Bool {
        guard (0...30).contains(z) else { return false }
        let count = Double(1 << z)
        func longitude(_ column: Int) -> Double { Double(column) / count * 360 - 180 }
        func latitude(_ row: Int) -> Double { atan(sinh(.pi * (1 - 2 * Double(row) / count))) * 180 / .pi }
        return longitude(x) <= bounds[2] && longitude(x + 1) >= bounds[0] && latitude(y + 1) <= bounds[3]
            && latitude(y) >= bounds[1]
    }

    /// The file with `role`, if the pack has one.
    public func file(_ role: String) -> File? { files.first { $0.role == role } }

    /// Checks that each file lies in `folder` with the size and SHA-256 the manifest gives (a
    /// download is complete and unaltered).
    public func verify(in folder: URL) throws(MapPackError) {
        for file in files { try verifyFile(file, in: folder) }
    }

    /// Checks one file's size and SHA-256.
    public func verifyFile(_ file: File, in folder: URL) throws(MapPackError) {
        let url = folder.appendingPathComponent(file.name)
        guard let handle = try? FileHandle(forReadingFrom: url) else { throw .missingFile(file.name) }
        defer { try? handle.close() }
        var digest = SHA256Digest()
        var size: Int64 = 0
        do {
            while let block = try handle.read(upToCount: 1 << 20), !block.isEmpty {
                size += Int64(block.count)
                guard size <= file.bytes else { break }
                digest.update(block)
            }
        } catch {
            throw .missingFile(file.name)
        }
        guard size == file.bytes else { throw .wrongSize(file.name, expected: file.bytes, found: size) }
        guard digest.finalizeHex() == file.sha256 else { throw .wrongDigest(file.name) }
    }

    /// Checks every field (a manifest decoded as part of a larger answer).
    public func validate() throws(MapPackError) {
        guard format == Self.currentFormat else {
            throw .invalid("format", "\(format)", "\(Self.currentFormat) (update the app for newer packs)")
        }
        guard Self.isName(name) else { throw .invalid("name", name, "lower-case letters, digits and dashes") }
        if let title {
            guard !title.isEmpty, title.count <= Self.titleLength, title.utf8.count <= 4 * Self.titleLength,
                !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw .invalid(
                    "title", String(title.prefix(40)),
                    "1 to \(Self.titleLength) characters (\(4 * Self.titleLength) bytes), no control characters")
            }
        }
        guard bounds.count == 4, bounds.allSatisfy(\.isFinite), (-180...180).contains(bounds[0]),
            (-180...180).contains(bounds[2]), (-90...90).contains(bounds[1]), (-90...90).contains(bounds[3]),
            bounds[0] <= bounds[2], bounds[1] <= bounds[3]
        else { throw .invalid("bounds", "\(bounds)", "west, south, east, north in degrees") }
        guard (0...TileID.maxZoom).contains(minZoom), (minZoom...TileID.maxZoom).contains(maxZoom) else {
            throw .invalid("zooms", "\(minZoom)-\(maxZoom)", "0 ≤ min ≤ max ≤ \(TileID.maxZoom)")
        }
        guard !files.isEmpty, files.count <= 8 else { throw .invalid("files", "\(files.count)", "1 to 8") }
        for file in files {
            guard Self.isFileName(file.name) else {
                throw .invalid("files.name", file.name, "a plain file name (no folders)")
            }
            guard ["tiles", "routing"].contains(file.role) else {
                throw .invalid("files.role", file.role, "tiles or routing")
            }
            guard file.bytes >= 0 else { throw .invalid("files.bytes", "\(file.bytes)", "zero or more") }
            guard file.sha256.utf8.count == 64, file.sha256.utf8.allSatisfy({ Self.lowerHex.contains($0) }) else {
                throw .invalid("files.sha256", String(file.sha256.prefix(80)), "64 lower-case hexadecimal digits")
            }
        }
    }

    private static let lowerHex = Set("0123456789abcdef".utf8)

    private static func isName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return (1...63).contains(bytes.count) && bytes[0] != UInt8(ascii: "-")
            && bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return (1...128).contains(bytes.count) && bytes[0] != UInt8(ascii: ".")
            && bytes.allSatisfy {
                (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || (0x30...0x39).contains($0)
                    || "-_.".utf8.contains($0)
            }
    }
}

/// Why a map pack cannot be used; each says what to do in its front end's words.
public enum MapPackError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadableManifest(String)
    /// A field and its value, and what is allowed.
    case invalid(String, String, String)
    case missingFile(String)
    case wrongSize(String, expected: Int64, found: Int64)
    case wrongDigest(String)

    public var description: String {
        switch self {
        case .unreadableManifest(let why): "the pack's manifest is not valid JSON of a manifest: \(why)"
        case .invalid(let field, let value, let allowed): "the pack's \(field) is \(value); allowed: \(allowed)"
        case .missingFile(let name): "the pack's file \(name) is missing or unreadable (download it again)"
        case .wrongSize(let name, let expected, let found):
            "the pack's file \(name) has \(found) bytes, not \(expected) (an interrupted download? resume it)"
        case .wrongDigest(let name): "the pack's file \(name) is not the one published (download it again)"
        }
    }
}
