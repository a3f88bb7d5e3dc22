import DiaryStore
import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol
import TestSupport
import Testing

@testable import Reports

/// The portal's copy of an account for reports (issue 32 §2), held to the device's own diary as
/// its oracle: the same changes, the same formulas, the same answers.
@Suite("Reports on the portal's copy of an account")
struct ReportReplicaTests {
    /// The diary's changes as the portal would hand them out, numbered from `seq`.
    static func page(_ diary: Diary, from seq: Int64 = 1, only: (RecordMutation) -> Bool = { _ in true }) throws
        -> PullResponse
    {
        let changes = try diary.outbox.outgoingMutations(limit: 100_000).filter(only).enumerated().map {
            index, mutation in
            RecordChange(
                seq: seq + Int64(index), kind: mutation.kind, id: mutation.id, deleted: mutation.operation == .delete,
                modifiedAt: mutation.modifiedAt, fields: mutation.fields)
        }
        return PullResponse(
            changes: changes, cursor: SyncCursor(seq: seq + Int64(changes.count)).token, hasMore: false,
            directoryVersion: 1)
    }

    static func directories(_ diary: Diary, replacements: [DirectoryReplacement] = []) throws -> DirectoriesResponse {
        DirectoriesResponse(
            version: 1 + replacements.count,
            entries: try DirectoryKind.allCases.flatMap { try diary.directoryEntries($0, includeRetired: true) },
            replacements: replacements)
    }

    /// Every built-in report, and a count by every field of the language, on both files: the
    /// same table, or the same problem.
    static func expectSameAnswers(_ diary: Diary, _ replica: ReportReplica) throws {
        let device = try ReportEngine(databaseURL: diary.fileURL)
        let portal = try ReportEngine(databaseURL: replica.fileURL)
        let formulas =
            BuiltInReports.all(currentYear: 2026).map(\.formula)
            + FieldCatalog.all.map { "count(catch) by \($0.entity.name).\($0.name)" }
            + ["sum(catch.weight_kg) by species where year = 2026", "avg(catch.pressure_trend) by spot"]
        for formula in formulas {
            let expected = Result { try device.run(formula: formula).table }
            let found = Result { try portal.run(formula: formula).table }
            switch (expected, found) {
            case (.success(let expected), .success(let found)): #expect(found == expected, "\(formula)")
            case (.failure(let expected), .failure(let found)): #expect("\(found)" == "\(expected)", "\(formula)")
            default: Issue.record("\(formula): the device gives \(expected), the portal's copy \(found)")
            }
        }
    }

    @Test(
        "Given a diary's synced changes, when applied to the portal's copy, then every built-in report and a count by every field give the device's answers"
    )
    func sameAnswersAsTheDevice() throws {
        let fixture = try ReportFixture()
        _ = try fixture.diary.saveReport(title: "Pike", formula: "count(catch) by month", chart: "bar")
        let replica = try ReportReplica(fileURL: try temporaryFolder("replica").appendingPathComponent("a.sqlite"))
        try replica.install(try Self.directories(fixture.diary))
        let page = try Self.page(fixture.diary)
        try replica.apply(page)
        try Self.expectSameAnswers(fixture.diary, replica)
        #expect(try replica.savedReports().map(\.title) == ["Pike"])
        #expect(try replica.cursor() == SyncCursor(token: page.cursor))
        let catches = try ReportEngine(databaseURL: replica.fileURL).run(formula: "count(catch)").table
        #expect(catches.rows.first?.last == .integer(6))
    }

    @Test(
        "Given a trip's tombstone alone, when applied, then its catches and their conditions go with it, as in the device's Trash"
    )
    func tombstoneTakesChildren() throws {
        let fixture = try ReportFixture()
        let replica = try ReportReplica(fileURL: try temporaryFolder("replica").appendingPathComponent("a.sqlite"))
        try replica.install(try Self.directories(fixture.diary))
        let first = try Self.page(fixture.diary)
        try replica.apply(first)
        let trip = try #require(fixture.catches.first?.tripId)
        _ = try fixture.diary.trash.put(.trip, trip)
        try replica.apply(
            try Self.page(fixture.diary, from: Int64(first.changes.count) + 1) { $0.kind == .trip && $0.id == trip })
        try Self.expectSameAnswers(fixture.diary, replica)
    }

    @Test(
        "Given directories that retire an entry for another, when installed on both, then the records point at the replacement alike"
    )
    func replacementsRemapRecords() throws {
        let fixture = try ReportFixture()
        let replica = try ReportReplica(fileURL: try temporaryFolder("replica").appendingPathComponent("a.sqlite"))
        try replica.install(try Self.directories(fixture.diary))
        try replica.apply(try Self.page(fixture.diary))
        let retirement = [DirectoryReplacement(kind: .baits, retiredId: "shad", replacementId: "spoon")]
        let directories = try Self.directories(fixture.diary, replacements: retirement)
        try fixture.diary.sync.installDirectories(directories)
        try replica.install(directories)
        #expect(try replica.directoryVersion() == 2)
        try Self.expectSameAnswers(fixture.diary, replica)
        let baits = try ReportEngine(databaseURL: replica.fileURL).run(formula: "count(catch) by bait").table
        #expect(baits.rows.count == 2, "shad's catch counts as spoon's")
    }

    @Test(
        "Given records a hostile device pushed (a weight as text, out of range, an unknown species, a chart kind that does not exist), when applied, then each is left out as a device leaves it, the rest counted"
    )
    func refusesWhatTheDiaryRefuses() throws {
        let fixture = try ReportFixture()
        let replica = try ReportReplica(fileURL: try temporaryFolder("replica").appendingPathComponent("a.sqlite"))
        try replica.install(try Self.directories(fixture.diary))
        let page = try Self.page(fixture.diary)
        try replica.apply(page)
        let catchFields = try #require(page.changes.first { $0.kind == .catch }?.fields)
        var seq = Int64(page.changes.count)
        func change(_ kind: RecordKind, _ fields: RecordFields, _ changes: [String: FieldValue]) -> RecordChange {
            seq += 1
            let id = UUID()
            var all = fields.merging(changes) { $1 }
            all["id"] = .text(id.canonicalText)
            return RecordChange(seq: seq, kind: kind, id: id, deleted: false, modifiedAt: 1, fields: all)
        }
        let report: RecordFields = [
            "title": .text("Fine"), "formula": .text("count(catch)"), "chart": .text("bar"), "created_at": .integer(1),
            "updated_at": .integer(1),
        ]
        let hostile = [
            change(.catch, catchFields, ["weight_kg": .text("heavy")]),
            change(.catch, catchFields, ["weight_kg": .real(1e308)]),
            change(.catch, catchFields, ["count": .integer(0)]),
            change(.catch, catchFields, ["species_id": .text("kraken")]),
            change(.report, report, ["title": .text("Radar"), "chart": .text("radar")]),
            change(.report, report, ["title": .text(String(repeating: "Ж", count: 5_000))]),
            change(.report, report, ["chart": .real(1e308)]),
            change(.catch, catchFields, ["weight_kg": .real(4.5)]),
            change(.report, report, [:]),
        ]
        try replica.apply(
            PullResponse(changes: hostile, cursor: SyncCursor(seq: seq).token, hasMore: false, directoryVersion: 1))
        let count = try ReportEngine(databaseURL: replica.fileURL).run(formula: "count(catch)").table
        #expect(count.rows.first?.last == .integer(7), "the six real catches and the one valid addition")
        #expect(try replica.savedReports().map(\.title) == ["Fine"])
    }

    @Test("Given the copy's indexes, when compared with a diary's, then each is the diary's index of that name")
    func indexesAreTheDiarys() throws {
        let fixture = try ReportFixture()
        let replica = try ReportReplica(fileURL: try temporaryFolder("replica").appendingPathComponent("a.sqlite"))
        func indexes(_ url: URL) throws -> [String: String] {
            let rows = try Database(path: url.path, mode: .readOnly).query(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
            return Dictionary(
                uniqueKeysWithValues: rows.map { row in
                    (
                        row[0].stringValue ?? "",
                        (row[1].stringValue ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    )
                })
        }
        let (copy, diary) = (try indexes(replica.fileURL), try indexes(fixture.diary.fileURL))
        #expect(copy.count == ReportReplica.reportIndexes.count + 1)
        for (name, sql) in copy where name != "conditions_entity" {
            #expect(diary[name] == sql, "\(name)")
        }
    }

    @Test("Given a copy made by an older build, when opened, then it starts again from the first change")
    func olderCopyIsRebuilt() throws {
        let file = try temporaryFolder("replica").appendingPathComponent("a.sqlite")
        let fixture = try ReportFixture()
        do {
            let replica = try ReportReplica(fileURL: file)
            try replica.apply(try Self.page(fixture.diary))
        }
        try Database(path: file.path).execute("PRAGMA user_version = 0")
        let reopened = try ReportReplica(fileURL: file)
        #expect(try reopened.cursor() == SyncCursor(seq: 0))
        #expect(try ReportEngine(databaseURL: file).run(formula: "count(catch)").table.rows.first?.last == .integer(0))
    }
}
