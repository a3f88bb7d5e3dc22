import DiaryStore
import FishingModel
import Foundation
import Geodesy

/// A trip's track read from a GPX, KML or KMZ file (issue 34 §3, §6 `trip track import FILE
/// --trip ID`; T9, T10): the file's tracks joined in its order, simplified until the track fits
/// what a trip stores without losing its shape, and saved on the trip, replacing any it had.
public enum TrackImport {
    /// What a track import did: the points read and kept, and how far the kept ones stray.
    public struct Outcome: Sendable, Equatable {
        public var trip: Trip
        public var pointsRead: Int
        public var pointsKept: Int
        /// The widest any left-out point lies from the kept line, metres.
        public var toleranceMeters: Double
    }

    /// How far a point may lie from the simplified line at first: about a GPS fix's own error.
    public static let firstTolerance = 2.0

    /// The points of every track in the file, in its order.
    public static func points(_ url: URL, format: InterchangeFormat? = nil) throws -> [TrackPoint] {
        let data = try DiaryImporter.read(url)
        let features: [MapFeature]
        switch try format ?? InterchangeFormat(fileName: url.lastPathComponent) ?? DiaryImporter.sniff(data) {
        case .gpx: features = try GPXRead.features(data)
        case .kml: features = try KMLRead.features(data)
        case .kmz: features = try KMLRead.features(try ZipArchive.document(in: data))
        case .csv:
            throw InterchangeError.unknownFormat("\(url.lastPathComponent) (a track is read from GPX, KML or KMZ)")
        }
        let tracks = features.filter { $0.shape == .track }
        if let broken = tracks.first(where: { $0.problem != nil }) {
            throw InterchangeError.malformed(place: broken.source, detail: broken.problem!)
        }
        let points = tracks.flatMap(\.points)
        guard points.count <= InterchangeLimits.trackPoints else {
            throw InterchangeError.limit(
                place: url.lastPathComponent, what: "track points", limit: InterchangeLimits.trackPoints)
        }
        guard points.count >= 2 else {
            throw InterchangeError.nothingToImport(
                "\(url.lastPathComponent) holds no track of two points or more (\(tracks.count) tracks, \(points.count) points)"
            )
        }
        return points
    }

    /// The track of `points` a trip can store: simplified within ``firstTolerance``, and twice as
    /// loosely each time until its text fits `Limits.trackCharacters`; with the tolerance used.
    public static func fitted(_ points: [TrackPoint]) throws(TrackError) -> (track: TripTrack, toleranceMeters: Double)
    {
        let whole = try TripTrack(points)
        let coordinates = whole.points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        var tolerance = firstTolerance
        while true {
            let kept = Track.simplified(coordinates, toleranceMeters: tolerance)
            let track = try TripTrack(kept.map { whole.points[$0] })
            if track.encoded.utf8.count <= Limits.trackCharacters { return (track, tolerance) }
            tolerance *= 2
        }
    }

    /// Reads the file's tracks and saves them on the trip, in one transaction.
    public static func run(_ url: URL, trip id: UUID, diary: Diary, format: InterchangeFormat? = nil) throws -> Outcome
    {
        let points = try points(url, format: format)
        let (track, tolerance) = try fitted(points)
        let trip = try diary.trips.update(id) { $0.track = track }
        return Outcome(trip: trip, pointsRead: points.count, pointsKept: track.points.count, toleranceMeters: tolerance)
    }
}
