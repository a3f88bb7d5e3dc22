import AppFeatures
import CoreLocation
import Foundation
import Geodesy

/// The device's positions while a trip's track records (issue 34 §3; T10): Core Location's live
/// updates tuned for walking and boating (`fitness`), with a background activity session held
/// only while they are read — so the app keeps recording with the screen off, iOS shows that it
/// does, and nothing is read once recording stops. Permission is "while using the app"; a refusal
/// ends the sequence with ``TrackPositionsProblem/notAllowed``.
public struct DeviceTrackPositions: TrackPositions {
    public init() {}

    public func fixes() -> AsyncThrowingStream<PositionFix, any Error> {
        AsyncThrowingStream { continuation in
            let reading = Task {
                let service = CLServiceSession(authorization: .whenInUse)
                let background = CLBackgroundActivitySession()
                defer {
                    background.invalidate()
                    service.invalidate()
                }
                do {
                    for try await update in CLLocationUpdate.liveUpdates(.fitness) {
                        if update.authorizationDenied || update.authorizationRestricted {
                            continuation.finish(throwing: TrackPositionsProblem.notAllowed)
                            return
                        }
                        guard let location = update.location else { continue }
                        continuation.yield(
                            PositionFix(
                                coordinate: Coordinate(
                                    latitude: location.coordinate.latitude, longitude: location.coordinate.longitude),
                                accuracyMeters: location.horizontalAccuracy, time: location.timestamp))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }
}
