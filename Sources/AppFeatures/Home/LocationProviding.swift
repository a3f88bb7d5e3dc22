import Geodesy

/// The device's position (T10: from its GPS, no network needed): Core Location in the app, a
/// fixed or absent position in tests.
public protocol LocationProviding: Sendable {
    /// The current position, or nil when it is unknown (no permission, no fix yet).
    func currentCoordinate() async -> Coordinate?
}
