/// Which way the water is going while the angler fishes: its level, and with it the flow of a
/// river (issue 34 §5; T19). Anglers read it from the bank or a gauge; reports compare catch rates
/// on rising, steady and falling water.
public enum WaterTrend: String, Codable, Sendable, CaseIterable {
    case rising, steady, falling
}

extension Limits {
    /// Metres of water the angler can see into (a lure or a white disc going out of sight); the
    /// clearest lakes reach about 40 m, the open ocean about 80 m.
    public static let waterClarityM = 0.0...100.0
    /// Metres above (+) or below (−) the spot's usual level; floods and drawn-down reservoirs
    /// stay within tens of metres.
    public static let waterLevelM = -30.0...30.0
}

extension IssueCollector {
    /// Checks the water's temperature, clarity and level, the figures catches and trips share
    /// (issue 34 §5).
    mutating func checkWater(
        temperature: (some RecordField, Double?), clarity: (some RecordField, Double?),
        level: (some RecordField, Double?)
    ) {
        checkRange(temperature.0, temperature.1, Limits.waterTempC, unit: "°C")
        checkRange(clarity.0, clarity.1, Limits.waterClarityM, unit: "m")
        checkRange(level.0, level.1, Limits.waterLevelM, unit: "m")
    }
}
