import DiaryStore
import FishingModel
import Foundation
import SecureHashing

/// How an import reads a file (issue 34 §6 `import FILE [--format F]`).
public struct ImportOptions: Sendable {
    /// The format; nil reads it from the file's name, then its first bytes.
    public var format: InterchangeFormat?
    /// The units a spreadsheet column without one in its header is read in.
    public var units: Units
    /// How dates with slashes read; nil works it out from the file.
    public var dateOrder: DateOrder?
    /// Spreadsheet headers mapped by the angler ("Fish" → `species`).
    public var columns: [String: SheetColumn]
    /// Spreadsheet headers the angler chose not to import, whatever they read as.
    public var ignored: Set<String>

    public init(
        format: InterchangeFormat? = nil, units: Units = .metric, dateOrder: DateOrder? = nil,
        columns: [String: SheetColumn] = [:], ignored: Set<String> = []
    ) {
        (self.format, self.units, self.dateOrder, self.columns, self.ignored) = (
            format, units, dateOrder, columns, ignored
        )
    }
}

/// Imports a file into a diary (issue 34 §1; T2, T5, UI5): ``plan(_:diary:options:)`` reads it
/// and says what it would add, refuse and find already present, saving nothing (a dry run, or
/// the preview an angler confirms); ``commit(_:diary:)`` saves the plan in one transaction, as
/// one import the Trash can undo. The same file imported twice creates nothing the second time.
public enum DiaryImporter {
    public static func plan(_ url: URL, diary: Diary, options: ImportOptions) throws -> ImportPlan {
        let data = try read(url)
        let format = try options.format ?? InterchangeFormat(fileName: url.lastPathComponent) ?? sniff(data)
        var digest = SHA256Digest()
        data.withUnsafeBytes { digest.update($0) }
        var assembler = try ImportAssembler(
            diary: diary, format: format, fileName: url.lastPathComponent, fileSHA256: digest.finalizeHex())
        let directories = try DirectoryNames(diary: diary)
        switch format {
        case .csv:
            try SheetImport(
                units: options.units, dateOrder: options.dateOrder, overrides: options.columns, ignored: options.ignored
            ).plan(data, into: &assembler, directories: directories)
        case .gpx:
            MapFeatureImport(directories: directories).plan(try GPXRead.features(data), into: &assembler)
        case .kml:
            MapFeatureImport(directories: directories).plan(try KMLRead.features(data), into: &assembler)
        case .kmz:
            let document = try ZipArchive.document(in: data)
            MapFeatureImport(directories: directories).plan(try KMLRead.features(document), into: &assembler)
        }
        let plan = try assembler.finish()
        if plan.batch.count == 0 && plan.refusals.isEmpty {
            throw InterchangeError.nothingToImport(
                "\(url.lastPathComponent) holds no spots, trips or catches the diary can import")
        }
        return plan
    }

    /// Saves a plan's records the diary does not hold yet.
    @discardableResult
    public static func commit(_ plan: ImportPlan, diary: Diary) throws -> ImportOutcome {
        try diary.imports.commit(plan.batch)
    }

    /// The file's bytes, refused before reading when larger than an import reads.
    static func read(_ url: URL) throws(InterchangeError) -> [UInt8] {
        let size: Int64
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw InterchangeError.io(path: url.path, reason: "not a file")
            }
            size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch let error as InterchangeError {
            throw error
        } catch {
            throw .io(path: url.path, reason: "cannot be read (no such file, or not allowed)")
        }
        guard size <= InterchangeLimits.fileBytes else {
            throw .tooLarge(bytes: size, limit: InterchangeLimits.fileBytes)
        }
        // Read into an array the readers index directly: one copy of the file in memory, not a
        // mapping and an array made from it.
        guard let file = fopen(url.path, "rb") else {
            throw .io(path: url.path, reason: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        guard read == bytes.count else {
            throw .io(path: url.path, reason: "was cut short while being read (\(read) of \(size) bytes)")
        }
        return bytes
    }

    /// The format a file's first bytes show: a zip is a KMZ, XML is GPX or KML by its root, else CSV.
    static func sniff(_ data: [UInt8]) throws(InterchangeError) -> InterchangeFormat {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kmz }
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        if head.contains("<gpx") { return .gpx }
        if head.contains("<kml") { return .kml }
        return .csv
    }
}

/// Exports a diary (issue 34 §1, §6 `export --format csv|gpx|kml|kmz --to PATH`).
public enum DiaryExporter {
    public static func export(
        diary: Diary, format: InterchangeFormat, to url: URL, selection: ExportSelection = ExportSelection(),
        language: SheetLanguage = .keys, units: Units = .metric
    ) throws -> ExportSummary {
        let content = try ExportContent(diary: diary, selection: selection)
        let directories = try DirectoryNames(diary: diary)
        let title = "\(diary.profile.displayName) — The Hobby Story — Fishing"
        let file = try ExportFile(url)
        var photos = 0
        switch format {
        case .csv:
            try SheetExport(language: language, units: units, directories: directories).write(content, to: file)
        case .gpx:
            try GPXExport(title: title, directories: directories).write(content, to: file, now: diary.currentTime())
        case .kml:
            try file.write(KMLExport(title: title, directories: directories).document(content))
        case .kmz:
            photos = try KMZExport.write(content, diary: diary, title: title, directories: directories, to: file)
        }
        try file.finish()
        return ExportSummary(
            format: format, path: url.path, bytes: file.bytes, spots: content.spots.count, trips: content.tripCount,
            catches: content.catchCount, photos: photos)
    }
}
