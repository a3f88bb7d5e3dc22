import Geodesy

/// How the angler writes coordinates.
public enum CoordinateNotation: String, Sendable, Codable, CaseIterable {
    case decimal, degreesMinutesSeconds, degreesDecimalMinutes

    var style: CoordinateStyle {
        switch self {
        case .decimal: .decimal
        case .degreesMinutesSeconds: .dms
        case .degreesDecimalMinutes: .ddm
        }
    }
}
