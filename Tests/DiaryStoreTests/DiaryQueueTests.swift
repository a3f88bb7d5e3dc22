import DiaryStore
import FishingModel
import Foundation
import SQLiteDB
import Synchronization
import Testing

/// The diary shared by screens and background work: uses run one at a time, off the main actor
/// when asked, and every committed change is announced by kind.
@Suite("Diary queue: shared use and change observation")
struct DiaryQueueTests {
    /// Records what a queue announces, from a task of its own.
    final class ChangeRecorder: Sendable {
        final class Received: Sendable {
            let changes = Mutex<[DiaryChange]>([])
        }
        private let received = Received()
        private let listener: Task<Void, Never>

        init(_ queue: DiaryQueue) {
            let stream = queue.changes()
            let received = received
            listener = Task { for await change in stream { received.changes.withLock { $0.append(change) } } }
        }

        deinit { listener.cancel() }

        /// The announcements once there are `count` of them (or what came within 5 s).
        func first(_ count: Int) async -> [DiaryChange] {
            for _ in 0..<500 where received.changes.withLock({ $0.count }) < count {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return received.changes.withLock { $0 }
        }
    }

    func queue(_ f: DiaryFixture) throws -> DiaryQueue {
        DiaryQueue(try f.storage.openDiary(named: "Anna", pin: nil))
    }

    @Test(
        "Given an observer, when a catch is saved, then it hears catches and sync (the outbox), and reads announce nothing"
    )
    func writeIsAnnounced() async throws {
        let f = try DiaryFixture()
        let queue = try queue(f)
        let recorder = ChangeRecorder(queue)
        _ = try await queue.read { try $0.trips.list().count }
        let draft = f.catchDraft()
        _ = try await queue.write { try $0.catches.add(draft) }
        #expect(await recorder.first(1) == [[.catches, .sync]])
    }

    @Test("Given a write that fails half way, when it throws, then nothing of it is kept or announced")
    func failedWriteIsNotAnnounced() async throws {
        let f = try DiaryFixture()
        let queue = try queue(f)
        let recorder = ChangeRecorder(queue)
        let good = f.catchDraft()
        var wrongSpecies = f.catchDraft()
        wrongSpecies.speciesId = "no-such-fish"
        let bad = wrongSpecies
        await #expect(throws: (any Error).self) {
            try await queue.write { diary in
                _ = try diary.catches.add(good)
                _ = try diary.catches.add(bad)
            }
        }
        #expect(try await queue.read { try $0.catches.list().count } == 0)
        _ = try await queue.write { try $0.spots.add(SpotDraft(name: "Pier", latitude: 1, longitude: 2)) }
        #expect(await recorder.first(1) == [[.spots, .sync]])
    }

    @Test("Given a trip in the Trash, when restored, then trips and the Trash are announced")
    func restoreIsAnnounced() async throws {
        let f = try DiaryFixture()
        let queue = try queue(f)
        let trip = f.trip.id
        _ = try await queue.write { try $0.trash.put(.trip, trip) }
        let recorder = ChangeRecorder(queue)
        try await queue.write { try $0.trash.restore(trip) }
        let changes = await recorder.first(1)
        #expect(changes.count == 1)
        #expect(changes.first?.isSuperset(of: [.trips, .trash]) == true)
    }

    @Test("Given many tasks writing at once, when they finish, then every catch is saved once")
    func concurrentWriters() async throws {
        let f = try DiaryFixture()
        let queue = try queue(f)
        let draft = f.catchDraft()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 { group.addTask { _ = try await queue.write { try $0.catches.add(draft) } } }
            try await group.waitForAll()
        }
        #expect(try await queue.read { try $0.catches.list().count } == 40)
        #expect(try await queue.read { try $0.integrityCheck() } == "ok")
    }

    @Test("Given a main-actor caller, when it reads, then the read runs off the main thread")
    @MainActor
    func readsLeaveTheMainThread() async throws {
        let f = try DiaryFixture()
        let queue = try queue(f)
        let onMainThread = try await queue.read { _ in Thread.isMainThread }
        #expect(!onMainThread)
    }

    @Test(
        "Given every table of a diary, when mapped to kinds, then each has its own kind (none falls back to everything)"
    )
    func everyTableHasAKind() throws {
        let f = try DiaryFixture()
        let database = try Database(path: f.diary.fileURL.path)
        let tables = try database.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        .map { try $0.text(0) }
        #expect(tables.count > 10)
        for table in tables {
            #expect(DiaryChange(tables: [table]) != .everything, "table \(table) has no kind in DiaryChange")
        }
    }
}
