import DiaryStore
import FishingModel
import Foundation

/// Reads a spreadsheet of catches (issue 34 §1 "import a spreadsheet"): the header mapped to the
/// diary's columns (``SheetMapping``), every cell read as its column's value, every problem named
/// by row and column, species, baits, methods and water-body types matched by any of their names
/// and the unmatched listed, never invented (T5).
struct SheetImport {
    var units: Units
    var dateOrder: DateOrder?
    var overrides: [String: SheetColumn]
    var ignored: Set<String> = []

    func plan(_ data: [UInt8], into assembler: inout ImportAssembler, directories: DirectoryNames)
        throws(InterchangeError)
    {
        var rows = try CSVRows(data)
        guard let header = try rows.next() else { throw .nothingToImport("the file is empty") }
        let mapping = try SheetMapping.map(header, units: units, overrides: overrides, ignored: ignored)
        assembler.plan.mapping = mapping
        var order = dateOrder
        if order == nil { order = try Self.dateOrder(data, mapping: mapping) }
        var unmatched: [String: ImportPlan.UnmatchedName] = [:]
        var readings: [String: ImportPlan.Reading] = [:]
        let columns = mapping.indexes
        var samples: [[String]] = []
        while let cells = try rows.next() {
            if samples.count < SheetMapping.sampleRows { samples.append(cells) }
            let source = "row \(rows.row)"
            var cell = Cells(cells: cells, columns: columns, mapping: mapping, order: order, row: rows.row)
            var record = IncomingRecord(source: source)
            if cell.has(.spotId) || cell.has(.spotName) || cell.has(.latitude) || cell.has(.longitude) {
                var spot = IncomingRecord.SpotPart(id: cell.id(.spotId))
                spot.draft.name = cell.text(.spotName)
                spot.draft.latitude = cell.number(.latitude)
                spot.draft.longitude = cell.number(.longitude)
                spot.draft.waterBodyName = cell.text(.waterBody)
                spot.draft.waterBodyTypeId = cell.entry(.waterBodyType, directories, &unmatched, &readings)
                spot.draft.depthM = cell.number(.spotDepth)
                spot.draft.notes = cell.text(.spotNotes)
                record.spot = spot
            }
            if SheetColumn.allCases.contains(where: { $0.kind == .trip && cell.has($0) }) {
                var trip = IncomingRecord.TripPart(id: cell.id(.tripId))
                if let start = cell.time(.tripStart, offset: nil) {
                    (trip.draft.startAt, trip.draft.utcOffsetSeconds) = start
                    trip.draft.endAt = cell.time(.tripEnd, offset: start.utcOffsetSeconds)?.date
                }
                trip.draft.title = cell.text(.tripTitle)
                trip.draft.companions = cell.text(.companions)
                trip.draft.notes = cell.text(.tripNotes)
                trip.draft.waterTempC = cell.number(.tripWaterTemperature)
                trip.draft.waterClarityM = cell.number(.tripWaterClarity)
                trip.draft.waterLevelM = cell.number(.tripWaterLevel)
                trip.draft.waterTrend = cell.trend(.tripWaterTrend)
                record.trip = trip
            }
            if SheetColumn.allCases.contains(where: { $0.kind == .catch && cell.has($0) }) {
                var part = IncomingRecord.CatchPart(id: cell.id(.catchId))
                part.draft.speciesId = cell.entry(.species, directories, &unmatched, &readings)
                if !cell.has(.species) { cell.problem(.species, "a catch needs its species") }
                if let time = cell.time(.caughtAt, offset: record.trip?.draft.utcOffsetSeconds) {
                    (part.draft.caughtAt, part.draft.utcOffsetSeconds) = time
                } else if !cell.has(.caughtAt) {
                    cell.problem(.caughtAt, "a catch needs when it was caught")
                }
                part.draft.count = cell.whole(.count)
                part.draft.weightKg = cell.number(.weight)
                part.draft.lengthCm = cell.number(.length)
                part.draft.baitId = cell.entry(.bait, directories, &unmatched, &readings)
                part.draft.methodId = cell.entry(.method, directories, &unmatched, &readings)
                part.draft.depthM = cell.number(.depth)
                part.draft.waterTempC = cell.number(.waterTemperature)
                part.draft.waterClarityM = cell.number(.waterClarity)
                part.draft.waterLevelM = cell.number(.waterLevel)
                part.draft.waterTrend = cell.trend(.waterTrend)
                part.draft.released = cell.flag(.released)
                part.draft.notes = cell.text(.notes)
                record.catch = part
            }
            if !cell.problems.isEmpty {
                assembler.refuse(source, cell.problems.joined(separator: "; "))
            } else if record.spot != nil || record.trip != nil || record.catch != nil {
                assembler.add(record)
            }
        }
        assembler.plan.mapping?.samples = samples
        assembler.plan.readings = readings.values.sorted {
            ($0.directory.rawValue, $0.written) < ($1.directory.rawValue, $1.written)
        }
        assembler.plan.unmatched = unmatched.values.sorted {
            ($0.directory.rawValue, -$0.rows, $0.name) < ($1.directory.rawValue, -$1.rows, $1.name)
        }
    }

    /// The order of dates written with slashes, from the dates of the file's time columns: the
    /// one every unambiguous date agrees on; nil when all are ambiguous (such a date is then
    /// refused, asking for `--date-order`); an error when they disagree.
    static func dateOrder(_ data: [UInt8], mapping: SheetMapping) throws(InterchangeError) -> DateOrder? {
        let indexes = [SheetColumn.caughtAt, .tripStart, .tripEnd].compactMap { mapping.indexes[$0] }
        guard !indexes.isEmpty else { return nil }
        var rows = try CSVRows(data)
        _ = try rows.next()
        var found: [DateOrder: Int] = [:]
        while let cells = try rows.next() {
            for index in indexes where index < cells.count {
                if case .some(.some(let order)) = SheetValue.slashOrder(cells[index]), found[order] == nil {
                    found[order] = rows.row
                }
            }
            if found.count == 2 { break }
        }
        if let dayFirst = found[.dayMonthYear], let monthFirst = found[.monthDayYear] {
            throw .mapping(
                "the dates are written day first (row \(dayFirst)) and month first (row \(monthFirst)); make them agree, or say which with --date-order dmy|mdy"
            )
        }
        return found.keys.first
    }
}

/// One row's cells read by the diary's column, collecting every problem with its row and column.
private struct Cells {
    let cells: [String]
    let columns: [SheetColumn: Int]
    let mapping: SheetMapping
    let order: DateOrder?
    let row: Int
    var problems: [String] = []

    init(cells: [String], columns: [SheetColumn: Int], mapping: SheetMapping, order: DateOrder?, row: Int) {
        (self.cells, self.columns, self.mapping, self.order, self.row) = (cells, columns, mapping, order, row)
    }

    private func raw(_ column: SheetColumn) -> String? {
        guard let index = columns[column], index < cells.count else { return nil }
        let text = cells[index]
        return text.isEmpty ? nil : text
    }

    func has(_ column: SheetColumn) -> Bool { raw(column) != nil }

    mutating func problem(_ column: SheetColumn, _ reason: String) {
        let header = columns[column].map { mapping.entries[$0].header } ?? column.key()
        problems.append("column \"\(header)\": \(reason)")
    }

    /// Text as written; a cell guarded against spreadsheets' formulas loses its apostrophe.
    func text(_ column: SheetColumn) -> String? {
        guard let text = raw(column) else { return nil }
        if text.hasPrefix("'"), let second = text.dropFirst().first, "=+-@".contains(second) {
            return String(text.dropFirst())
        }
        return text
    }

    mutating func number(_ column: SheetColumn) -> Double? {
        guard let text = raw(column) else { return nil }
        guard let value = SheetValue.number(text) else {
            problem(column, "\"\(text)\" is not a number")
            return nil
        }
        guard let index = columns[column], let unit = mapping.unit(at: index) else { return value }
        return unit.toStored(value)
    }

    mutating func whole(_ column: SheetColumn) -> Int? {
        guard let text = raw(column) else { return nil }
        guard let value = SheetValue.number(text), value == value.rounded(), abs(value) < 1e9 else {
            problem(column, "\"\(text)\" is not a whole number")
            return nil
        }
        return Int(value)
    }

    mutating func flag(_ column: SheetColumn) -> Bool? {
        guard let text = raw(column) else { return nil }
        guard let value = SheetValue.flag(text) else {
            problem(column, "\"\(text)\" is neither yes nor no")
            return nil
        }
        return value
    }

    mutating func trend(_ column: SheetColumn) -> WaterTrend? {
        guard let text = raw(column) else { return nil }
        guard let value = SheetValue.trend(text) else {
            problem(column, "\"\(text)\" is none of rising, steady or falling")
            return nil
        }
        return value
    }

    mutating func id(_ column: SheetColumn) -> UUID? {
        guard let text = raw(column) else { return nil }
        guard let id = UUID(uuidString: text) else {
            problem(column, "\"\(text)\" is not an id (a UUID such as 3f2b…-…)")
            return nil
        }
        return id
    }

    /// A time; one that states no offset is read in `offset`, or without one in the device's
    /// time zone on that day (T11).
    mutating func time(_ column: SheetColumn, offset: Int?) -> (date: Date, utcOffsetSeconds: Int)? {
        guard let text = raw(column) else { return nil }
        if SheetValue.time(text, order: nil) == nil, SheetValue.slashOrder(text) == .some(nil), order == nil {
            problem(
                column,
                "\"\(text)\" can be read day first or month first; say which with --date-order dmy|mdy")
            return nil
        }
        guard let written = SheetValue.time(text, order: order),
            let time = written.date(
                offset: offset ?? written.date(offset: 0).map { DiaryTime.deviceOffset(at: $0.date) } ?? 0)
        else {
            problem(
                column,
                "\"\(text)\" is not a date and time the diary reads (such as 2026-06-14 05:30, 14.06.2026 05:30 or 2026-06-14T05:30:00+03:00)"
            )
            return nil
        }
        return time
    }

    mutating func entry(
        _ column: SheetColumn, _ directories: DirectoryNames, _ unmatched: inout [String: ImportPlan.UnmatchedName],
        _ readings: inout [String: ImportPlan.Reading]
    ) -> String? {
        guard let text = text(column), let kind = column.directory else { return nil }
        switch directories.match(kind, text) {
        case .exact(let id):
            return id
        case .leading(let id):
            readings[
                "\(kind.rawValue)|\(text)",
                default: .init(
                    directory: kind, written: text, entryId: id,
                    entryName: directories.name(kind, id, in: .english), rows: 0)
            ]
            .rows += 1
            return id
        case .none:
            problem(column, "\"\(text)\" is not in the \(kind.entryNoun) directory")
            unmatched[
                "\(kind.rawValue)|\(SheetMapping.normalised(text))",
                default: .init(directory: kind, name: text, rows: 0)
            ]
            .rows += 1
            return nil
        }
    }
}
