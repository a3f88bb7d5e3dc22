import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// The weather and sky recorded with a trip or a catch (T14), as the diary keeps it: the figures
/// reports use, and the weather module's whole snapshot document, which the store does not read.
public struct StoredConditions: Sendable, Equatable {
    public var temperatureC: Double?
    public var pressureHpa: Double?
    public var pressureChange3h: Double?
    public var pressureTendency: String?
    public var windSpeedMs: Double?
    public var windDirectionDeg: Double?
    public var humidityPercent: Double?
    public var kp: Double?
    /// False while online fields are missing: the record waits for the network.
    public var complete: Bool
    public var snapshotJSON: String
    public var fetchedAt: Date

    public init(
        temperatureC: Double?, pressureHpa: Double?, pressureChange3h: Double?, pressureTendency: String?,
        windSpeedMs: Double?, windDirectionDeg: Double?, humidityPercent: Double?, kp: Double?, complete: Bool,
        snapshotJSON: String, fetchedAt: Date
    ) {
        self.temperatureC = temperatureC
        self.pressureHpa = pressureHpa
        self.pressureChange3h = pressureChange3h
        self.pressureTendency = pressureTendency
        self.windSpeedMs = windSpeedMs
        self.windDirectionDeg = windDirectionDeg
        self.humidityPercent = humidityPercent
        self.kp = kp
        self.complete = complete
        self.snapshotJSON = snapshotJSON
        self.fetchedAt = fetchedAt
    }
}

/// A trip or catch whose conditions are missing or incomplete, with where and when to ask.
public struct ConditionsRequest: Sendable, Equatable {
    public var entityType: RecordKind
    public var entityId: UUID
    public var time: Date
    public var latitude: Double
    public var longitude: Double
}

/// Conditions: stored beside trips and catches, and the queue of those still to fill (T14).
/// One area of the ``Diary``, sharing its connection.
public struct ConditionsStore {
    let diary: Diary
}

extension Diary {
    /// The weather, moon and magnetic conditions stored with trips and catches.
    public var conditions: ConditionsStore { ConditionsStore(diary: self) }
}

extension ConditionsStore {
    private static let conditionsColumns = ConditionsColumns.names.joined(separator: ", ")

    /// Saves (or replaces) the conditions of a live trip or catch; the object is queued for sync.
    public func save(_ conditions: StoredConditions, for type: RecordKind, id: UUID) throws {
        guard type == .trip || type == .catch else {
            throw StoreError.refused("conditions belong to trips and catches, not \(type.rawValue)")
        }
        try diary.database.transaction {
            switch type {
            case .trip: _ = try diary.trips.live(id)
            case .catch:
                if try diary.catches.record(id).deletedAt != nil {
                    throw StoreError.inTrash(entity: "catch", label: id.canonicalText)
                }
            case .spot, .media, .report: break
            }
            let c = conditions
            try diary.database.execute(
                "INSERT OR REPLACE INTO conditions(entity_type, entity_id, \(Self.conditionsColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(type.rawValue), SQLiteValue(id), SQLiteValue(c.temperatureC), SQLiteValue(c.pressureHpa),
                    SQLiteValue(c.pressureChange3h), SQLiteValue(c.pressureTendency), SQLiteValue(c.windSpeedMs),
                    SQLiteValue(c.windDirectionDeg), SQLiteValue(c.humidityPercent), SQLiteValue(c.kp),
                    SQLiteValue(c.complete),
                    .text(c.snapshotJSON), SQLiteValue(c.fetchedAt),
                ])
            try diary.recordChange(type, id, .upsert, at: diary.currentTime())
        }
    }

    /// The conditions recorded with a trip or catch, if any.
    public func stored(for type: RecordKind, id: UUID) throws -> StoredConditions? {
        try diary.database.queryFirst(
            "SELECT \(Self.conditionsColumns) FROM conditions WHERE entity_type = ? AND entity_id = ?",
            [.text(type.rawValue), SQLiteValue(id)]
        ).map { try Self.storedConditions($0, from: 0) }
    }

    /// The conditions recorded with each of the trips or catches `ids` that has them, in one read
    /// (a list's page, issue 30 §3).
    public func stored(for type: RecordKind, ids: [UUID]) throws -> [UUID: StoredConditions] {
        var found: [UUID: StoredConditions] = [:]
        guard !ids.isEmpty else { return found }
        let places = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        try diary.database.forEachRow(
            "SELECT entity_id, \(Self.conditionsColumns) FROM conditions WHERE entity_type = ? AND entity_id IN (\(places))",
            [.text(type.rawValue)] + ids.map { SQLiteValue($0) }
        ) { found[try $0.uuid(0)] = try Self.storedConditions($0, from: 1) }
        return found
    }

    /// A row's ``conditionsColumns`` read from column `first` on.
    private static func storedConditions(_ row: Row, from first: Int) throws -> StoredConditions {
        StoredConditions(
            temperatureC: try row.optionalDouble(first), pressureHpa: try row.optionalDouble(first + 1),
            pressureChange3h: try row.optionalDouble(first + 2), pressureTendency: try row.optionalText(first + 3),
            windSpeedMs: try row.optionalDouble(first + 4), windDirectionDeg: try row.optionalDouble(first + 5),
            humidityPercent: try row.optionalDouble(first + 6), kp: try row.optionalDouble(first + 7),
            complete: try row.bool(first + 8), snapshotJSON: try row.text(first + 9),
            fetchedAt: try row.date(first + 10))
    }

    /// Drops the conditions of records whose place or time changed, which queues them again.
    func forget(of type: RecordKind, where condition: String, _ arguments: [SQLiteValue]) throws {
        try diary.database.execute(
            "DELETE FROM conditions WHERE entity_type = ? AND entity_id IN (SELECT id FROM \(type.table) WHERE \(condition))",
            [.text(type.rawValue)] + arguments)
    }

    /// Where and when to ask for the conditions of one trip (its start) or catch (its time).
    public func request(for type: RecordKind, id: UUID) throws -> ConditionsRequest {
        let (time, tripId): (Date, UUID)
        switch type {
        case .catch:
            let item = try diary.catches.record(id)
            (time, tripId) = (item.caughtAt, item.tripId)
        case .trip: (time, tripId) = (try diary.trips.record(id).startAt, id)
        case .spot, .media, .report:
            throw StoreError.refused("conditions belong to trips and catches, not \(type.rawValue)")
        }
        let spot = try diary.spots.record(try diary.trips.record(tripId).spotId)
        return ConditionsRequest(
            entityType: type, entityId: id, time: time, latitude: spot.latitude, longitude: spot.longitude)
    }

    /// Live trips and catches without conditions or with incomplete ones, oldest first: the queue
    /// filled when the network returns.
    public func toFill(limit: Int = 100) throws -> [ConditionsRequest] {
        let sql = """
            SELECT 'catch', c.id, c.caught_at, s.latitude, s.longitude FROM catches c
            JOIN trips t ON t.id = c.trip_id JOIN spots s ON s.id = t.spot_id
            LEFT JOIN conditions k ON k.entity_type = 'catch' AND k.entity_id = c.id
            WHERE c.deleted_at IS NULL AND (k.complete IS NULL OR k.complete = 0)
            UNION ALL
            SELECT 'trip', t.id, t.start_at, s.latitude, s.longitude FROM trips t
            JOIN spots s ON s.id = t.spot_id
            LEFT JOIN conditions k ON k.entity_type = 'trip' AND k.entity_id = t.id
            WHERE t.deleted_at IS NULL AND (k.complete IS NULL OR k.complete = 0)
            ORDER BY 3 LIMIT ?
            """
        return try diary.database.query(sql, [.integer(Int64(limit))]) { row in
            ConditionsRequest(
                entityType: RecordKind(rawValue: try row.text(0)) ?? .catch, entityId: try row.uuid(1),
                time: try row.date(2), latitude: try row.double(3), longitude: try row.double(4))
        }
    }
}
