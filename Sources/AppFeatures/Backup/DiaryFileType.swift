/// A kind of file the app reads or writes, as it is declared to iOS (issue 34 §1, §2; T2, T3):
/// the backup is the app's own type, GPX, KML and KMZ are declared as imported types (iOS knows
/// none of them), spreadsheets are the system's. The Info.plist additions
/// (`App/HobbyStory.swiftpm/InfoAdditions.plist`) declare exactly these, which a test holds them
/// to; the file browsers, the share sheet and "Open in The Hobby Story" read them from here.
public struct DiaryFileType: Sendable, Equatable {
    /// Who defines the type: the app (exported), another program the app reads the files of
    /// (imported), or iOS itself.
    public enum Declaration: String, Sendable {
        case exported, imported, system
    }

    /// What the app does with such a file when another app hands it over.
    public enum Use: Sendable, Equatable {
        /// Restored as a new angler on the Anglers page.
        case restore
        /// Read into the import preview of Settings › Data.
        case importPreview
    }

    /// The Uniform Type Identifier: "com.topografix.gpx".
    public let identifier: String
    /// The file name extensions, lower case, without the dot.
    public let extensions: [String]
    /// The types it conforms to (for declared types).
    public let conformsTo: [String]
    public let declaration: Declaration
    /// The name iOS shows for the type (for declared types).
    public let name: String
    public let mimeTypes: [String]
    public let use: Use

    /// The app's backup archive (issue 34 §2): "Anna 2026-12-07.hsbackup".
    public static let backup = DiaryFileType(
        identifier: "org.hobbystory.fishing.backup", extensions: ["hsbackup"],
        conformsTo: ["public.data", "public.archive"], declaration: .exported, name: "The Hobby Story backup",
        mimeTypes: [], use: .restore)
    /// GPX 1.1, written by phones' tracking apps, Garmin and OsmAnd.
    public static let gpx = DiaryFileType(
        identifier: "com.topografix.gpx", extensions: ["gpx"], conformsTo: ["public.xml"], declaration: .imported,
        name: "GPS Exchange Format", mimeTypes: ["application/gpx+xml"], use: .importPreview)
    /// KML 2.2, written by Google Earth.
    public static let kml = DiaryFileType(
        identifier: "com.google.earth.kml", extensions: ["kml"], conformsTo: ["public.xml"], declaration: .imported,
        name: "Keyhole Markup Language", mimeTypes: ["application/vnd.google-earth.kml+xml"], use: .importPreview)
    /// KML zipped with its pictures.
    public static let kmz = DiaryFileType(
        identifier: "com.google.earth.kmz", extensions: ["kmz"], conformsTo: ["com.pkware.zip-archive"],
        declaration: .imported, name: "Keyhole Markup Language (zipped)",
        mimeTypes: ["application/vnd.google-earth.kmz"], use: .importPreview)
    /// Spreadsheets saved as CSV, TSV or text.
    public static let commaSeparated = DiaryFileType(
        identifier: "public.comma-separated-values-text", extensions: ["csv"], conformsTo: [], declaration: .system,
        name: "", mimeTypes: [], use: .importPreview)
    public static let tabSeparated = DiaryFileType(
        identifier: "public.tab-separated-values-text", extensions: ["tsv"], conformsTo: [], declaration: .system,
        name: "", mimeTypes: [], use: .importPreview)
    public static let plainText = DiaryFileType(
        identifier: "public.plain-text", extensions: ["txt"], conformsTo: [], declaration: .system, name: "",
        mimeTypes: [], use: .importPreview)

    /// Every type the app reads.
    public static let all = [backup, gpx, kml, kmz, commaSeparated, tabSeparated, plainText]
    /// The types other apps can hand over ("Open in The Hobby Story"), as the Info.plist's
    /// document types list them: not plain text, which would offer the app for every note.
    public static let documentTypes = [backup, gpx, kml, kmz, commaSeparated, tabSeparated]
    /// The map files a trip's track or the diary's spots come from.
    public static let mapFiles = [gpx, kml, kmz]
    /// What Settings › Data imports.
    public static let importable = [commaSeparated, tabSeparated, plainText] + mapFiles

    /// The type a file's name says, or nil.
    public static func of(fileName: String) -> DiaryFileType? {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let suffix = fileName[fileName.index(after: dot)...].lowercased()
        return all.first { $0.extensions.contains(suffix) }
    }
}
