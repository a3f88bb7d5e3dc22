import Foundation

/// A point on the Earth in WGS 84 degrees (north and east positive) at which T14 conditions are
/// looked up: the spot of a catch or a trip.
public struct Coordinate: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Latitude in degrees, −90…90.
    public var latitude: Double
    /// Longitude in degrees, −180…180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and inside their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    public var description: String {
        String(format: "%.4f, %.4f", latitude, longitude)
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
