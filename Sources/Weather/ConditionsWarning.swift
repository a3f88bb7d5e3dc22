import Foundation

/// Why a snapshot's field is missing, old or approximate (T14, issue 30 §4): a kind each front end
/// words in its own language, the values its sentence names (a provider, minutes, seconds), and
/// the technical detail — an error's words, a URL — for the CLI and the logs, never an angler's
/// screen. ``description`` is the English sentence the CLI prints.
///
/// Stored with the snapshot as `{"kind": …, "values": {…}, "detail": …}`; a snapshot saved before
/// warnings had kinds holds sentences, read back as ``Kind/other`` with the sentence as detail.
public struct ConditionsWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What happened; its raw value names the catalogue's sentence (`conditions.warning.<kind>`).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The device's weather cache could not be read.
        case cacheUnreadable
        /// A weather service failed (`provider`); with `instead`, another answered.
        case providerFailed
        /// Nothing answered within `seconds`.
        case budgetExpired
        /// The weather is that of the place named in a photo's details.
        case placeFromDetails
        /// The nearest values are `minutes` from the time asked (`provider`).
        case valuesAway
        /// No pressure for the three hours before the time (`provider`): no trend.
        case noPressureTrend
        /// The weather came from the device's cache, `minutes` old.
        case fromCache
        /// No weather was fetched (asking stopped).
        case noWeather
        /// Kp is a forecast for that time.
        case kpForecast
        /// Kp is an estimate for that time.
        case kpEstimate
        /// The Kp service failed (`provider`).
        case kpFailed
        /// The Kp service keeps about a month (`provider`).
        case kpNotKept
        /// The Sun does not both rise and set that day (polar day or night).
        case polarDayOrNight
        /// Sunrise and sunset could not be computed.
        case sunNotComputed
        /// The date is outside the magnetic model's validity: extrapolated.
        case magneticExtrapolated
        /// The magnetic field could not be computed.
        case magneticNotComputed
        /// A sentence from a snapshot saved before warnings had kinds.
        case other
    }

    public var kind: Kind
    /// The values the sentence names: `provider`, `instead`, `minutes`, `seconds`.
    public var values: [String: String]
    /// The technical detail, for the CLI and the logs.
    public var detail: String?

    public init(_ kind: Kind, _ values: [String: String] = [:], detail: String? = nil) {
        self.kind = kind
        self.values = values
        self.detail = detail
    }

    /// The English sentence, with its detail.
    public var description: String {
        let provider = values["provider"] ?? "the service"
        let sentence: String =
            switch kind {
            case .cacheUnreadable: "the weather cache could not be read"
            case .providerFailed:
                values["instead"].map { "\(provider) failed; \($0) answered instead" } ?? "\(provider) failed"
            case .budgetExpired:
                "the weather services did not answer within \(values["seconds"] ?? "?") s; ask again later to fill the missing fields"
            case .placeFromDetails: "the weather is that of the place named in its details"
            case .valuesAway: "\(provider) has values only \(values["minutes"] ?? "?") min from the requested time"
            case .noPressureTrend: "no pressure trend: \(provider) has no pressure for the three hours before the time"
            case .fromCache: "the weather is from the device cache, fetched \(values["minutes"] ?? "?") min ago"
            case .noWeather: "no weather was fetched"
            case .kpForecast: "Kp is a forecast for that time"
            case .kpEstimate: "Kp is an estimate for that time"
            case .kpFailed: "\(provider) failed"
            case .kpNotKept: "\(provider) has no Kp for that time (it keeps about a month)"
            case .polarDayOrNight: "the Sun does not both rise and set at this place on that day (polar day or night)"
            case .sunNotComputed: "sunrise and sunset could not be computed"
            case .magneticExtrapolated: "the magnetic field is extrapolated"
            case .magneticNotComputed: "the magnetic field could not be computed"
            case .other: ""
            }
        guard let detail else { return sentence }
        return sentence.isEmpty ? detail : "\(sentence): \(detail)"
    }

    private enum Key: String, CodingKey { case kind, values, detail }

    public init(from decoder: any Decoder) throws {
        if let sentence = try? decoder.singleValueContainer().decode(String.self) {
            self.init(.other, detail: sentence)
            return
        }
        let container = try decoder.container(keyedBy: Key.self)
        let kind = try container.decode(String.self, forKey: .kind)
        self.init(
            Kind(rawValue: kind) ?? .other,
            try container.decodeIfPresent([String: String].self, forKey: .values) ?? [:],
            detail: try container.decodeIfPresent(String.self, forKey: .detail))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(kind.rawValue, forKey: .kind)
        if !values.isEmpty { try container.encode(values, forKey: .values) }
        try container.encodeIfPresent(detail, forKey: .detail)
    }
}

extension ConditionsWarning {
    /// A service's failure: the service it names (when it names one), what answered instead,
    /// and the error's own words as the detail.
    static func failed(_ error: WeatherError, kind: Kind = .providerFailed, instead: String? = nil) -> Self {
        var values: [String: String] = [:]
        values["provider"] = error.provider
        values["instead"] = instead
        return ConditionsWarning(kind, values, detail: error.description)
    }
}

extension WeatherError {
    /// The service the error comes from, when it is one's.
    var provider: String? {
        switch self {
        case .timedOut(let provider, _, _), .unreachable(let provider, _, _), .serverError(let provider, _, _),
            .httpStatus(let provider, _, _), .rejected(let provider, _), .malformedResponse(let provider, _),
            .unsupportedUnit(let provider, _, _), .noData(let provider, _):
            provider
        case .invalidCoordinate, .noPlace, .placeNotResolved, .invalidConfiguration, .cancelled, .cache: nil
        }
    }
}
