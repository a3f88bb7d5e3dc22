import Foundation

/// One point of a trip's track: where the angler was, and when by the device's clock (issue 34
/// §3; T9, T10).
public struct TrackPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Nil for a track drawn without times (a path from Google Earth).
    public var time: Date?

    public init(latitude: Double, longitude: Double, time: Date? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.time = time
    }
}

/// The path a trip took on the water or along the bank, as a trip stores and syncs it (issue 34
/// §3; T9, T10): its points in order, each to about a metre (five decimals of a degree) and a
/// second, written as one line of printable ASCII — the polyline code maps use, with the time as a
/// third number — so a few thousand points fit one synced text field.
///
/// The text starts with `t` when every point has its time and `p` when none has; the numbers
/// follow as differences from the point before, each a signed whole number in 5-bit groups
/// (Google's encoded polyline algorithm), latitude and longitude in 1e-5 degrees, time in seconds.
public struct TripTrack: Sendable, Equatable, Codable {
    public private(set) var points: [TrackPoint]

    /// Points as given, rounded as the text keeps them (1e-5 degrees, whole seconds).
    public init(_ points: [TrackPoint]) throws(TrackError) {
        let timed = points.filter { $0.time != nil }.count
        guard timed == 0 || timed == points.count else { throw .someWithoutTime(timed: timed, of: points.count) }
        var rounded: [TrackPoint] = []
        rounded.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            guard point.latitude.isFinite, point.longitude.isFinite, Limits.latitude.contains(point.latitude),
                Limits.longitude.contains(point.longitude)
            else { throw .offTheGlobe(point: index + 1) }
            let time = point.time.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded()) }
            if let time, let previous = rounded.last?.time, time < previous {
                throw .timeGoesBack(point: index + 1)
            }
            if let time, time < Limits.earliestDate { throw .timeGoesBack(point: index + 1) }
            rounded.append(
                TrackPoint(latitude: Self.rounded(point.latitude), longitude: Self.rounded(point.longitude), time: time)
            )
        }
        self.points = rounded
    }

    /// Whether the points carry their times.
    public var isTimed: Bool { points.first?.time != nil }

    /// The stored text.
    public var encoded: String {
        var bytes: [UInt8] = [isTimed ? Self.timedMark : Self.plainMark]
        var last = (0, 0, 0)
        for point in points {
            let values = (
                Int((point.latitude * Self.scale).rounded()), Int((point.longitude * Self.scale).rounded()),
                Int(point.time?.timeIntervalSince1970 ?? 0)
            )
            Self.append(values.0 - last.0, to: &bytes)
            Self.append(values.1 - last.1, to: &bytes)
            if isTimed { Self.append(values.2 - last.2, to: &bytes) }
            last = values
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The track a stored text holds; nil for text that is not one (a wrong mark, a character
    /// outside the code, a number cut short or too large, a point off the globe, times that go
    /// backwards).
    public init?(encoded text: String) {
        var bytes = Array(text.utf8)[...]
        guard let mark = bytes.popFirst(), mark == Self.timedMark || mark == Self.plainMark else { return nil }
        let timed = mark == Self.timedMark
        var points: [TrackPoint] = []
        var current = (0, 0, 0)
        while !bytes.isEmpty {
            guard let latitude = Self.number(&bytes), let longitude = Self.number(&bytes) else { return nil }
            let (lat, lonOverflow) = current.0.addingReportingOverflow(latitude)
            let (lon, latOverflow) = current.1.addingReportingOverflow(longitude)
            guard !lonOverflow, !latOverflow else { return nil }
            current.0 = lat
            current.1 = lon
            var time: Date?
            if timed {
                guard let seconds = Self.number(&bytes), seconds >= 0 || points.isEmpty else { return nil }
                let (sum, overflow) = current.2.addingReportingOverflow(seconds)
                guard !overflow else { return nil }
                current.2 = sum
                time = Date(timeIntervalSince1970: Double(sum))
            }
            let point = TrackPoint(
                latitude: Double(current.0) / Self.scale, longitude: Double(current.1) / Self.scale, time: time)
            guard Limits.latitude.contains(point.latitude), Limits.longitude.contains(point.longitude) else {
                return nil
            }
            points.append(point)
        }
        self.points = points
    }

    /// A track travels in JSON as its text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let track = TripTrack(encoded: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a track's text")
        }
        self = track
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoded)
    }

    private static let timedMark = UInt8(ascii: "t")
    private static let plainMark = UInt8(ascii: "p")
    private static let scale = 1e5

    private static func rounded(_ degrees: Double) -> Double { (degrees * scale).rounded() / scale }

    /// Appends a signed number: zig-zagged, then in 5-bit groups from the lowest, each but the
    /// last with 0x20 set, each plus 63.
    private static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(bitPattern: Int64(value) << 1) ^ (value < 0 ? ~0 : 0)
        while rest >= 0x20 {
            bytes.append(UInt8((rest & 0x1F) | 0x20) + 63)
            rest >>= 5
        }
        bytes.append(UInt8(rest) + 63)
    }

    /// Reads one number; nil when the text ends inside it, holds a byte outside the code, or the
    /// number needs more than 40 bits (no degree or second of a track does).
    private static func number(_ bytes: inout ArraySlice<UInt8>) -> Int? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = bytes.popFirst() {
            guard (63...126).contains(byte), shift <= 40 else { return nil }
            let chunk = UInt64(byte - 63)
            result |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 {
                let magnitude = Int64(bitPattern: result >> 1)
                return Int(result & 1 == 1 ? ~magnitude : magnitude)
            }
        }
        return nil
    }
}

/// Why points do not make a track.
public enum TrackError: Error, Sendable, Equatable, CustomStringConvertible {
    case someWithoutTime(timed: Int, of: Int)
    case offTheGlobe(point: Int)
    case timeGoesBack(point: Int)

    public var description: String {
        switch self {
        case .someWithoutTime(let timed, let count):
            "\(timed) of its \(count) points have a time and the others none; a track's points all have one or none do"
        case .offTheGlobe(let point): "point \(point) is not a position (latitude -90 to 90, longitude -180 to 180)"
        case .timeGoesBack(let point): "point \(point)'s time is before the point before it (or before 1900)"
        }
    }
}
