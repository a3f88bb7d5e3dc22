import AppFeatures
import CoreLocation
import Geodesy

/// The device's position from Core Location (T10: from its GPS, no network needed). The first
/// request asks for permission "while using the app" (iOS shows the Info.plist's purpose
/// string); a refusal, or no fix good to `accuracy` metres within `timeout`, gives nil and the
/// angler marks the place on the map instead.
public struct DeviceLocation: LocationProviding {
    public var timeout: Duration
    public var accuracy: CLLocationAccuracy

    public init(timeout: Duration = .seconds(15), accuracy: CLLocationAccuracy = 100) {
        self.timeout = timeout
        self.accuracy = accuracy
    }

    public func currentCoordinate() async -> Coordinate? {
        await withTaskGroup(of: Coordinate?.self) { group in
            group.addTask { await firstFix() }
            group.addTask { [timeout] in
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private func firstFix() async -> Coordinate? {
        let session = CLServiceSession(authorization: .whenInUse)
        defer { session.invalidate() }
        do {
            for try await update in CLLocationUpdate.liveUpdates() {
                if update.authorizationDenied || update.authorizationRestricted { return nil }
                if let location = update.location, location.horizontalAccuracy >= 0,
                    location.horizontalAccuracy <= accuracy
                {
                    return Coordinate(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude)
                }
            }
        } catch {
            return nil
        }
        return nil
    }
}
