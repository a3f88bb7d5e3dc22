import Foundation

/// Whether a Kp value (T14) was measured, estimated or is a forecast.
public enum KpStatus: String, Codable, Sendable {
    case observed, estimated, predicted
}

/// One three-hour planetary Kp value (T14's geomagnetic activity, stored with the observation
/// because SWPC keeps only about a month of history).
public struct KpReading: Codable, Sendable, Equatable {
    /// Start of the three-hour interval (UTC).
    public var start: Date
    /// Kp, 0…9 in thirds (2.33 is "2+").
    public var kp: Double
    public var status: KpStatus

    public init(start: Date, kp: Double, status: KpStatus) {
        self.start = start
        self.kp = kp
        self.status = status
    }

    /// Whether `time` falls in this reading's three hours.
    public func covers(_ time: Date) -> Bool {
        start <= time && time < start.addingTimeInterval(3 * 3600)
    }
}

/// A source of the planetary Kp index (T14): NOAA SWPC, or a test double.
public protocol KpIndexProvider: Sendable {
    var name: String { get }
    /// Readings covering `time` when the provider has them (it may return more).
    func readings(around time: Date, now: Date) async throws(WeatherError) -> [KpReading]
}

extension Array where Element == KpReading {
    /// The reading whose interval holds `time`, preferring observed over estimated over
    /// predicted values.
    public func reading(at time: Date) -> KpReading? {
        let rank: [KpStatus: Int] = [.observed: 0, .estimated: 1, .predicted: 2]
        return filter { $0.covers(time) }.min { rank[$0.status, default: 3] < rank[$1.status, default: 3] }
    }
}

/// The planetary Kp index from NOAA's Space Weather Prediction Center (T14): the observed
/// product (`/products/noaa-planetary-k-index.json`, about the last month) and the 3-day
/// forecast (`/products/noaa-planetary-k-index-forecast.json`, asked only for times after the
/// observed list). Public domain.
///
/// Both JSON shapes SWPC has served are read: an array of objects
/// (`{"time_tag":"2025-11-29T00:00:00","Kp":2.33,…}`) and the older array of arrays whose
/// first row names the columns (`["time_tag","Kp",…]`, values as strings).
public struct SWPCKpProvider: KpIndexProvider {
    public let name = "NOAA SWPC"
    static let attribution = "Kp index: NOAA Space Weather Prediction Center (public domain)"
    static let observedPath = "/products/noaa-planetary-k-index.json"
    static let forecastPath = "/products/noaa-planetary-k-index-forecast.json"

    private let configuration: WeatherConfiguration
    private let client: HTTPClient

    /// - Parameter sleep: waits between retries (tests pass one that does not sleep).
    public init(
        configuration: WeatherConfiguration, transport: any HTTPTransport,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.configuration = configuration
        self.client = HTTPClient(configuration: configuration, transport: transport, sleep: sleep)
    }

    /// Days of history the observed product keeps; older times are not asked for.
    public static let historyDays = 32

    /// Nothing (and no request) for times older than ``historyDays``; the observed product for
    /// past times; the forecast product for times after the last observed interval.
    public func readings(around time: Date, now: Date) async throws(WeatherError) -> [KpReading] {
        guard time >= now.addingTimeInterval(-Double(Self.historyDays) * 86_400) else { return [] }
        var readings: [KpReading] = []
        if time <= now {
            readings = try await fetch(Self.observedPath)
            let latest = readings.map(\.start).max() ?? .distantPast
            if readings.reading(at: time) != nil || time < latest { return readings }
        }
        return readings + (try await fetch(Self.forecastPath))
    }

    private func fetch(_ path: String) async throws(WeatherError) -> [KpReading] {
        let response = try await client.get(configuration.swpc.url(path: path, query: []), provider: name)
        guard response.status == 200 else {
            throw .httpStatus(provider: name, status: response.status, detail: snippet(response.body))
        }
        return try Self.parse(response.body, provider: name)
    }

    /// A JSON value in a Kp row.
    private enum Scalar: Decodable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        var number: Double? {
            switch self {
            case .number(let value): value
            case .string(let text): Double(text)
            case .bool, .null: nil
            }
        }

        var text: String? {
            if case .string(let text) = self { text } else { nil }
        }
    }

    /// A row of either shape.
    private enum Row: Decodable {
        case object([String: Scalar])
        case array([Scalar])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let object = try? container.decode([String: Scalar].self) {
                self = .object(object)
            } else {
                self = .array(try container.decode([Scalar].self))
            }
        }
    }

    /// Reads either shape of the observed or forecast product. Rows without a Kp value are
    /// skipped; rows without a readable time make the answer malformed.
    static func parse(_ data: Data, provider: String) throws(WeatherError) -> [KpReading] {
        let rows: [Row]
        do {
            rows = try JSONDecoder().decode([Row].self, from: data)
        } catch {
            throw .malformedResponse(provider: provider, detail: describe(error))
        }
        var header: [String: Int]?
        var readings: [KpReading] = []
        for row in rows {
            let fields: [String: Scalar]
            switch row {
            case .object(let object):
                fields = Dictionary(object.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
            case .array(let values):
                guard let columns = header else {
                    let names = values.map { $0.text?.lowercased() }
                    guard names.contains("time_tag"), names.contains("kp") else {
                        throw .malformedResponse(
                            provider: provider, detail: "the first row does not name time_tag and Kp")
                    }
                    header = Dictionary(
                        names.enumerated().compactMap { item in item.element.map { ($0, item.offset) } }
                    ) { a, _ in a }
                    continue
                }
                fields = columns.compactMapValues { $0 < values.count ? values[$0] : nil }
            }
            guard let kp = fields["kp"]?.number else { continue }
            guard let tag = fields["time_tag"]?.text, let start = parseTimeTag(tag) else {
                throw .malformedResponse(provider: provider, detail: "a row without a readable time_tag")
            }
            let status = fields["observed"]?.text.flatMap(KpStatus.init(rawValue:)) ?? .observed
            readings.append(KpReading(start: start, kp: kp, status: status))
        }
        return readings
    }

    /// Reads `2025-11-29T00:00:00`, `2025-11-29 00:00:00.000` and the like (UTC, optional `Z`).
    static func parseTimeTag(_ text: String) -> Date? {
        let numbers = text.split(whereSeparator: { !$0.isNumber }).map(String.init)
        guard numbers.count >= 5, numbers[0].count == 4,
            let year = Int(numbers[0]), let month = Int(numbers[1]), let day = Int(numbers[2]),
            let hour = Int(numbers[3]), let minute = Int(numbers[4]),
            (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = numbers.count > 5 ? Int(numbers[5]) ?? 0 : 0
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = UTCDay.calendar.date(from: components),
            UTCDay.calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }
}
