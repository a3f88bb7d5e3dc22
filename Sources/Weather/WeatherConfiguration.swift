import Foundation

/// The scheme, host and port of a weather service (T14). Paths are never configurable: a
/// provider always appends its real path (`/v1/forecast`, `/weatherapi/locationforecast/2.0/compact`,
/// `/products/…`), so an override points the app at a mirror or a test server that serves
/// the same paths.
public struct ServiceOrigin: Codable, Sendable, Hashable, CustomStringConvertible {
    public var scheme: String
    public var host: String
    public var port: Int?

    public init(scheme: String = "https", host: String, port: Int? = nil) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// Parses `scheme://host[:port]` (http or https; an empty path or `/` only). `nil` for
    /// anything else.
    public init?(string: String) {
        guard let components = URLComponents(string: string.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host, !host.isEmpty,
            components.path.isEmpty || components.path == "/",
            components.query == nil, components.fragment == nil, components.user == nil
        else { return nil }
        self.init(scheme: scheme, host: host, port: components.port)
    }

    public var description: String {
        "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")"
    }

    /// The URL of `path` with `query` on this origin.
    func url(path: String, query: [URLQueryItem]) -> URL {
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = port
        components.path = path
        components.queryItems = query
        guard let url = components.url else {
            preconditionFailure("an origin parsed or built from a host always forms a URL with a fixed path")
        }
        return url
    }
}

/// How failed requests are repeated (T14 robustness): only timeouts and HTTP 5xx are retried,
/// never 4xx; the wait before attempt *n* (n ≥ 2) is `initialDelay × multiplier^(n−2)`.
public struct RetryPolicy: Codable, Sendable, Equatable {
    /// Attempts in all, at least 1.
    public var maxAttempts: Int
    public var initialDelay: Duration
    public var multiplier: Double

    public init(maxAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
    }

    /// The wait before `attempt` (2, 3, …).
    public func delay(beforeAttempt attempt: Int) -> Duration {
        let seconds = initialDelay.timeInterval * pow(multiplier, Double(max(0, attempt - 2)))
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}

/// Settings of the T14 weather services: where each provider lives, how the app identifies
/// itself, timeouts, retries and how far the forecast reaches back and ahead.
///
/// Open-Meteo is free for non-commercial use without a key. With a commercial subscription,
/// ``withOpenMeteoAPIKey(_:)`` adds the `apikey` parameter and moves both Open-Meteo origins to
/// their `customer-` hosts (`customer-api.open-meteo.com`, `customer-archive-api.open-meteo.com`).
public struct WeatherConfiguration: Codable, Sendable, Equatable {
    public static let defaultOpenMeteo = ServiceOrigin(host: "api.open-meteo.com")
    public static let defaultOpenMeteoArchive = ServiceOrigin(host: "archive-api.open-meteo.com")
    public static let defaultMETNorway = ServiceOrigin(host: "api.met.no")
    public static let defaultSWPC = ServiceOrigin(host: "services.swpc.noaa.gov")
    /// MET Norway refuses requests without an identifying User-Agent; ship a real contact.
    public static let defaultUserAgent = "HobbyStory/0.1 (+contact)"

    /// Environment variables read by ``fromEnvironment(_:base:)``; each replaces one origin.
    public enum EnvironmentKey: String, CaseIterable, Sendable {
        case openMeteo = "HOBBYSTORY_OPEN_METEO_URL"
        case openMeteoArchive = "HOBBYSTORY_OPEN_METEO_ARCHIVE_URL"
        case metNorway = "HOBBYSTORY_MET_NORWAY_URL"
        case swpc = "HOBBYSTORY_SWPC_URL"
    }

    public var openMeteo: ServiceOrigin
    public var openMeteoArchive: ServiceOrigin
    /// Open-Meteo commercial API key, sent as `apikey`; `nil` for the free non-commercial API.
    public var openMeteoAPIKey: String?
    public var metNorway: ServiceOrigin
    public var swpc: ServiceOrigin
    /// Sent as `User-Agent` with every request.
    public var userAgent: String
    /// The longest one attempt may take.
    public var timeout: Duration
    public var retry: RetryPolicy
    /// Days of history asked of the Open-Meteo forecast (`past_days`, 0…92); older times go to
    /// the archive.
    public var pastDays: Int
    /// Days ahead asked of the Open-Meteo forecast (`forecast_days`, 1…16).
    public var forecastDays: Int

    public init(
        openMeteo: ServiceOrigin = Self.defaultOpenMeteo,
        openMeteoArchive: ServiceOrigin = Self.defaultOpenMeteoArchive,
        openMeteoAPIKey: String? = nil,
        metNorway: ServiceOrigin = Self.defaultMETNorway,
        swpc: ServiceOrigin = Self.defaultSWPC,
        userAgent: String = Self.defaultUserAgent,
        timeout: Duration = .seconds(10),
        retry: RetryPolicy = RetryPolicy(),
        pastDays: Int = 7,
        forecastDays: Int = 3
    ) {
        self.openMeteo = openMeteo
        self.openMeteoArchive = openMeteoArchive
        self.openMeteoAPIKey = openMeteoAPIKey
        self.metNorway = metNorway
        self.swpc = swpc
        self.userAgent = userAgent
        self.timeout = timeout
        self.retry = retry
        self.pastDays = min(max(pastDays, 0), 92)
        self.forecastDays = min(max(forecastDays, 1), 16)
    }

    /// This configuration for an Open-Meteo commercial subscription: `apikey` is sent, and
    /// origins on `open-meteo.com` move to their `customer-` host (an overridden origin, such as
    /// a test server, is kept).
    public func withOpenMeteoAPIKey(_ key: String) -> WeatherConfiguration {
        var copy = self
        copy.openMeteoAPIKey = key
        copy.openMeteo = Self.customer(openMeteo)
        copy.openMeteoArchive = Self.customer(openMeteoArchive)
        return copy
    }

    private static func customer(_ origin: ServiceOrigin) -> ServiceOrigin {
        guard origin.host.hasSuffix("open-meteo.com"), !origin.host.hasPrefix("customer-") else { return origin }
        var copy = origin
        copy.host = "customer-" + origin.host
        return copy
    }

    /// `base` with the origins named by the ``EnvironmentKey`` variables present in
    /// `environment` replaced (scheme, host and port only).
    /// - Throws: ``WeatherError/invalidConfiguration(setting:value:reason:)`` for a value that
    ///   is not `http(s)://host[:port]`.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        base: WeatherConfiguration = WeatherConfiguration()
    ) throws(WeatherError) -> WeatherConfiguration {
        var configuration = base
        for key in EnvironmentKey.allCases {
            guard let value = environment[key.rawValue] else { continue }
            guard let origin = ServiceOrigin(string: value) else {
                throw .invalidConfiguration(
                    setting: key.rawValue, value: value,
                    reason: "expected http:// or https://, a host and an optional port, with no path (paths are fixed)")
            }
            switch key {
            case .openMeteo: configuration.openMeteo = origin
            case .openMeteoArchive: configuration.openMeteoArchive = origin
            case .metNorway: configuration.metNorway = origin
            case .swpc: configuration.swpc = origin
            }
        }
        return configuration
    }
}
