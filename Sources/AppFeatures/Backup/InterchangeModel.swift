import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation
import Observation

/// "Export and import" on Settings' Data page (issue 34 §1; T2, T5, UI5): the diary out as a
/// spreadsheet, GPX or KML/KMZ through the share sheet, and a file in — chosen in the system's file
/// browser, read and shown before anything is saved (what it would add, what the diary already
/// holds, what it refuses and why, the names no directory knows), then saved on the angler's word,
/// with an undo that moves the whole import to the Trash.
@MainActor
@Observable
public final class InterchangeModel: SafeguardsDestructiveActions {
    public static let format = Control("interchange.format", .picker)
    public static let export = Control("interchange.export", .button)
    public static let share = Control("interchange.share", .button)
    public static let choose = Control("interchange.choose", .button)
    public static let confirmImport = Control("interchange.confirm", .button)
    public static let cancelImport = Control("interchange.cancel", .button)
    public static let undoImport = Control("interchange.undo", .button, safeguard: .undo)
    public static let column = Control("interchange.column", .picker)
    public static let controls = [format, export, share, choose, confirmImport, cancelImport, undoImport, column]

    /// A file read and waiting for the angler's word, with the platform's hold on it.
    public struct Preview {
        public let file: URL
        public let plan: ImportPlan
        /// The entries short names were read as, named in the app's language.
        let readingNames: [String]
        let access: AnyObject?
    }

    /// One column of a chosen spreadsheet as the angler confirms it: its header, the diary's
    /// column it feeds (nil: not imported) and what its first rows hold.
    public struct ColumnRow: Identifiable, Sendable, Equatable {
        public var id: String { header }
        public let header: String
        public let column: SheetColumn?
        /// "Northern pike, European perch, Common bream · read in lb".
        public let detail: String
    }

    /// An import saved: the file's name, what it created and how many of its rows or points it skipped.
    public struct Imported: Sendable, Equatable {
        public let fileName: String
        public let outcome: ImportOutcome
        public let skipped: Int
    }

    /// The format the next export writes.
    public var format: InterchangeFormat = .csv
    /// The last export: its file (in the app's temporary folder, replaced by the next) and counts.
    public private(set) var exported: ExportSummary?
    /// The system's file browser is up.
    public var isChoosing = false
    public private(set) var preview: Preview?
    /// What the last column chosen changed besides itself: "“Fish” no longer fills Species:
    /// “Remarks” does."
    public private(set) var columnNote: String?
    public private(set) var imported: Imported?
    public private(set) var isWorking = false
    public private(set) var problem: String?
    public private(set) var undoOffer: UndoOffer?
    public let confirmation: PendingConfirmation? = nil

    private let diary: DiaryQueue
    private let folder: URL
    /// The angler's own reading of the chosen spreadsheet's headers, kept while it is read again.
    private var columnsChosen: [String: SheetColumn] = [:]
    private var headersIgnored: Set<String> = []
    private let language: Language
    private let catalog: Catalog
    private let now: @Sendable () -> Date

    /// `folder` holds the exported file until the share sheet has taken it.
    public init(
        diary: DiaryQueue, folder: URL, language: Language, catalog: Catalog = .shared,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.diary = diary
        self.folder = folder
        self.language = language
        self.catalog = catalog
        self.now = now
    }

    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }
    /// Spreadsheet headers and the diary's column names in the app's language.
    private var sheetLanguage: SheetLanguage { language == .russian ? .russian : .english }

    /// The formats offered, each with its name for the angler.
    public var formats: [(format: InterchangeFormat, name: String)] {
        InterchangeFormat.allCases.map { ($0, catalog.text("interchange.format.\($0.rawValue)", language)) }
    }

    /// Writes the diary in ``format``, replacing the file exported before: spreadsheet headers in
    /// the app's language, figures in the angler's units.
    public func exportDiary() async {
        guard !isWorking else { return }
        isWorking = true
        defer { isWorking = false }
        let (format, time, folder) = (self.format, now(), self.folder)
        let headers = sheetLanguage
        problem = await problems.problem {
            if let previous = self.exported { try? FileManager.default.removeItem(atPath: previous.path) }
            self.exported = nil
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            self.exported = try await self.diary.read { diary in
                let name = FileNames.dated(diary.profile.displayName, time, extension: format.rawValue)
                let file = folder.appendingPathComponent(name)
                try? FileManager.default.removeItem(at: file)
                return try DiaryExporter.export(
                    diary: diary, format: format, to: file, language: headers, units: diary.profile.units)
            }
        }
    }

    /// What the last export holds, in the angler's words.
    public var exportSummary: String? {
        guard let exported else { return nil }
        return catalog.text(
            "interchange.exported", language,
            [
                "records": records([(.spot, exported.spots), (.trip, exported.trips), (.catch, exported.catches)]),
                "format": exported.format.rawValue.uppercased(),
                "size": String(format: "%.1f", max(0.1, Double(exported.bytes) / 1e6)),
            ])
    }

    /// Reads a file the angler chose and shows what importing it would do; nothing is saved yet.
    public func choose(_ file: URL, access: AnyObject? = nil) async {
        cancelImport()
        imported = nil
        (columnsChosen, headersIgnored, columnNote) = ([:], [], nil)
        await read(file, access: access)
    }

    /// The chosen spreadsheet's columns as they read now, each changeable (``read(_:as:)``).
    public var columnRows: [ColumnRow] {
        guard let mapping = preview?.plan.mapping else { return [] }
        return mapping.entries.enumerated().map { index, entry in
            var seen: Set<String> = []
            let values = mapping.samples(of: index).filter { seen.insert($0).inserted }
            var parts = [values.joined(separator: ", ")]
            if let unit = entry.unit(in: sheetLanguage) {
                parts.append(
                    catalog.text(
                        entry.assumed ? "interchange.unitAssumed" : "interchange.unit", language, ["unit": unit]))
            }
            return ColumnRow(
                header: entry.header, column: entry.column,
                detail: parts.filter { !$0.isEmpty }.joined(separator: " · "))
        }
    }

    /// The diary's columns a spreadsheet column can feed, in the order the spreadsheet export
    /// writes them; the records' ids only when the file has them (the diary's own export).
    public var columnChoices: [SheetColumn] {
        let used = Set(columnRows.compactMap(\.column))
        return SheetColumn.allCases.filter { !Self.ids.contains($0) || used.contains($0) }
    }

    private static let ids: Set<SheetColumn> = [.spotId, .tripId, .catchId]

    /// A diary column as the picker names it; nil is "Not imported".
    public func name(of column: SheetColumn?) -> String {
        column.map { $0.name(in: sheetLanguage) }
            ?? catalog.text("interchange.notImported", language)
    }

    /// The angler reads the column `header` as `column` (nil: not imported), and the file is read
    /// again; a column another header fed before is given up by that header, so no value reads
    /// twice.
    public func read(_ header: String, as column: SheetColumn?) async {
        guard let preview else { return }
        headersIgnored.remove(header)
        columnsChosen[header] = nil
        columnNote = nil
        if let column {
            columnsChosen[header] = column
            for row in columnRows where row.header != header && row.column == column {
                columnsChosen[row.header] = nil
                headersIgnored.insert(row.header)
                columnNote = catalog.text(
                    "interchange.columnReleased", language,
                    ["released": row.header, "column": name(of: column), "header": header])
            }
        } else {
            headersIgnored.insert(header)
        }
        await read(preview.file, access: preview.access)
    }

    private func read(_ file: URL, access: AnyObject?) async {
        isWorking = true
        defer { isWorking = false }
        let (columns, ignored) = (columnsChosen, headersIgnored)
        problem = await problems.problem {
            let language = self.language
            let (plan, names) = try await self.diary.read { diary in
                let plan = try DiaryImporter.plan(
                    file, diary: diary,
                    options: ImportOptions(units: diary.profile.units, columns: columns, ignored: ignored))
                let names = try plan.readings.map { reading in
                    let entry = try diary.directoryEntry(reading.directory, id: reading.entryId)
                    return (language == .russian ? entry?.nameRu : entry?.nameEn) ?? reading.entryName
                }
                return (plan, names)
            }
            self.preview = Preview(file: file, plan: plan, readingNames: names, access: access)
        }
    }

    /// Lets go of the chosen file without importing it.
    public func cancelImport() {
        preview = nil
    }

    /// Whether the chosen file has anything to add.
    public var canImport: Bool {
        guard let plan = preview?.plan, !isWorking else { return false }
        return plan.newCounts.contains { $0.1 > 0 }
    }

    /// Saves the chosen file's records, in one transaction.
    public func importChosen() async {
        guard canImport, let preview else { return }
        isWorking = true
        defer { isWorking = false }
        let plan = preview.plan
        problem = await problems.problem {
            let outcome = try await self.diary.write { try DiaryImporter.commit(plan, diary: $0) }
            self.imported = Imported(
                fileName: preview.file.lastPathComponent, outcome: outcome, skipped: plan.refusals.count)
            self.preview = nil
        }
    }

    /// Undoing the import just saved: all of it to the Trash as one entry, with an undo offer.
    public func request(_ control: Control) async {
        guard control == Self.undoImport, let importId = imported?.outcome.importId else { return }
        problem = await problems.problem {
            let entry = try await self.diary.write { try $0.imports.undo(importId) }
            self.imported = nil
            self.undoOffer = UndoOffer(message: self.catalog.text("undo.deleted", self.language, ["what": entry.label]))
            {
                [diary = self.diary] in
                _ = try await diary.write { try $0.trash.restore(entry.batchId) }
            }
        }
    }

    /// What the chosen file would do, a line each: what it adds, what is already here, what it
    /// refuses (the first few, by row), the names no directory knows, and what it holds that the
    /// diary does not keep.
    public var previewLines: [String] {
        guard let preview else { return [] }
        let plan = preview.plan
        var lines = [
            catalog.text(
                "interchange.wouldAdd", language,
                ["file": preview.file.lastPathComponent, "records": records(plan.newCounts)])
        ]
        if plan.presentCounts.contains(where: { $0.1 > 0 }) {
            lines.append(catalog.text("interchange.present", language, ["records": records(plan.presentCounts)]))
        }
        if let mapping = plan.mapping {
            let left = mapping.entries.indices.filter {
                mapping.entries[$0].column == nil && !mapping.samples(of: $0).isEmpty
            }
            if !left.isEmpty {
                let (open, close) = language == .russian ? ("«", "»") : ("“", "”")
                let headers = left.map { open + mapping.entries[$0].header + close }.joined(separator: ", ")
                lines.append(catalog.text("interchange.columnsLeftOut", language, ["headers": headers]))
            }
        }
        if !plan.refusals.isEmpty {
            let key = plan.format == .csv ? "interchange.refusedRows" : "interchange.refusedPoints"
            lines.append(catalog.text(key, language, count: plan.refusals.count))
            lines += plan.refusals.prefix(Self.refusalsShown).map { "\($0.place): \($0.reason)" }
        }
        // Each refused row is listed already when there are few; the names sum up many.
        if !plan.unmatched.isEmpty, plan.refusals.count > Self.refusalsShown {
            let names = plan.unmatched.map { "\($0.name) (\($0.rows))" }.joined(separator: ", ")
            lines.append(catalog.text("interchange.unmatched", language, ["names": names]))
        }
        for (reading, name) in zip(plan.readings, preview.readingNames) {
            lines.append(catalog.text("interchange.reading", language, ["written": reading.written, "name": name]))
        }
        return lines + plan.notes
    }

    /// How many refused rows the preview lists; the count says how many there are in all.
    static let refusalsShown = 5

    /// What the import saved, in the angler's words.
    public var importSummary: String? {
        guard let imported else { return nil }
        let created = imported.outcome.created
        guard !created.isEmpty else {
            return catalog.text("interchange.nothingNew", language, ["file": imported.fileName])
        }
        let counts = [RecordKind.spot, .trip, .catch].map { kind in (kind, created.count { $0.kind == kind }) }
        let values = ["file": imported.fileName, "records": records(counts)]
        guard imported.skipped > 0 else { return catalog.text("interchange.added", language, values) }
        return catalog.text("interchange.skipped", language, count: imported.skipped, values)
    }

    /// "1 spot, 2 trips, 40 catches" in the app's language, kinds with none left out.
    private func records(_ counts: [(RecordKind, Int)]) -> String {
        let parts = counts.filter { $0.1 > 0 }.map {
            catalog.text("interchange.\($0.0.rawValue)", language, count: $0.1)
        }
        return parts.isEmpty ? catalog.text("interchange.nothing", language) : parts.joined(separator: ", ")
    }
}
