import DiaryStore
import DiaryWeather
import FishingModel
import Foundation
import Weather

/// Conditions stored with trips and catches (T14), the same for the app and the command line: a
/// newly saved record asks the weather service with a short budget after it is committed, so
/// saving never waits on the network; what could not be fetched stays queued for ``fillQueued``.
public struct ConditionsService: Sendable {
    public let diary: DiaryQueue
    public let recorder: ConditionsRecorder

    public init(diary: DiaryQueue, weather: WeatherService) {
        self.diary = diary
        recorder = ConditionsRecorder(service: weather)
    }

    /// Fetches and stores the conditions of a record just saved; nil when nothing could be had
    /// within `budget` (the record stays queued).
    @discardableResult
    public func recordConditions(of type: RecordKind, _ id: UUID, budget: Duration = .seconds(2)) async throws
        -> ConditionsSnapshot?
    {
        let request = try await diary.read { try $0.conditions.request(for: type, id: id) }
        guard let snapshot = await recorder.snapshot(for: request, budget: budget) else { return nil }
        try await diary.write { [recorder] in try recorder.store(snapshot, for: request, in: $0) }
        return snapshot
    }

    /// ``recordConditions(of:_:budget:)`` in a task of its own: the screen that saved the record
    /// goes on, and a failure leaves the record queued.
    public func recordInBackground(of type: RecordKind, _ id: UUID) {
        Task.detached { _ = try? await recordConditions(of: type, id) }
    }

    /// What filling the queue achieved.
    public struct Fill: Sendable, Equatable {
        /// Records whose conditions are now complete.
        public var filled: Int
        /// Records still waiting for the network.
        public var pending: Int
    }

    /// Fills up to `limit` queued records within `budget`.
    public func fillQueued(limit: Int = 100, budget: Duration = .seconds(10)) async throws -> Fill {
        let requests = try await diary.read { try $0.conditions.toFill(limit: limit) }
        let snapshots = await recorder.snapshots(for: requests, budget: budget)
        let filled = try await diary.write { [recorder] in try recorder.store(snapshots, for: requests, in: $0) }
        let pending = try await diary.read { try $0.conditions.toFill(limit: 100_000).count }
        return Fill(filled: filled, pending: pending)
    }
}
