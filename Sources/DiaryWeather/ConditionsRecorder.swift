import DiaryStore
import Foundation
import Gazetteer
import Geodesy
import Weather

/// Attaches the weather and sky to trips and catches (T14): asks the weather service for the
/// conditions at the spot and time with a short budget, stores what it got beside the record,
/// and leaves incomplete records queued so a later call fills them when the network returns.
///
/// The network part is `async` and touches no database; storing is synchronous on the caller's
/// diary, so saving a catch never waits on the network: the catch is committed first.
public struct ConditionsRecorder: Sendable {
    public let service: WeatherService

    public init(service: WeatherService) { self.service = service }

    /// The conditions for one trip or catch, or nil when nothing at all could be computed.
    public func snapshot(for request: ConditionsRequest, budget: Duration) async -> ConditionsSnapshot? {
        let place = WeatherPlace(coordinate: Coordinate(latitude: request.latitude, longitude: request.longitude))
        return try? await service.conditions(at: place, time: request.time, budget: budget).get()
    }

    /// Snapshots for several requests, asked in order (the service caches by place and hour, so
    /// catches of one trip share one fetch).
    public func snapshots(for requests: [ConditionsRequest], budget: Duration) async -> [ConditionsSnapshot?] {
        var results: [ConditionsSnapshot?] = []
        for request in requests { results.append(await snapshot(for: request, budget: budget)) }
        return results
    }

    /// Stores a snapshot with its trip or catch.
    public func store(_ snapshot: ConditionsSnapshot, for request: ConditionsRequest, in diary: Diary) throws {
        try diary.conditions.save(
            StoredConditions(snapshot, fetchedAt: service.clock()), for: request.entityType, id: request.entityId)
    }

    /// Stores what a fill of the queue fetched (`snapshots[i]` for `requests[i]`, nil where
    /// nothing came) and returns how many records are now complete, i.e. left the queue.
    public func store(_ snapshots: [ConditionsSnapshot?], for requests: [ConditionsRequest], in diary: Diary) throws
        -> Int
    {
        var complete = 0
        for (request, snapshot) in zip(requests, snapshots) {
            guard let snapshot else { continue }
            try store(snapshot, for: request, in: diary)
            if snapshot.fillableFields(at: service.clock()).isEmpty { complete += 1 }
        }
        return complete
    }
}

extension StoredConditions {
    /// The figures reports use, and the snapshot as JSON; complete when no missing field could
    /// still be filled by asking again (a Kp beyond SWPC's month never comes).
    public init(_ snapshot: ConditionsSnapshot, fetchedAt: Date = Date()) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let json = (try? encoder.encode(snapshot)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        self.init(
            temperatureC: snapshot.temperature, pressureHpa: snapshot.pressure,
            pressureChange3h: snapshot.pressureChange3h,
            pressureTendency: snapshot.pressureTendency?.rawValue, windSpeedMs: snapshot.windSpeed,
            windDirectionDeg: snapshot.windDirection, humidityPercent: snapshot.humidity, kp: snapshot.kp,
            complete: snapshot.fillableFields(at: fetchedAt).isEmpty, snapshotJSON: json, fetchedAt: fetchedAt)
    }

    /// The weather module's snapshot stored with the record.
    public var snapshot: ConditionsSnapshot? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(ConditionsSnapshot.self, from: Data(snapshotJSON.utf8))
    }
}

/// Resolves a place's metadata (city, region, country) to coordinates with the offline gazetteer,
/// for the weather service's metadata path (T14).
public struct GazetteerResolver: PlaceResolver {
    public init() {}

    public func coordinate(for place: PlaceMetadata) async throws -> Coordinate? {
        guard let name = place.city ?? place.region else { return nil }
        return try Gazetteer.bundled().search(
            name, country: place.country, region: place.city == nil ? nil : place.region, limit: 1
        )
        .first.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
    }
}

/// A transport that is always offline: `HOBBYSTORY_OFFLINE=1`, for scripts and tests that must
/// never touch the network.
public struct OfflineTransport: HTTPTransport {
    public init() {}

    public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        throw .failed("offline mode (HOBBYSTORY_OFFLINE=1)")
    }
}
