// A stand-in for Apple's Core Location, written from Apple's public documentation, for the app's
// views to type-check on Linux (issue 14 §3).
import Foundation

public typealias CLLocationDegrees = Double
public typealias CLLocationDistance = Double

/// A latitude and longitude in degrees (Apple: `CLLocationCoordinate2D`).
public struct CLLocationCoordinate2D: Sendable, Equatable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init() { self.init(latitude: 0, longitude: 0) }
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
