/// The three kinds of diary record a report can aggregate, finest first: a catch belongs to a
/// trip, a trip to a spot.
enum ReportEntity: Int, Comparable, CaseIterable, Sendable {
    case `catch` = 0
    case trip = 1
    case spot = 2

    static func < (a: ReportEntity, b: ReportEntity) -> Bool { a.rawValue < b.rawValue }

    var name: String {
        switch self {
        case .catch: "catch"
        case .trip: "trip"
        case .spot: "spot"
        }
    }

    var alias: String {
        switch self {
        case .catch: "c"
        case .trip: "t"
        case .spot: "s"
        }
    }

    var table: String {
        switch self {
        case .catch: "catches"
        case .trip: "trips"
        case .spot: "spots"
        }
    }

    /// `catch`, `catches`, `trip`, `trips`, `spot`, `spots`.
    init?(word: String) {
        switch word {
        case "catch", "catches": self = .catch
        case "trip", "trips": self = .trip
        case "spot", "spots": self = .spot
        default: return nil
        }
    }
}

/// The type of a report expression.
enum ValueType: String, Sendable {
    case number, text, boolean
}

/// Tables a field reads beyond its record: directory names, and a catch's recorded conditions.
enum LookupJoin: String, CaseIterable, Sendable {
    case species, bait, method, waterBodyType, conditions

    var sql: String {
        switch self {
        case .species: "LEFT JOIN species sp ON sp.id = c.species_id"
        case .bait: "LEFT JOIN baits b ON b.id = c.bait_id"
        case .method: "LEFT JOIN methods m ON m.id = c.method_id"
        case .waterBodyType: "LEFT JOIN water_body_types w ON w.id = s.water_body_type_id"
        case .conditions: "LEFT JOIN conditions k ON k.entity_type = 'catch' AND k.entity_id = c.id"
        }
    }
}

/// One field a formula may name: the whitelist that keeps formulas from reaching arbitrary SQL.
struct FieldDefinition: Sendable {
    let name: String
    let entity: ReportEntity
    let type: ValueType
    /// The SQL value, over the aliases c (catch), t (trip), s (spot) and the directory joins.
    let sql: String
    /// What rows are grouped by when the field is a dimension (an id for named things).
    var groupSQL: String?
    /// The natural order of a dimension (months, weekdays, moon phases), else by its label.
    var sortSQL: String?
    var joins: [LookupJoin] = []
    /// Other records the SQL reads (the solunar period needs the spot's position).
    var requires: [ReportEntity] = []
    var unit: String?
    /// Display names for integer codes, from 1 (months, weekdays).
    var labels: [String]?
}

/// Every field of the report language, by entity (docs/reports.md lists them for anglers).
enum FieldCatalog {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static let all: [FieldDefinition] = catchFields + tripFields + spotFields

    static func fields(of entity: ReportEntity) -> [FieldDefinition] { all.filter { $0.entity == entity } }

    static func field(_ name: String, of entity: ReportEntity) -> FieldDefinition? {
        all.first { $0.entity == entity && $0.name == name }
    }

    /// Year, month, weekday (1 = Monday) and hour of a local time in seconds.
    private static func dateParts(_ entity: ReportEntity, _ local: String) -> [FieldDefinition] {
        let part: (String) -> String = { "CAST(strftime('\($0)', \(local), 'unixepoch') AS INTEGER)" }
        return [
            FieldDefinition(name: "year", entity: entity, type: .number, sql: part("%Y")),
            FieldDefinition(name: "month", entity: entity, type: .number, sql: part("%m"), labels: months),
            FieldDefinition(
                name: "weekday", entity: entity, type: .number, sql: weekday(seconds: local), labels: weekdays),
            FieldDefinition(name: "hour", entity: entity, type: .number, sql: part("%H")),
        ]
    }

    /// The weekday (1 = Monday … 7 = Sunday) of a local time in seconds, by arithmetic on its day
    /// number (1970-01-01 was a Thursday; days before it counted down): strftime's weekday at a
    /// fraction of the cost.
    static func weekday(seconds local: String) -> String {
        "(((\(local) / 86400 - (\(local) % 86400 < 0) + 3) % 7 + 7) % 7 + 1)"
    }

    /// The weekday (1 = Monday … 7 = Sunday) of a local yyyymmddhhmm, from its day in a 400-year
    /// cycle of the Gregorian calendar (146,097 days, whole weeks; the cycle's first day, 1 March
    /// of a year divisible by 400, a Wednesday). A catch's is indexed with the local time and
    /// count (diary version 17, `catches_by_weekday`, whose expression is this one's over the bare
    /// column), so a report by weekday reads that index alone, in its order.
    static func weekday(localTime time: String) -> String {
        let (year, month, day) = ("\(time) / 100000000", "\(time) / 1000000 % 100", "\(time) / 10000 % 100")
        let yearOfCycle = "((\(year) - (\(month) <= 2) + 400) % 400)"
        let dayOfYear = "((153 * (\(month) + 9 - 12 * (\(month) > 2)) + 2) / 5 + \(day) - 1)"
        return "((\(yearOfCycle) * 365 + \(yearOfCycle) / 4 - \(yearOfCycle) / 100 + \(dayOfYear) + 2) % 7 + 1)"
    }

    /// A catch's year, month, weekday and hour come from its stored local yyyymmddhhmm (month,
    /// weekday and hour are indexed).
    private static let catchDateParts: [FieldDefinition] = dateParts(.catch, "(c.caught_at / 1000 + c.utc_offset_s)")
        .map { field in
            let sql: String? =
                switch field.name {
                case "year": "(c.local_time / 100000000)"
                case "month": "(c.local_time / 1000000 % 100)"
                case "hour": "(c.local_time / 100 % 100)"
                case "weekday": weekday(localTime: "c.local_time")
                default: nil
                }
            guard let sql else { return field }
            return FieldDefinition(name: field.name, entity: .catch, type: .number, sql: sql, labels: field.labels)
        }

    /// The weather recorded with each catch (T14); catches without it are left out of aggregates.
    private static let conditionsFields: [FieldDefinition] = [
        FieldDefinition(
            name: "temperature", entity: .catch, type: .number, sql: "k.temperature_c", joins: [.conditions], unit: "°C"
        ),
        FieldDefinition(
            name: "pressure", entity: .catch, type: .number, sql: "k.pressure_hpa", joins: [.conditions], unit: "hPa"),
        FieldDefinition(
            name: "pressure_trend", entity: .catch, type: .number, sql: "k.pressure_change_3h", joins: [.conditions],
            unit: "hPa/3h"),
        FieldDefinition(
            name: "pressure_tendency", entity: .catch, type: .text, sql: "k.pressure_tendency",
            sortSQL: "CASE k.pressure_tendency WHEN 'falling' THEN 1 WHEN 'steady' THEN 2 WHEN 'rising' THEN 3 END",
            joins: [.conditions]),
        FieldDefinition(
            name: "wind", entity: .catch, type: .number, sql: "k.wind_speed_ms", joins: [.conditions], unit: "m/s"),
        FieldDefinition(
            name: "wind_speed", entity: .catch, type: .number, sql: "k.wind_speed_ms", joins: [.conditions], unit: "m/s"
        ),
        FieldDefinition(
            name: "wind_direction", entity: .catch, type: .number, sql: "k.wind_direction_deg", joins: [.conditions],
            unit: "°"),
        FieldDefinition(
            name: "humidity", entity: .catch, type: .number, sql: "k.humidity_percent", joins: [.conditions], unit: "%"),
        FieldDefinition(name: "kp", entity: .catch, type: .number, sql: "k.kp", joins: [.conditions]),
        FieldDefinition(
            name: "solunar", entity: .catch, type: .text, sql: "solunar_period(c.caught_at, s.latitude, s.longitude)",
            requires: [.spot]),
    ]

    private static let catchFields: [FieldDefinition] =
        [
            FieldDefinition(name: "weight_kg", entity: .catch, type: .number, sql: "c.weight_kg", unit: "kg"),
            FieldDefinition(name: "length_cm", entity: .catch, type: .number, sql: "c.length_cm", unit: "cm"),
            FieldDefinition(name: "count", entity: .catch, type: .number, sql: "c.count"),
            FieldDefinition(name: "depth_m", entity: .catch, type: .number, sql: "c.depth_m", unit: "m"),
            FieldDefinition(name: "water_temp_c", entity: .catch, type: .number, sql: "c.water_temp_c", unit: "°C"),
            FieldDefinition(
                name: "water_clarity_m", entity: .catch, type: .number, sql: "c.water_clarity_m", unit: "m"),
            FieldDefinition(name: "water_level_m", entity: .catch, type: .number, sql: "c.water_level_m", unit: "m"),
            waterTrend(.catch, "c.water_trend"),
            FieldDefinition(name: "released", entity: .catch, type: .boolean, sql: "c.released"),
            FieldDefinition(name: "notes", entity: .catch, type: .text, sql: "c.notes"),
            FieldDefinition(
                name: "species", entity: .catch, type: .text, sql: "sp.name_en", groupSQL: "c.species_id",
                joins: [.species]),
            FieldDefinition(name: "species_id", entity: .catch, type: .text, sql: "c.species_id"),
            FieldDefinition(
                name: "latin", entity: .catch, type: .text, sql: "sp.latin", groupSQL: "c.species_id", joins: [.species]
            ),
            FieldDefinition(name: "family", entity: .catch, type: .text, sql: "sp.family", joins: [.species]),
            FieldDefinition(
                name: "bait", entity: .catch, type: .text, sql: "b.name_en", groupSQL: "c.bait_id", joins: [.bait]),
            FieldDefinition(name: "bait_id", entity: .catch, type: .text, sql: "c.bait_id"),
            FieldDefinition(name: "bait_category", entity: .catch, type: .text, sql: "b.category", joins: [.bait]),
            FieldDefinition(
                name: "method", entity: .catch, type: .text, sql: "m.name_en", groupSQL: "c.method_id", joins: [.method]
            ),
            FieldDefinition(name: "method_id", entity: .catch, type: .text, sql: "c.method_id"),
            FieldDefinition(
                name: "moon_phase", entity: .catch, type: .text, sql: "moon_phase(c.caught_at)",
                sortSQL: "moon_phase_index(c.caught_at)"),
            FieldDefinition(
                name: "moon_illumination", entity: .catch, type: .number, sql: "moon_illumination(c.caught_at)"),
        ] + catchDateParts
        + conditionsFields

    /// Which way the water was going (issue 34 §5), in the order falling, steady, rising.
    private static func waterTrend(_ entity: ReportEntity, _ column: String) -> FieldDefinition {
        FieldDefinition(
            name: "water_trend", entity: entity, type: .text, sql: column,
            sortSQL: "CASE \(column) WHEN 'falling' THEN 1 WHEN 'steady' THEN 2 WHEN 'rising' THEN 3 END")
    }

    private static let tripFields: [FieldDefinition] =
        [
            FieldDefinition(
                name: "trip", entity: .trip, type: .text,
                sql: "coalesce(t.title, strftime('%Y-%m-%d', t.start_at / 1000 + t.utc_offset_s, 'unixepoch'))",
                groupSQL: "t.id", sortSQL: "t.start_at"),
            FieldDefinition(name: "title", entity: .trip, type: .text, sql: "t.title"),
            FieldDefinition(name: "water_temp_c", entity: .trip, type: .number, sql: "t.water_temp_c", unit: "°C"),
            FieldDefinition(
                name: "water_clarity_m", entity: .trip, type: .number, sql: "t.water_clarity_m", unit: "m"),
            FieldDefinition(name: "water_level_m", entity: .trip, type: .number, sql: "t.water_level_m", unit: "m"),
            waterTrend(.trip, "t.water_trend"),
            FieldDefinition(
                name: "duration_h", entity: .trip, type: .number, sql: "((t.end_at - t.start_at) / 3600000.0)",
                unit: "h"),
            FieldDefinition(
                name: "catch_count", entity: .trip, type: .number,
                sql: "(SELECT count(*) FROM catches x WHERE x.trip_id = t.id AND x.deleted_at IS NULL)"),
            FieldDefinition(
                name: "fish", entity: .trip, type: .number,
                sql: "(SELECT coalesce(sum(x.count), 0) FROM catches x WHERE x.trip_id = t.id AND x.deleted_at IS NULL)"
            ),
            FieldDefinition(
                name: "successful", entity: .trip, type: .boolean,
                sql: "EXISTS (SELECT 1 FROM catches x WHERE x.trip_id = t.id AND x.deleted_at IS NULL)"),
        ] + dateParts(.trip, "(t.start_at / 1000 + t.utc_offset_s)")

    private static let spotFields: [FieldDefinition] = [
        FieldDefinition(name: "spot", entity: .spot, type: .text, sql: "s.name", groupSQL: "s.id"),
        FieldDefinition(name: "name", entity: .spot, type: .text, sql: "s.name", groupSQL: "s.id"),
        FieldDefinition(name: "latitude", entity: .spot, type: .number, sql: "s.latitude", unit: "°"),
        FieldDefinition(name: "longitude", entity: .spot, type: .number, sql: "s.longitude", unit: "°"),
        FieldDefinition(name: "depth_m", entity: .spot, type: .number, sql: "s.depth_m", unit: "m"),
        FieldDefinition(name: "water_body", entity: .spot, type: .text, sql: "s.water_body_name"),
        FieldDefinition(
            name: "water_body_type", entity: .spot, type: .text, sql: "w.name_en", groupSQL: "s.water_body_type_id",
            joins: [.waterBodyType]),
        FieldDefinition(name: "settlement", entity: .spot, type: .text, sql: "s.place_settlement"),
        FieldDefinition(name: "region", entity: .spot, type: .text, sql: "s.place_region"),
        FieldDefinition(name: "country", entity: .spot, type: .text, sql: "s.place_country"),
    ]

    /// The closest known field names to a misspelt one (edit distance ≤ 2, or a shared prefix).
    static func suggestions(for name: String) -> [String] {
        let names = Set(all.map(\.name))
        return names.map { ($0, editDistance($0, name)) }
            .filter { $0.1 <= max(1, min(2, name.count / 3)) || ($0.0.hasPrefix(name) && name.count >= 3) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(3).map(\.0)
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
