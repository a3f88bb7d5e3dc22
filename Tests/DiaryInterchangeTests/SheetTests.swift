import DiaryStore
import FishingModel
import Foundation
import Testing

@testable import DiaryInterchange

/// The catches spreadsheet both ways (issue 34 §1): what the diary writes it reads back record for
/// record; what people and other programs write is read by its headers in English or Russian,
/// with its units, decimal commas and dates, and every problem named by row and column.
@Suite("Spreadsheets out and in")
struct SheetTests {
    @Test(
        "Given a diary with a catch, a trip without catches and a spot without trips, when it is exported and imported into an empty diary, then every record comes back with its fields"
    )
    func roundTrip() throws {
        let f = try InterchangeFixture()
        let source = try f.diary(named: "Anna")
        let (spot, trip) = try f.sample(in: source)
        let csv = try f.export(source, language: .russian)
        let target = try f.diary(named: "Boris")
        let outcome = try DiaryImporter.commit(
            try DiaryImporter.plan(csv, diary: target, options: ImportOptions()), diary: target)
        #expect(outcome.created.count == 6)
        #expect(
            try target.spots.list().map(\.id).sorted { $0.uuidString < $1.uuidString }
                == source.spots.list().map(\.id).sorted { $0.uuidString < $1.uuidString })
        let copied = try target.trips.record(trip.id)
        #expect(copied.title == trip.title && copied.startAt == trip.startAt && copied.endAt == trip.endAt)
        #expect(copied.utcOffsetSeconds == trip.utcOffsetSeconds && copied.notes == trip.notes)
        #expect(copied.waterTempC == 16.5 && copied.waterClarityM == 1.5 && copied.waterLevelM == 0.2)
        #expect(copied.waterTrend == .rising, "the trip's water came back")
        for original in try source.catches.list() {
            let item = try target.catches.record(original.id)
            #expect(
                CatchDraft(item) == CatchDraft(original), "catch \(original.speciesId) came back with its fields")
        }
        let spotCopy = try target.spots.record(spot.id)
        #expect(SpotDraft(spotCopy) == SpotDraft(spot))
    }

    @Test(
        "Given a diary in imperial units, when it is exported, then the header states pounds and inches and the figures read back as the same kilograms"
    )
    func imperialUnits() throws {
        let f = try InterchangeFixture()
        let source = try f.diary(named: "Sam", units: .imperial)
        _ = try f.sample(in: source)
        let csv = try f.export(source, language: .english)
        let bytes = try Data(contentsOf: csv)
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]), "a byte-order mark, so spreadsheets read UTF-8")
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        #expect(text.hasPrefix("Catch id,Caught at,Species,Count,Weight (lb),Length (in)"))
        #expect(text.contains("Water temperature (°F)"))
        #expect(text.contains("Water clarity (ft),Water level (ft),Water trend"))
        #expect(text.contains(",falling,"), "the trend in English")
        let target = try f.diary(named: "Boris")
        try DiaryImporter.commit(try DiaryImporter.plan(csv, diary: target, options: ImportOptions()), diary: target)
        let weights = try target.catches.list().compactMap(\.weightKg).sorted()
        let expected = try source.catches.list().compactMap(\.weightKg).sorted()
        #expect(zip(weights, expected).allSatisfy { abs($0 - $1) < 1e-6 } && weights.count == expected.count)
        let levels = try target.catches.list().compactMap(\.waterLevelM)
        #expect(levels.count == 1 && abs(levels[0] - -0.35) < 1e-6, "feet back to the same metres, below usual")
    }

    @Test(
        "Given a spreadsheet with the water written in Russian, when it is imported, then clarity, level and trend are read and a trend that is none of the three is refused by row"
    )
    func waterColumns() throws {
        let f = try InterchangeFixture()
        let diary = try f.diary(named: "Anna")
        let file = try f.file(
            "вода.csv",
            """
            Дата;Рыба;Место;Широта;Долгота;Прозрачность, м;Уровень воды (м);Вода
            14.06.2026 06:10;Щука;Озеро Белое;56,2;37,3;1,2;-0,4;убывает
            14.06.2026 08:40;окунь;Озеро Белое;56,2;37,3;;+0,1;Прибывает
            14.06.2026 09:00;окунь;Озеро Белое;56,2;37,3;;;бурлит
            14.06.2026 09:30;окунь;Озеро Белое;56,2;37,3;-1;;стоит

            """)
        let plan = try DiaryImporter.plan(file, diary: diary, options: ImportOptions())
        #expect(plan.refusals.map(\.place) == ["row 4", "row 5"])
        #expect(plan.refusals[0].reason.contains("column \"Вода\": \"бурлит\" is none of rising, steady or falling"))
        #expect(plan.refusals[1].reason.contains("waterClarityM"), "clarity below zero: \(plan.refusals[1].reason)")
        try DiaryImporter.commit(plan, diary: diary)
        let catches = try diary.catches.list().sorted { $0.caughtAt < $1.caughtAt }
        #expect(catches.map(\.waterTrend) == [.falling, .rising])
        #expect(catches.map(\.waterLevelM) == [-0.4, 0.1])
        #expect(catches.map(\.waterClarityM) == [1.2, nil])
    }

    @Test(
        "Given a spreadsheet someone typed in Russian with semicolons, decimal commas and day.month.year dates, when it is imported, then its catches land on one trip per spot and day, with short names read and unknown ones refused by row"
    )
    func russianSpreadsheet() throws {
        let f = try InterchangeFixture()
        let diary = try f.diary(named: "Anna")
        let file = try f.file(
            "улов.csv",
            """
            Дата;Рыба;Вес, кг;Длина (см);Место;Широта;Долгота;Комментарий;Отпущена
            14.06.2026 06:10;Щука;2,5;71;Озеро Белое;56,2;37,3;;нет
            14.06.2026 08:40;окунь;0,4;;Озеро Белое;56,2;37,3;"первый; на джиг";да
            15.06.2026 05:00;Щукa;1;;Озеро Белое;56,2;37,3;;
            16.06.2026 7:00;Лещ;abc;;Нигде;;;;может

            """)
        let plan = try DiaryImporter.plan(file, diary: diary, options: ImportOptions())
        #expect(plan.batch.spots.count == 1 && plan.batch.trips.count == 1 && plan.batch.catches.count == 2)
        #expect(plan.refusals.map(\.place) == ["row 4", "row 5"])
        #expect(plan.refusals[0].reason.contains("\"Щукa\" is not in the species directory"))
        #expect(plan.refusals[1].reason.contains("column \"Вес, кг\": \"abc\" is not a number"))
        #expect(plan.refusals[1].reason.contains("column \"Отпущена\": \"может\" is neither yes nor no"))
        #expect(plan.unmatched == [ImportPlan.UnmatchedName(directory: .species, name: "Щукa", rows: 1)])
        #expect(
            plan.readings.map(\.written) == ["Щука", "окунь"]
                && plan.readings.map(\.entryId) == ["esox-lucius", "perca-fluviatilis"])
        try DiaryImporter.commit(plan, diary: diary)
        let catches = try diary.catches.list()
        #expect(Set(catches.map(\.speciesId)) == ["esox-lucius", "perca-fluviatilis"])
        #expect(catches.first { $0.speciesId == "perca-fluviatilis" }?.notes == "первый; на джиг")
        #expect(catches.first { $0.speciesId == "perca-fluviatilis" }?.released == true)
        let trip = try #require(try diary.trips.list().first)
        #expect(trip.startAt < trip.endAt! && catches.allSatisfy { $0.tripId == trip.id })
        #expect(try diary.spots.list().map(\.name) == ["Озеро Белое"])
    }

    @Test(
        "Given the same file imported twice, when the second import runs, then it creates nothing and says what was already there"
    )
    func idempotent() throws {
        let f = try InterchangeFixture()
        let diary = try f.diary(named: "Anna")
        let file = try f.file(
            "log.csv",
            """
            Date,Species,Weight (lb),Spot,Lat,Lon
            2026-06-14 06:10,Northern pike,5.5,Volga bend,56.2,37.3
            2026-06-14 06:10,Northern pike,5.5,Volga bend,56.2,37.3
            2026-06-15 07:00,European perch,1,Volga bend,56.2,37.3

            """)
        let first = try DiaryImporter.commit(
            try DiaryImporter.plan(file, diary: diary, options: ImportOptions()), diary: diary)
        #expect(first.created.count == 6, "a spot, two trips and three catches: identical rows are two fish")
        let second = try DiaryImporter.commit(
            try DiaryImporter.plan(file, diary: diary, options: ImportOptions()), diary: diary)
        #expect(second.created.isEmpty && second.importId == nil && second.present.count == 6)
        #expect(try diary.catches.list().count == 3)
        let pike = try diary.catches.list().first { $0.speciesId == "esox-lucius" }
        #expect(
            abs((pike?.weightKg ?? 0) - 5.5 * Conversion.kilogramsPerPound) < 1e-9,
            "\(String(describing: pike?.weightKg))")
        #expect(try diary.imports.list().count == 1)
    }

    @Test(
        "Given an import and a catch the angler added to one of its trips, when the import is undone, then all of it goes to the Trash as one entry and restoring brings it back whole"
    )
    func undoAsOneBatch() throws {
        let f = try InterchangeFixture()
        let diary = try f.diary(named: "Anna")
        _ = try f.sample(in: diary)
        let csv = try f.export(diary, language: .keys)
        let target = try f.diary(named: "Boris")
        let outcome = try DiaryImporter.commit(
            try DiaryImporter.plan(csv, diary: target, options: ImportOptions()), diary: target)
        let importId = try #require(outcome.importId)
        let trip = try #require(try target.trips.list().first)
        let added = try target.catches.add(
            CatchDraft(tripId: trip.id, speciesId: "abramis-brama", caughtAt: trip.startAt.addingTimeInterval(60)))
        let entry = try target.imports.undo(importId)
        #expect(entry.entityType == .importBatch && entry.label == "Import of \(csv.lastPathComponent)")
        #expect(entry.itemCount == 7)
        #expect(try target.spots.list().isEmpty && target.trips.list().isEmpty && target.catches.list().isEmpty)
        #expect(try target.trash.entries().count == 1)
        #expect(try target.imports.list().first?.live == 0)
        try target.trash.restore(entry.batchId)
        #expect(try target.catches.list().count == 3 && target.catches.record(added.id).deletedAt == nil)
        #expect(try target.spots.list().count == 2)
        #expect(throws: StoreError.self) { try target.imports.undo(UUID()) }
        try target.imports.undo(importId)
        try target.trash.empty()
        #expect(try target.imports.records(of: importId).isEmpty, "records gone for good forget their import")
    }

    @Test(
        "Given dates written with slashes, when they are read, then an unambiguous date settles the file's order, conflicting ones are refused, and all-ambiguous ones ask for --date-order"
    )
    func slashDates() throws {
        let f = try InterchangeFixture()
        let diary = try f.diary(named: "Anna")
        func plan(_ rows: String, order: DateOrder? = nil) throws -> ImportPlan {
            let file = try f.file(
                "dates-\(UUID().uuidString.prefix(6)).csv", "date,species,spot,lat,lon\n" + rows)
            return try DiaryImporter.plan(file, diary: diary, options: ImportOptions(dateOrder: order))
        }
        let american = try plan(
            "06/14/2026 5:30 PM,Northern pike,A,56,37\n03/04/2026 6:00 AM,Northern pike,A,56,37\n")
        let times = american.batch.catches.compactMap(\.draft.caughtAt).map {
            DiaryTime.iso8601($0, utcOffsetSeconds: 0)
        }
        #expect(times.count == 2 && times[0].hasPrefix("2026-06-14T17:30") && times[1].hasPrefix("2026-03-04T06:00"))
        let ambiguous = try plan("03/04/2026,Northern pike,A,56,37\n")
        #expect(ambiguous.refusals.first?.reason.contains("--date-order") == true)
        let chosen = try plan("03/04/2026,Northern pike,A,56,37\n", order: .dayMonthYear)
        #expect(
            chosen.batch.catches.first.map { DiaryTime.iso8601($0.draft.caughtAt!, utcOffsetSeconds: 0) }?.hasPrefix(
                "2026-04-03") == true)
        #expect(throws: InterchangeError.self) {
            try plan("14/06/2026,Northern pike,A,56,37\n06/14/2026,Northern pike,A,56,37\n")
        }
        let none = try plan(",Northern pike,A,56,37\nyesterday,Northern pike,A,56,37\n")
        #expect(none.refusals.map(\.reason).allSatisfy { $0.contains("caught") || $0.contains("not a date") })
        #expect(none.refusals.count == 2)
    }

    @Test(
        "Given dates and times written in the common ways, when read, then each gives its wall-clock time and stated offset, and anything else is no date"
    )
    func writtenTimes() {
        func read(_ text: String, _ order: DateOrder? = nil) -> String? {
            guard let time = SheetValue.time(text, order: order), let date = time.date(offset: 7_200) else {
                return nil
            }
            return DiaryTime.iso8601(date.date, utcOffsetSeconds: date.utcOffsetSeconds)
        }
        let cases: [(String, DateOrder?, String?)] = [
            ("2026-06-14T05:30:00+03:00", nil, "2026-06-14T05:30:00+03:00"),
            ("2026-06-14T05:30:00.250Z", nil, "2026-06-14T05:30:00Z"),
            ("2026-06-14T05:30+0530", nil, "2026-06-14T05:30:00+05:30"),
            ("2026-06-14 05:30", nil, "2026-06-14T05:30:00+02:00"),
            ("  2026/6/4 7:05 ", nil, "2026-06-04T07:05:00+02:00"),
            ("2026-06-14", nil, "2026-06-14T00:00:00+02:00"),
            ("14.06.2026 05:30:15", nil, "2026-06-14T05:30:15+02:00"),
            ("14.06.26", nil, "2026-06-14T00:00:00+02:00"),
            ("1.2.99 23:59", nil, "1999-02-01T23:59:00+02:00"),
            ("6/14/2026 5:30 PM", .monthDayYear, "2026-06-14T17:30:00+02:00"),
            ("6/14/2026, 12:10 am", .monthDayYear, "2026-06-14T00:10:00+02:00"),
            ("14-06-2026 17:30", .dayMonthYear, "2026-06-14T17:30:00+02:00"),
            ("03/04/2026", nil, nil),
            ("2026-13-01", nil, nil),
            ("2026-02-30 10:00", nil, nil),
            ("2026-06-14 25:00", nil, nil),
            ("2026-06-14 13:00 PM", nil, nil),
            ("14.06.2026 05:30+03:00", nil, nil),
            ("14.06", nil, nil),
            ("12:30", nil, nil),
            ("yesterday", nil, nil),
            ("46187.25", nil, nil),
            ("2026-06-14T05:30:00+15:00", nil, nil),
        ]
        for (text, order, expected) in cases {
            #expect(read(text, order) == expected, "\(text)")
        }
    }

    @Test(
        "Given numbers written with points, commas and grouping, when read, then each is its value and anything else is no number"
    )
    func writtenNumbers() {
        let cases: [(String, Double?)] = [
            ("2.5", 2.5), ("2,5", 2.5), ("1 234,5", 1234.5), ("1,234.5", 1234.5), ("1.234,5", 1234.5),
            ("-0.4", -0.4), ("1e3", 1000), ("\u{00A0}12\u{00A0}", 12), ("1,2,3", nil), ("2.5kg", nil), ("inf", nil),
            ("nan", nil), ("0x1p3", nil), ("", nil), ("1e999", nil),
        ]
        for (text, expected) in cases {
            #expect(SheetValue.number(text) == expected, "\(text)")
        }
    }
}
