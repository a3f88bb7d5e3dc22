import DiaryStore
import FishingModel
import Foundation
import Geodesy
import MediaLibrary
import MediaMetadata

/// Why the trip of a catch logged from a photo was not found (T16, T17). Says what is wrong;
/// each front end says how to fix it (the app offers the trip picker, the CLI `--trip`).
public enum PhotoTripProblem: Sendable, Equatable, CustomStringConvertible {
    case noPosition
    case noSpotNearby(Coordinate)
    case noTripCovers(spot: String, meters: Double, time: Date, utcOffsetSeconds: Int)

    public var description: String {
        switch self {
        case .noPosition: "the photo has no GPS position to find its spot by"
        case .noSpotNearby(let here):
            String(
                format: "no saved spot lies within %.0f m of where the photo was taken (%.5f, %.5f)",
                CatchPrefill.spotRadiusMeters, here.latitude, here.longitude)
        case .noTripCovers(let spot, let meters, let time, let offset):
            "no live trip at \(spot) (\(Int(meters.rounded())) m from where the photo was taken) covers \(DiaryTime.iso8601(time, utcOffsetSeconds: offset))"
        }
    }
}

/// A catch suggested by a photo: the draft with the photo's time and the trip found for it
/// filled in where they were empty, what the photo said, and why no trip was found if none was.
/// The position is a suggestion to confirm, never trusted silently.
public struct PhotoCatchSuggestion: Sendable {
    public var draft: CatchDraft
    public var prefill: CatchPrefill
    public var trip: Trip?
    public var tripProblem: PhotoTripProblem?
}

/// Logging a catch from a photo or video (issue 6 §2; T16, T17), the same for the app's catch
/// editor and `hobbystory catch add --from-photo`: the capture time, the nearest saved spot
/// within 500 m and the latest live trip there that covers the time.
public struct PhotoCatchService: Sendable {
    public let diary: DiaryQueue
    /// The device clock (T11): the catch's time when neither the draft nor the photo has one.
    public let now: @Sendable () -> Date

    public init(diary: DiaryQueue, now: @escaping @Sendable () -> Date = { Date() }) {
        self.diary = diary
        self.now = now
    }

    /// Reads the photo at `url` and fills `draft` from it; looks for the trip only when the
    /// draft has none and `findTrip` is true.
    public func suggest(for draft: CatchDraft, photoAt url: URL, findTrip: Bool = true) async throws
        -> PhotoCatchSuggestion
    {
        let metadata = try Self.metadata(of: url)
        let now = now()
        return try await diary.read { diary in
            let prefill = CatchPrefill(metadata: metadata, spots: try diary.spots.list())
            var suggestion = PhotoCatchSuggestion(draft: draft, prefill: prefill)
            prefill.fillTime(of: &suggestion.draft)
            guard findTrip, draft.tripId == nil else { return suggestion }
            let time = suggestion.draft.caughtAt ?? now
            guard let coordinate = prefill.coordinate else {
                suggestion.tripProblem = .noPosition
                return suggestion
            }
            guard let nearby = prefill.nearestSpot else {
                suggestion.tripProblem = .noSpotNearby(coordinate)
                return suggestion
            }
            if let trip = prefill.trip(among: try diary.trips.list(spotId: nearby.spot.id), at: time) {
                suggestion.trip = trip
                suggestion.draft.tripId = trip.id
            } else {
                suggestion.tripProblem = .noTripCovers(
                    spot: nearby.spot.name, meters: nearby.meters, time: time,
                    utcOffsetSeconds: suggestion.draft.utcOffsetSeconds ?? 0)
            }
            return suggestion
        }
    }

    /// The file's metadata; a file that cannot be read or is not a photo or video is the
    /// media store's error, as for an import.
    static func metadata(of url: URL) throws -> MediaMetadata {
        do throws(MediaMetadataError) {
            return try MediaMetadataReader.read(fileAt: url)
        } catch {
            if case .unreadable(_, let reason) = error {
                throw MediaStoreError.unreadableSource(path: url.path, reason: reason)
            }
            throw MediaStoreError.unsupportedMedia(name: url.lastPathComponent, problem: error)
        }
    }
}
