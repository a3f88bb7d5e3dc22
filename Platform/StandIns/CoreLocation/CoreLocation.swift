// A stand-in for Apple's Core Location, written from Apple's public documentation, for the app's
// views to type-check on Linux (issue 14 §3).
import Foundation

public typealias CLLocationDegrees = Double
public typealias CLLocationDistance = Double

/// A latitude and longitude in degrees (Apple: `CLLocationCoordinate2D`).
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init() { self.init(latitude: 0, longitude: 0) }
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

public typealias CLLocationAccuracy = Double

/// A position with its accuracy (Apple: `CLLocation`).
open class CLLocation: NSObject, @unchecked Sendable {
    public let coordinate: CLLocationCoordinate2D
    public let horizontalAccuracy: CLLocationAccuracy
    public let timestamp: Date
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        horizontalAccuracy = 0
        timestamp = Date()
    }
}

/// One report of the device's position (Apple: `CLLocationUpdate`, iOS 17; the authorization
/// properties iOS 18).
public struct CLLocationUpdate: Sendable {
    public let location: CLLocation?
    public let authorizationDenied: Bool
    public let authorizationRestricted: Bool

    /// How updates are tuned (Apple: `CLLocationUpdate.LiveConfiguration`).
    public struct LiveConfiguration: Sendable {
        public static let `default` = LiveConfiguration()
        public static let otherNavigation = LiveConfiguration()
        public static let fitness = LiveConfiguration()
    }

    /// The device's positions as they come (Linux: none; the sequence ends at once).
    public struct Updates: AsyncSequence, Sendable {
        public typealias Element = CLLocationUpdate
        public struct AsyncIterator: AsyncIteratorProtocol {
            public mutating func next() async throws -> CLLocationUpdate? { nil }
        }
        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }

    public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates { Updates() }
}

/// A span during which the app uses location services, asking for permission when needed
/// (Apple: `CLServiceSession`, iOS 18).
public final class CLServiceSession: Sendable {
    public enum AuthorizationRequirement: Hashable {
        case none, whenInUse, always
    }
    public init(authorization: AuthorizationRequirement) {}
    public func invalidate() {}
}

/// A span during which a when-in-use app keeps receiving location updates in the background, the
/// system showing that it does (Apple: `CLBackgroundActivitySession`, iOS 17).
public final class CLBackgroundActivitySession: Sendable {
    public init() {}
    public func invalidate() {}
}
