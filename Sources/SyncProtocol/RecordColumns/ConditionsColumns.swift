/// The weather and sky stored with a trip or a catch (T14): the columns of the diary's
/// `conditions` table, which travel in sync among their record's fields as
/// `conditions_<column>` (one weather snapshot, merged whole: ``RecordMerge``).
public enum ConditionsColumns {
    public static let temperature = "temperature_c"
    public static let pressure = "pressure_hpa"
    public static let pressureChange3h = "pressure_change_3h"
    public static let pressureTendency = "pressure_tendency"
    public static let windSpeed = "wind_speed_ms"
    public static let windDirection = "wind_direction_deg"
    public static let humidity = "humidity_percent"
    public static let kp = "kp"
    public static let complete = "complete"
    public static let snapshot = "snapshot_json"
    public static let fetchedAt = "fetched_at"

    /// The table's columns, in order.
    public static let names = [
        temperature, pressure, pressureChange3h, pressureTendency, windSpeed, windDirection, humidity, kp, complete,
        snapshot, fetchedAt,
    ]

    /// What a field of a record's conditions starts with.
    public static let prefix = "conditions_"

    /// A column's name among its record's fields.
    public static func field(_ column: String) -> String { prefix + column }
}
