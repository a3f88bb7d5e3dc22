import FishingModel
import Foundation
import SyncProtocol

/// A trip or a catch as the site shows it (issue 16 §1; T1, T11, T14): the record read by its
/// kind's column definitions from the fields its device synced, with the conditions stored
/// with it. Its properties read through: `entry.caughtAt`.
@dynamicMemberLookup
public struct DiaryEntry<Record: Sendable & Equatable>: Sendable, Equatable {
    public var record: Record
    public var conditions: DiaryConditions?

    public subscript<Value>(dynamicMember keyPath: KeyPath<Record, Value>) -> Value { record[keyPath: keyPath] }

    public init(record: Record, conditions: DiaryConditions?) {
        self.record = record
        self.conditions = conditions
    }
}

/// A spot as the site shows it (T1, T9).
public struct DiarySpot: Sendable, Equatable {
    public var id: UUID
    public var name: String
    public var latitude: Double?
    public var longitude: Double?
    public var waterBodyName: String?
    /// The settlement, region and country the app found offline, joined for reading.
    public var place: String?

    public init(id: UUID, name: String, latitude: Double?, longitude: Double?, waterBodyName: String?, place: String?) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.waterBodyName = waterBodyName
        self.place = place
    }
}

/// The weather and sky stored with a trip or a catch (T14).
public struct DiaryConditions: Sendable, Equatable {
    public var temperatureC: Double?
    public var pressureHpa: Double?
    public var pressureTendency: String?
    public var windSpeedMs: Double?
    public var windDirectionDeg: Double?
    public var humidityPercent: Double?
    public var kp: Double?

    public init(
        temperatureC: Double? = nil, pressureHpa: Double? = nil, pressureTendency: String? = nil,
        windSpeedMs: Double? = nil, windDirectionDeg: Double? = nil, humidityPercent: Double? = nil, kp: Double? = nil
    ) {
        self.temperatureC = temperatureC
        self.pressureHpa = pressureHpa
        self.pressureTendency = pressureTendency
        self.windSpeedMs = windSpeedMs
        self.windDirectionDeg = windDirectionDeg
        self.humidityPercent = humidityPercent
        self.kp = kp
    }
}

/// A photo or video of the diary (T1): what the site needs to show and stream it.
public struct DiaryMedia: Sendable, Equatable {
    public enum Kind: String, Sendable { case photo, video }
    public var id: UUID
    public var sha256: String
    public var kind: Kind
    /// The container's format as the device recorded it (`jpeg`, `heic`, `mp4`, `mov`…).
    public var format: String
    public var byteSize: Int64
    public var width: Int?
    public var height: Int?
    public var capturedAt: Date?
    public var durationSeconds: Double?

    /// The `Content-Type` to serve it with; unknown formats are bytes to download.
    public var contentType: String {
        switch format.lowercased() {
        case "jpeg", "jpg": "image/jpeg"
        case "png": "image/png"
        case "heic", "heif": "image/heic"
        case "webp": "image/webp"
        case "gif": "image/gif"
        case "mp4", "m4v": "video/mp4"
        case "mov", "quicktime": "video/quicktime"
        case "webm": "video/webm"
        default: "application/octet-stream"
        }
    }

    public init(
        id: UUID, sha256: String, kind: Kind, format: String, byteSize: Int64, width: Int?, height: Int?,
        capturedAt: Date?, durationSeconds: Double?
    ) {
        self.id = id
        self.sha256 = sha256
        self.kind = kind
        self.format = format
        self.byteSize = byteSize
        self.width = width
        self.height = height
        self.capturedAt = capturedAt
        self.durationSeconds = durationSeconds
    }
}

/// Reads typed values out of a record's synced fields, leniently: a field that is missing or of
/// another type reads as nil.
public struct FieldReader {
    let fields: RecordFields

    public init(fields: RecordFields) { self.fields = fields }

    public func text(_ name: String) -> String? {
        guard case .text(let value) = fields[name], !value.isEmpty else { return nil }
        return value
    }

    func integer(_ name: String) -> Int64? {
        switch fields[name] {
        case .integer(let value): value
        case .real(let value) where value.rounded() == value && abs(value) < 9e15: Int64(value)
        default: nil
        }
    }

    func number(_ name: String) -> Double? {
        switch fields[name] {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    func date(_ name: String) -> Date? { integer(name).map { Date(timeIntervalSince1970: Double($0) / 1000) } }

    /// An offset from UTC of at most a day either way, else 0.
    static func offset(_ seconds: Int) -> Int {
        (-86_400...86_400).contains(seconds) ? seconds : 0
    }

    /// A number of the record's conditions (``ConditionsColumns``).
    func condition(_ column: String) -> Double? { number(ConditionsColumns.field(column)) }

    var conditions: DiaryConditions? {
        let conditions = DiaryConditions(
            temperatureC: condition(ConditionsColumns.temperature), pressureHpa: condition(ConditionsColumns.pressure),
            pressureTendency: text(ConditionsColumns.field(ConditionsColumns.pressureTendency)),
            windSpeedMs: condition(ConditionsColumns.windSpeed),
            windDirectionDeg: condition(ConditionsColumns.windDirection),
            humidityPercent: condition(ConditionsColumns.humidity), kp: condition(ConditionsColumns.kp))
        return conditions == DiaryConditions() ? nil : conditions
    }
}

extension DiaryEntry<Trip> {
    /// The trip in `fields`; nil without a start.
    public init?(id: UUID, _ fields: RecordFields) {
        guard var trip = Trip.columns.record(fields: fields, requiring: [\Trip.startAt]) else { return nil }
        trip.id = id
        trip.utcOffsetSeconds = FieldReader.offset(trip.utcOffsetSeconds)
        self.init(record: trip, conditions: FieldReader(fields: fields).conditions)
    }
}

extension DiaryEntry<Catch> {
    /// The catch in `fields`; nil without a time or a species.
    public init?(id: UUID, _ fields: RecordFields) {
        guard var caught = Catch.columns.record(fields: fields, requiring: [\Catch.caughtAt, \Catch.speciesId])
        else { return nil }
        caught.id = id
        caught.utcOffsetSeconds = FieldReader.offset(caught.utcOffsetSeconds)
        self.init(record: caught, conditions: FieldReader(fields: fields).conditions)
    }
}

extension DiarySpot {
    /// The spot in `fields`, read by its column definitions: named "—" when it has no name,
    /// without a position unless both coordinates read.
    public init(id: UUID, _ fields: RecordFields) {
        let spot = Spot.columns.record(fields: fields, requiring: [])
        let located = Spot.columns.record(fields: fields, requiring: [\Spot.latitude, \Spot.longitude]) != nil
        let place = spot?.place.map { [$0.settlement, $0.region, $0.country].compactMap { $0 } }
        self.init(
            id: id, name: (spot?.name).flatMap { $0.isEmpty ? nil : $0 } ?? "—",
            latitude: located ? spot?.latitude : nil,
            longitude: located ? spot?.longitude : nil, waterBodyName: spot?.waterBodyName,
            place: place?.joined(separator: ", "))
    }
}

extension DiaryMedia {
    /// The photo or video in `fields`; nil without a content address.
    public init?(id: UUID, _ fields: RecordFields) {
        let read = FieldReader(fields: fields)
        guard let sha256 = read.text("sha256"), sha256.count == 64 else { return nil }
        self.init(
            id: id, sha256: sha256.lowercased(), kind: read.text("kind") == "video" ? .video : .photo,
            format: read.text("format") ?? "", byteSize: read.integer("byte_size") ?? 0,
            width: read.integer("width").map { Int(clamping: $0) },
            height: read.integer("height").map { Int(clamping: $0) },
            capturedAt: read.date("captured_at"), durationSeconds: read.number("duration_s"))
    }
}
