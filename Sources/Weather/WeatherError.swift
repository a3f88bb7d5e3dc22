import Foundation
import Geodesy

/// Why conditions, or one provider's part of them, could not be obtained (T14). Every case
/// reads as a sentence fit for the snapshot's warnings, a log line or a diagnostics bundle.
public enum WeatherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Coordinates not finite or outside −90…90 / −180…180.
    case invalidCoordinate(latitude: Double, longitude: Double)
    /// The place has neither coordinates nor metadata.
    case noPlace
    /// The metadata could not be turned into coordinates, so not even the offline fields can
    /// be computed.
    case placeNotResolved(PlaceMetadata, reason: String?)
    /// A configuration value (for example an environment variable) is not usable.
    case invalidConfiguration(setting: String, value: String, reason: String)
    /// Every attempt timed out.
    case timedOut(provider: String, url: String, attempts: Int)
    /// The request could not be sent or no answer arrived (no network, refused connection).
    case unreachable(provider: String, url: String, detail: String)
    /// The server kept answering 5xx.
    case serverError(provider: String, status: Int, attempts: Int)
    /// The server refused the request with a 4xx status (not retried).
    case httpStatus(provider: String, status: Int, detail: String)
    /// The provider explained why it rejected the request (Open-Meteo's `{"error":true,"reason":…}`).
    case rejected(provider: String, reason: String)
    /// The body is not the documented format (malformed or truncated JSON, missing keys,
    /// arrays of different lengths).
    case malformedResponse(provider: String, detail: String)
    /// A value comes in a unit this module does not convert; it is refused rather than misread.
    case unsupportedUnit(provider: String, variable: String, unit: String)
    /// The answer has no values for the requested time.
    case noData(provider: String, time: Date)
    /// The work was cancelled (the caller's budget ran out).
    case cancelled
    /// The device cache could not be opened, read or written.
    case cache(String)

    public var description: String {
        switch self {
        case .invalidCoordinate(let latitude, let longitude):
            "coordinates \(latitude), \(longitude) are not a place: latitude must be -90...90 and longitude -180...180 degrees"
        case .noPlace:
            "the place has neither coordinates nor a city, region or country"
        case .placeNotResolved(let place, let reason?):
            "the place \"\(place)\" could not be found: \(reason)"
        case .placeNotResolved(let place, nil):
            "the place \"\(place)\" could not be found in the place names"
        case .invalidConfiguration(let setting, let value, let reason):
            "\(setting)=\"\(value)\" is not usable: \(reason)"
        case .timedOut(let provider, let url, let attempts):
            "\(provider) did not answer in time (\(attempts) attempt\(attempts == 1 ? "" : "s")): \(url)"
        case .unreachable(let provider, let url, let detail):
            "\(provider) could not be reached (\(detail)): \(url)"
        case .serverError(let provider, let status, let attempts):
            "\(provider) answered HTTP \(status), a server error, on all \(attempts) attempts"
        case .httpStatus(let provider, let status, let detail):
            "\(provider) refused the request with HTTP \(status)\(detail.isEmpty ? "" : ": \(detail)")"
        case .rejected(let provider, let reason):
            "\(provider) rejected the request: \(reason)"
        case .malformedResponse(let provider, let detail):
            "\(provider) sent an answer that cannot be read: \(detail)"
        case .unsupportedUnit(let provider, let variable, let unit):
            "\(provider) gave \(variable) in \"\(unit)\", a unit this app does not convert; the value was not used"
        case .noData(let provider, let time):
            "\(provider) has no values for \(time.formatted(.iso8601))"
        case .cancelled:
            "the request was cancelled"
        case .cache(let detail):
            "the weather cache failed: \(detail)"
        }
    }
}
