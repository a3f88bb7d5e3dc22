import Foundation
import SyncProtocol

/// A trip as the site shows it (issue 16 §1; T1, T11), read from the fields its device synced.
public struct DiaryTrip: Sendable, Equatable {
    public var id: UUID
    public var spotId: UUID?
    public var startAt: Date
    public var endAt: Date?
    /// The offset of the angler's clock, so times read as they were lived (T11).
    public var utcOffsetSeconds: Int
    public var title: String?
    public var companions: String?
    public var notes: String?
    public var conditions: DiaryConditions?
}

/// A catch as the site shows it (T1, T14).
public struct DiaryCatch: Sendable, Equatable {
    public var id: UUID
    public var tripId: UUID?
    public var speciesId: String
    public var caughtAt: Date
    public var utcOffsetSeconds: Int
    public var count: Int
    public var weightKg: Double?
    public var lengthCm: Double?
    public var baitId: String?
    public var methodId: String?
    public var depthM: Double?
    public var waterTempC: Double?
    public var released: Bool
    public var notes: String?
    public var conditions: DiaryConditions?
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
}

/// Reads typed values out of a record's synced fields, leniently: a field that is missing or of
/// another type reads as nil.
struct FieldReader {
    let fields: RecordFields

    func text(_ name: String) -> String? {
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

    func date(_ name: String) -> Date? { integer(name).map(PortalClock.date) }

    func uuid(_ name: String) -> UUID? { text(name).flatMap(UUID.init(uuidString:)) }

    func offset(_ name: String) -> Int {
        guard let seconds = integer(name), (-86_400...86_400).contains(seconds) else { return 0 }
        return Int(seconds)
    }

    var conditions: DiaryConditions? {
        let conditions = DiaryConditions(
            temperatureC: number("conditions_temperature_c"), pressureHpa: number("conditions_pressure_hpa"),
            pressureTendency: text("conditions_pressure_tendency"), windSpeedMs: number("conditions_wind_speed_ms"),
            windDirectionDeg: number("conditions_wind_direction_deg"),
            humidityPercent: number("conditions_humidity_percent"), kp: number("conditions_kp"))
        return conditions == DiaryConditions() ? nil : conditions
    }
}

extension DiaryTrip {
    init?(id: UUID, _ fields: RecordFields) {
        let read = FieldReader(fields: fields)
        guard let start = read.date("start_at") else { return nil }
        self.init(
            id: id, spotId: read.uuid("spot_id"), startAt: start, endAt: read.date("end_at"),
            utcOffsetSeconds: read.offset("utc_offset_s"), title: read.text("title"),
            companions: read.text("companions"), notes: read.text("notes"), conditions: read.conditions)
    }
}

extension DiaryCatch {
    init?(id: UUID, _ fields: RecordFields) {
        let read = FieldReader(fields: fields)
        guard let caught = read.date("caught_at"), let species = read.text("species_id") else { return nil }
        self.init(
            id: id, tripId: read.uuid("trip_id"), speciesId: species, caughtAt: caught,
            utcOffsetSeconds: read.offset("utc_offset_s"), count: Int(clamping: read.integer("count") ?? 1),
            weightKg: read.number("weight_kg"), lengthCm: read.number("length_cm"), baitId: read.text("bait_id"),
            methodId: read.text("method_id"), depthM: read.number("depth_m"), waterTempC: read.number("water_temp_c"),
            released: read.integer("released") == 1, notes: read.text("notes"), conditions: read.conditions)
    }
}

extension DiarySpot {
    init(id: UUID, _ fields: RecordFields) {
        let read = FieldReader(fields: fields)
        let place = ["place_settlement", "place_region", "place_country"].compactMap(read.text)
        self.init(
            id: id, name: read.text("name") ?? "—", latitude: read.number("latitude"),
            longitude: read.number("longitude"), waterBodyName: read.text("water_body_name"),
            place: place.isEmpty ? nil : place.joined(separator: ", "))
    }
}

extension DiaryMedia {
    init?(id: UUID, _ fields: RecordFields) {
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
