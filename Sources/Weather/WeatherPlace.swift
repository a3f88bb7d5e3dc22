import Foundation
import Geodesy

extension Coordinate {
    /// Whether both values are finite and inside their ranges.
    var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}

/// What the diary knows about a place without coordinates (T14: "by the place's metadata —
/// country, region, city, day"; the day is the time of the request).
public struct PlaceMetadata: Codable, Sendable, Hashable, CustomStringConvertible {
    public var city: String?
    public var region: String?
    public var country: String?

    public init(city: String?, region: String? = nil, country: String? = nil) {
        self.city = city
        self.region = region
        self.country = country
    }

    /// Whether no part names anything.
    public var isEmpty: Bool {
        [city, region, country].allSatisfy { ($0 ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
    }

    public var description: String {
        [city, region, country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// Where conditions are wanted (T14): coordinates, place metadata, or both. Coordinates are
/// tried first; the metadata is the failover when they are missing or every coordinate
/// provider fails.
public struct WeatherPlace: Codable, Sendable, Hashable {
    public var coordinate: Coordinate?
    public var metadata: PlaceMetadata?

    public init(coordinate: Coordinate?, metadata: PlaceMetadata? = nil) {
        self.coordinate = coordinate
        self.metadata = metadata
    }

    /// A place known by its coordinates only.
    public static func coordinates(latitude: Double, longitude: Double) -> WeatherPlace {
        WeatherPlace(coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }

    /// A place known by its metadata only.
    public static func metadata(city: String?, region: String? = nil, country: String? = nil) -> WeatherPlace {
        WeatherPlace(coordinate: nil, metadata: PlaceMetadata(city: city, region: region, country: country))
    }
}

/// Turns place metadata (city, region, country) into coordinates for the metadata path of T14.
///
/// The app adapts the offline `Gazetteer` to it (see docs/weather.md); the weather module does
/// not depend on any particular gazetteer. Answer `nil` when nothing matches.
public protocol PlaceResolver: Sendable {
    func coordinate(for place: PlaceMetadata) async throws -> Coordinate?
}
