/// Where a point is, in words: the nearest settlement with its region and country, how far and in
/// which direction the point lies from it, and a one-line description such as
/// "12 km NE of Dubna, Moscow Oblast, Russia" (T9, T10: computed on the device, offline).
public struct PlaceLabel: Codable, Sendable, Equatable {
    public var settlement: String
    public var region: String?
    public var country: String
    public var countryCode: String
    public var distanceKm: Double
    /// Degrees clockwise from north, 0 ≤ b < 360, from the settlement to the point.
    public var bearingFromSettlement: Double
    public var description: String

    public init(
        settlement: String, region: String?, country: String, countryCode: String, distanceKm: Double,
        bearingFromSettlement: Double, description: String
    ) {
        self.settlement = settlement
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.distanceKm = distanceKm
        self.bearingFromSettlement = bearingFromSettlement
        self.description = description
    }
}

/// Something that can label a point offline; the store fills a spot's place with it when the spot
/// is saved or moved. The gazetteer implements it; tests use fakes.
public protocol PlaceLabeling: Sendable {
    func label(latitude: Double, longitude: Double) -> PlaceLabel?
}
