import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation

extension HobbyStoryCLI {
    /// `export`, `import FILE`, `import list`, `import undo ID` (issue 34 §1, §6; T2, T5, UI5): the
    /// diary out as a spreadsheet, GPX or KML and back in, from this diary or any other program's
    /// files; the same file imported twice creates nothing the second time, and an import goes to
    /// the Trash as one batch.
    static let interchangeCommands: [Command] = [
        Command(
            name: "export",
            spec: OptionSpec(values: ["format", "to", "trip", "from", "until", "headers"])
        ) { c in
            guard let path = c.text("to") else { throw UsageError("export needs --to PATH") }
            let format = try c.format("format") ?? InterchangeFormat(fileName: path)
            guard let format else {
                throw UsageError("export needs --format csv|gpx|kml|kmz (or a file name ending in one)")
            }
            let diary = try c.diary()
            let selection = ExportSelection(
                tripId: try c.text("trip").map { try c.id($0, .trip) }, from: try c.day("from"),
                until: try c.day("until").map { $0.addingTimeInterval(86_400) })
            let language = try c.text("headers").map { text in
                guard let language = SheetLanguage(rawValue: text) else {
                    throw UsageError("--headers takes keys, en or ru; not \(text)")
                }
                return language
            }
            let summary = try DiaryExporter.export(
                diary: diary, format: format, to: URL(fileURLWithPath: path), selection: selection,
                language: language ?? .keys, units: diary.profile.units)
            c.output(
                .object([
                    "file": .string(summary.path), "format": .string(summary.format.rawValue),
                    "bytes": .integer(summary.bytes), "spots": .integer(Int64(summary.spots)),
                    "trips": .integer(Int64(summary.trips)), "catches": .integer(Int64(summary.catches)),
                    "photos": .integer(Int64(summary.photos)),
                ]),
                text:
                    "Exported \(count(summary.spots, "spot", "spots")), \(count(summary.trips, "trip", "trips")) and \(count(summary.catches, "catch", "catches"))\(summary.photos > 0 ? " with \(count(summary.photos, "photo", "photos"))" : "") to \(summary.path) (\(summary.format.rawValue.uppercased()), \(summary.bytes) bytes)"
            )
        },
        Command(
            name: "import", operands: ["FILE"],
            spec: OptionSpec(values: ["format", "date-order"], repeatable: ["map"], flags: ["dry-run"])
        ) { c in
            let diary = try c.diary()
            let url = URL(fileURLWithPath: c.operands[0])
            var options = ImportOptions(format: try c.format("format"), units: diary.profile.units)
            if let order = c.text("date-order") {
                guard let parsed = DateOrder(rawValue: order) else {
                    throw UsageError("--date-order takes dmy or mdy; not \(order)")
                }
                options.dateOrder = parsed
            }
            for pair in c.arguments.all("map") {
                let misuse = UsageError(
                    "--map takes \"HEADER=KEY\" with a key such as species, caught_at, weight_kg, spot_name, or \"HEADER=\" to leave the column out; not \(pair)"
                )
                guard let equals = pair.lastIndex(of: "=") else { throw misuse }
                let (header, key) = (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
                if key.isEmpty {
                    options.ignored.insert(header)
                    continue
                }
                guard let column = SheetColumn(key: key) else { throw misuse }
                options.columns[header] = column
            }
            let plan = try DiaryImporter.plan(url, diary: diary, options: options)
            let dryRun = c.arguments.flag("dry-run")
            let outcome = dryRun ? nil : try DiaryImporter.commit(plan, diary: diary)
            c.output(importJSON(plan, outcome, file: url), text: importText(plan, outcome, file: url))
            if plan.batch.count == 0 { throw ImportRefused(count: plan.refusals.count) }
        },
        Command(name: "import list") { c in
            let imports = try c.diary().imports.list()
            c.output(
                .array(
                    imports.map {
                        .object([
                            "id": .string($0.id.uuidString.lowercased()), "file": .string($0.fileName),
                            "format": .string($0.format), "sha256": .string($0.fileSHA256),
                            "importedAt": .string(DiaryTime.iso8601($0.importedAt, utcOffsetSeconds: 0)),
                            "created": .integer(Int64($0.created)), "present": .integer(Int64($0.present)),
                            "refused": .integer(Int64($0.refused)), "live": .integer(Int64($0.live)),
                        ])
                    }),
                text: imports.isEmpty
                    ? "No imports."
                    : imports.map {
                        "\($0.id.uuidString.lowercased())  \($0.fileName)  \(DiaryTime.iso8601($0.importedAt, utcOffsetSeconds: 0))  created \($0.created), still in the diary \($0.live), already present \($0.present), refused \($0.refused)"
                    }.joined(separator: "\n"))
        },
        Command(name: "import undo", operands: ["ID"]) { c in
            let diary = try c.diary()
            let entry = try diary.imports.undo(try diary.imports.resolve(c.operands[0]))
            c.output(
                c.json(entry),
                text:
                    "Moved \(entry.label) to the Trash (\(count(entry.itemCount, "object", "objects"))); bring it back with `hobbystory trash restore \(entry.batchId.uuidString.lowercased().prefix(8))`"
            )
        },
    ]

    static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }

    /// What an import found and did, as `--json` prints it.
    static func importJSON(_ plan: ImportPlan, _ outcome: ImportOutcome?, file: URL) -> JSONValue {
        func counts(_ records: [(RecordKind, Int)]) -> JSONValue {
            .object(
                Dictionary(
                    uniqueKeysWithValues: [(RecordKind.spot, "spots"), (.trip, "trips"), (.catch, "catches")].map {
                        kind, key in
                        (key, JSONValue.integer(Int64(records.filter { $0.0 == kind }.reduce(0) { $0 + $1.1 })))
                    }))
        }
        let created = outcome.map { counts($0.created.map { ($0.kind, 1) }) } ?? counts(plan.newCounts)
        let present = outcome.map { counts($0.present.map { ($0.kind, 1) }) } ?? counts(plan.presentCounts)
        return .object([
            "file": .string(file.path), "format": .string(plan.format.rawValue), "dryRun": .bool(outcome == nil),
            "importId": outcome?.importId.map { .string($0.uuidString.lowercased()) } ?? .null,
            "created": created, "present": present,
            "refused": .array(
                plan.refusals.map { .object(["place": .string($0.place), "reason": .string($0.reason)]) }),
            "unmatched": .array(
                plan.unmatched.map {
                    .object([
                        "directory": .string($0.directory.rawValue), "name": .string($0.name),
                        "rows": .integer(Int64($0.rows)),
                    ])
                }),
            "columns": .array(
                (plan.mapping?.entries ?? []).map {
                    .object([
                        "header": .string($0.header), "key": $0.column.map { .string($0.key()) } ?? .null,
                        "unit": $0.unit.map(JSONValue.string) ?? .null, "unitAssumed": .bool($0.assumed),
                    ])
                }),
            "readings": .array(
                plan.readings.map {
                    .object([
                        "directory": .string($0.directory.rawValue), "written": .string($0.written),
                        "id": .string($0.entryId), "rows": .integer(Int64($0.rows)),
                    ])
                }),
            "notes": .array(plan.notes.map(JSONValue.string)),
        ])
    }

    /// What an import found and did, as a person reads it.
    static func importText(_ plan: ImportPlan, _ outcome: ImportOutcome?, file: URL) -> String {
        func list(_ records: [(RecordKind, Int)]) -> String {
            let parts = [(RecordKind.spot, "spot", "spots"), (.trip, "trip", "trips"), (.catch, "catch", "catches")]
                .compactMap { kind, one, many -> String? in
                    let number = records.filter { $0.0 == kind }.reduce(0) { $0 + $1.1 }
                    return number == 0 ? nil : count(number, one, many)
                }
            return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
        }
        var lines: [String] = []
        if let mapping = plan.mapping {
            let byKey = mapping.entries.filter { $0.column?.key() == $0.header && !$0.assumed }
            let others = mapping.entries.filter { $0.column?.key() != $0.header || $0.assumed }.map { entry in
                guard let column = entry.column else { return "\"\(entry.header)\" ignored" }
                let unit = entry.unit.map {
                    " in \($0)\(entry.assumed ? " (the profile's units: the header names none)" : "")"
                }
                return "\"\(entry.header)\" → \(column.key())\(unit ?? "")"
            }
            let keys = byKey.isEmpty ? [] : ["\(count(byKey.count, "column", "columns")) by their keys"]
            lines.append("Columns: " + (keys + others).joined(separator: "; ") + ".")
        }
        if let outcome {
            lines.append("Created: \(list(outcome.created.map { ($0.kind, 1) })).")
            if !outcome.present.isEmpty {
                lines.append("Already in the diary (left as they are): \(list(outcome.present.map { ($0.kind, 1) })).")
            }
        } else {
            lines.append("Would create: \(list(plan.newCounts)).")
            if !plan.present.isEmpty { lines.append("Already in the diary: \(list(plan.presentCounts)).") }
        }
        if !plan.refusals.isEmpty {
            lines.append("Refused (\(plan.refusals.count)):")
            lines += plan.refusals.prefix(50).map { "  \($0.place): \($0.reason)" }
            if plan.refusals.count > 50 {
                lines.append("  … and \(plan.refusals.count - 50) more (--json lists them all)")
            }
        }
        for name in plan.unmatched {
            lines.append(
                "Not in the \(name.directory.entryNoun) directory: \"\(name.name)\" (\(count(name.rows, "row", "rows"))); write a name the directory has (`hobbystory directory list \(name.directory.rawValue) --search …`)"
            )
        }
        for reading in plan.readings {
            lines.append(
                "\(reading.directory.entryNoun.capitalized) \"\(reading.written)\" read as \(reading.entryName) (\(reading.entryId)), \(count(reading.rows, "row", "rows")); write the full name if that is not it"
            )
        }
        lines += plan.notes
        if let id = outcome?.importId {
            lines.append(
                "Imported \(file.lastPathComponent) as import \(id.uuidString.lowercased().prefix(8)); undo it with `hobbystory import undo \(id.uuidString.lowercased().prefix(8))`."
            )
        } else if outcome == nil {
            lines.append("Nothing was saved (--dry-run).")
        }
        return lines.joined(separator: "\n")
    }
}

/// An import whose every record was refused: the refusals are printed, and the exit code says so.
struct ImportRefused: Error, CustomStringConvertible {
    var count: Int
    var description: String { "nothing was imported: every one of the file's \(count) records was refused" }
}

extension CommandContext {
    /// The format an option names.
    func format(_ option: String) throws -> InterchangeFormat? {
        try text(option).map { text in
            guard let format = InterchangeFormat(rawValue: text.lowercased()) else {
                throw UsageError("--\(option) takes csv, gpx, kml or kmz; not \(text)")
            }
            return format
        }
    }

    /// A day written YYYY-MM-DD, as its first moment in the device's time zone.
    func day(_ option: String) throws -> Date? {
        try text(option).map { text in
            guard let parsed = DiaryTime.parse(text, defaultOffsetSeconds: DiaryTime.deviceOffset(at: cli.now())),
                text.count == 10
            else { throw UsageError("--\(option) takes a day as YYYY-MM-DD; not \(text)") }
            return parsed.date
        }
    }
}
