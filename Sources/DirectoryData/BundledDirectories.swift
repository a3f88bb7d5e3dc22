import FishingModel
import Foundation

/// The directory data shipped with the app and the portal (`Resources/directories/*.json`), with
/// its version: species, baits, methods and water-body types (T5).
///
/// The bundled set seeds a device that has never synced, and the portal seeds its own directories
/// from the same files (newer versions then reach devices through directory sync). A module of its
/// own so that the portal needs none of the device's store. Regenerating or editing it is
/// reviewed like code (`tools/check_directories.py`).
public struct BundledDirectories: Sendable {
    public let version: Int
    public let entries: [DirectoryKind: [DirectoryEntry]]

    /// Problems reading the bundled files: a packaging error, never the user's.
    enum LoadError: Error, CustomStringConvertible {
        case missing(String)
        case malformed(String, String)

        var description: String {
            switch self {
            case .missing(let file): "bundled directory file \(file) is missing from the app"
            case .malformed(let file, let why): "bundled directory file \(file) is malformed: \(why)"
            }
        }
    }

    /// The set bundled with the app.
    public static func load() throws -> BundledDirectories {
        try load(from: Bundle.module.url(forResource: "directories", withExtension: nil))
    }

    public static func load(from folder: URL?) throws -> BundledDirectories {
        guard let folder else { throw LoadError.missing("directories") }
        let manifest: Manifest = try decode(folder, "manifest.json")
        var entries: [DirectoryKind: [DirectoryEntry]] = [:]
        for kind in DirectoryKind.allCases {
            let file: EntryFile = try decode(folder, "\(kind.rawValue).json")
            entries[kind] = file.entries.map { $0.entry(kind) }
        }
        return BundledDirectories(version: manifest.version, entries: entries)
    }

    private static func decode<T: Decodable>(_ folder: URL, _ name: String) throws -> T {
        let url = folder.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else { throw LoadError.missing(name) }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw LoadError.malformed(name, String(describing: error))
        }
    }

    private struct Manifest: Decodable { let version: Int }

    private struct EntryFile: Decodable { let entries: [FileEntry] }

    /// One entry as the JSON files spell it.
    private struct FileEntry: Decodable {
        let id: String
        let en: String
        let ru: String
        let latin: String?
        let family: String?
        let water: WaterKind?
        let category: BaitCategory?
        let description: String?
        let retired: Bool?

        func entry(_ kind: DirectoryKind) -> DirectoryEntry {
            DirectoryEntry(
                kind: kind, id: id, nameEn: en, nameRu: ru, latin: latin, family: family, water: water,
                category: category?.rawValue, description: description, retired: retired ?? false)
        }
    }
}
