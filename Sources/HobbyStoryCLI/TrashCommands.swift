import DiaryStore
import FishingModel

extension HobbyStoryCLI {
    /// `delete` and `trash list|restore|empty` (UI5: every delete recoverable, purging confirmed).
    static let trashCommands: [Command] = [
        Command(name: "delete", operands: ["spot|trip|catch|media", "ID"], spec: OptionSpec(flags: ["yes"])) { c in
            guard let type = RecordKind(rawValue: c.operands[0]) else {
                throw UsageError("delete takes spot, trip, catch or media, not \(c.operands[0])")
            }
            let diary = try c.diary()
            let id = try c.id(c.operands[1], type)
            let what: String
            switch type {
            case .spot:
                let trips = try diary.trips.list(spotId: id)
                what =
                    "spot \(try diary.spots.record(id).name)"
                    + (trips.isEmpty ? "" : " with its \(trips.count) trip(s) and their catches")
            case .trip:
                let catches = try diary.catches.list(tripId: id)
                what = "trip \(c.shortId(id))" + (catches.isEmpty ? "" : " with its \(catches.count) catch(es)")
            case .catch: what = "catch \(c.text(try diary.catches.record(id)))"
            case .media: what = c.text(try diary.media.asset(id))
            case .report: what = "report \(try diary.savedReports().first { $0.id == id }?.title ?? c.shortId(id))"
            }
            try c.confirm("Move \(what) to the Trash?")
            let entry = try diary.trash.put(type, id)
            c.output(
                c.json(entry),
                text:
                    "Moved to the Trash: \(c.text(entry))\nUndo with `hobbystory trash restore \(entry.id.uuidString.lowercased())`"
            )
        },
        Command(name: "trash list") { c in
            c.outputList(try c.diary().trash.entries(), empty: "The Trash is empty.", json: c.json, text: c.text)
        },
        Command(name: "trash restore", operands: ["ID"]) { c in
            let diary = try c.diary()
            let text = c.operands[0].lowercased()
            let matches = try diary.trash.entries().filter {
                $0.id.uuidString.lowercased().hasPrefix(text) || $0.batchId.uuidString.lowercased().hasPrefix(text)
            }
            guard matches.count <= 1 else {
                throw StoreError.ambiguousId(entity: "Trash entry", prefix: text, matches: matches.count)
            }
            // An id that is not a Trash entry may belong to an object deleted with its parent:
            // restore(_:) then says which entry to restore instead.
            guard
                let id = matches.first?.id
                    ?? RecordKind.allCases.lazy.compactMap({ try? diary.resolveId(text, $0) }).first
            else { throw StoreError.notFound(entity: "object in the Trash", id: text) }
            let entry = try diary.trash.restore(id)
            c.output(
                c.json(entry),
                text:
                    "Restored \(entry.entityType.rawValue) \(entry.label)\(entry.itemCount > 1 ? " and \(entry.itemCount - 1) object(s) with it" : "")"
            )
        },
        Command(name: "trash empty", spec: OptionSpec(flags: ["yes"])) { c in
            let diary = try c.diary()
            let entries = try diary.trash.entries()
            guard !entries.isEmpty else {
                c.output(.object(["removed": .integer(0)]), text: "The Trash is already empty.")
                return
            }
            let count = entries.reduce(0) { $0 + $1.itemCount }
            try c.confirm("Permanently remove \(count) object(s) in the Trash? This cannot be undone.", answer: "yes")
            let removed = try c.mediaStore().emptyTrash()
            c.output(.object(["removed": .integer(Int64(removed))]), text: "Removed \(removed) object(s) for good.")
        },
    ]

    /// `directory list KIND [--search TEXT]` (T5: read-only reference data).
    static let directoryCommands: [Command] = [
        Command(
            name: "directory list", operands: ["KIND"], spec: OptionSpec(values: ["search"], flags: ["include-retired"])
        ) { c in
            guard let kind = DirectoryKind(rawValue: c.operands[0]) else {
                throw UsageError(
                    "directory list takes \(DirectoryKind.allCases.map(\.rawValue).joined(separator: ", ")), not \(c.operands[0])"
                )
            }
            let entries = try c.storage().directoryEntries(
                kind, search: c.text("search"), includeRetired: c.arguments.flag("include-retired"))
            c.outputList(entries, empty: "Nothing matches.", json: c.json, text: c.text)
        }
    ]
}
