import FishingModel
import Foundation
import Geodesy
import MediaMetadata

/// A saved spot close to where a photo was taken, and how close: the spot a catch logged from
/// a captured (T16) or imported (T17) photo is suggested at.
public struct NearbySpot: Sendable, Equatable {
    public var spot: Spot
    /// Geodesic distance on the WGS84 ellipsoid.
    public var meters: Double
}

/// What a photo or video says about a new catch (issue 6 §2; T16, T17): when it was taken (the
/// EXIF capture time with its offset), where (GPS), and the nearest saved spot within
/// ``spotRadiusMeters`` — so logging the catch in the picture needs no typing.
public struct CatchPrefill: Sendable, Equatable {
    /// How far from a saved spot a photo may be taken and still be suggested there.
    public static let spotRadiusMeters = 500.0

    /// The capture instant, or nil when the file does not say.
    public var caughtAt: Date?
    /// The offset from UTC to show `caughtAt` in: the file's own, else the device's at that time.
    public var utcOffsetSeconds: Int?
    /// The GPS position, when the file has one.
    public var coordinate: Coordinate?
    /// The nearest live spot within ``spotRadiusMeters`` of `coordinate`.
    public var nearestSpot: NearbySpot?

    /// Reads the prefill from metadata; `spots` are the live spots to suggest from, and
    /// `deviceOffset` gives the device's UTC offset at an instant (T11). A photo whose EXIF time
    /// has no offset tag holds a wall-clock time: it is read in the device's zone, as a time
    /// typed without an offset would be. Video times are UTC in the file.
    public init(
        metadata: MediaMetadata, spots: [Spot], deviceOffset: (Date) -> Int = { DiaryTime.deviceOffset(at: $0) }
    ) {
        if let captured = metadata.capturedAt {
            if let offset = metadata.captureUTCOffsetSeconds {
                (caughtAt, utcOffsetSeconds) = (captured, offset)
            } else if !metadata.hasWallClockCaptureTime {
                (caughtAt, utcOffsetSeconds) = (captured, deviceOffset(captured))
            } else {
                // Two passes settle the offset when the wall-clock time sits near a DST change.
                let guess = captured.addingTimeInterval(-Double(deviceOffset(captured)))
                let offset = deviceOffset(guess)
                (caughtAt, utcOffsetSeconds) = (captured.addingTimeInterval(-Double(offset)), offset)
            }
        }
        if let latitude = metadata.latitude, let longitude = metadata.longitude {
            let here = Coordinate(latitude: latitude, longitude: longitude)
            coordinate = here
            nearestSpot =
                spots.lazy.filter { $0.deletedAt == nil }.map { spot in
                    NearbySpot(
                        spot: spot,
                        meters: Geodesic.inverse(
                            from: here, to: Coordinate(latitude: spot.latitude, longitude: spot.longitude)
                        ).meters)
                }
                .filter { $0.meters <= Self.spotRadiusMeters }.min { $0.meters < $1.meters }
        }
    }

    /// The latest live trip at the nearest spot that covers `time` (an open-ended trip covers
    /// everything after its start), or nil when there is none or no spot is near. `time` is the
    /// catch's: the capture time, unless the angler gave another.
    public func trip(among trips: [Trip], at time: Date) -> Trip? {
        guard let spot = nearestSpot?.spot else { return nil }
        return trips.filter { trip in
            trip.spotId == spot.id && trip.deletedAt == nil && trip.startAt <= time
                && (trip.endAt.map { time <= $0 } ?? true)
        }.max { $0.startAt < $1.startAt }
    }

    /// Fills the time of a draft that has none.
    public func fillTime(of draft: inout CatchDraft) {
        guard draft.caughtAt == nil, let caughtAt else { return }
        draft.caughtAt = caughtAt
        draft.utcOffsetSeconds = utcOffsetSeconds
    }
}

extension MediaMetadata {
    /// True when `capturedAt` is a photo's wall-clock time in an unknown zone (EXIF without an
    /// offset tag, read as if it were UTC) rather than an instant: show it as it is, never
    /// convert it. MP4 and MOV times are UTC in the file, so a video's is always an instant.
    public var hasWallClockCaptureTime: Bool {
        capturedAt != nil && captureUTCOffsetSeconds == nil && kind == .photo
    }
}
