import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import TestSupport
import Testing

/// A trip's track (issue 34 §3; T9, T10): read from other programs' GPX and KML, measured on the
/// ellipsoid as geographiclib measures it, simplified within a tolerance to fit what a trip
/// stores, written as compact text that reads back, and refused when it is not a track.
@Suite("Trip tracks")
struct TrackTests {
    static let fixtures = MapFormatsTests.fixtures

    struct Oracle: Decodable {
        let points: Int
        let meters: Double
        let seconds: Double?
        let movingSeconds: Double?
        let movingMeters: Double?
    }

    static func oracle(_ file: String) throws -> Oracle {
        let all = try JSONDecoder().decode(
            [String: Oracle].self, from: Data(contentsOf: fixtures.appendingPathComponent("track-measures.json")))
        return try #require(all[file])
    }

    @Test(
        "Given a morning's trolling written by gpxpy and a line written by fastkml, when read and measured, then their lengths, time and moving time are geographiclib's"
    )
    func measuresAgreeWithGeographiclib() throws {
        for file in ["gpxpy-trolling.gpx", "fastkml-boat-run.kml"] {
            let expected = try Self.oracle(file)
            let points = try TrackImport.points(Self.fixtures.appendingPathComponent(file))
            #expect(points.count == expected.points, "\(file): both segments, every point")
            let timed = points.first?.time != nil
            let measures = Track.measure(
                points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) },
                times: timed ? points.map { $0.time!.timeIntervalSince1970 } : nil)
            #expect(abs(measures.meters - expected.meters) < 1e-6, "\(file): \(measures.meters) m")
            #expect(measures.seconds == expected.seconds)
            #expect(measures.movingSeconds == expected.movingSeconds)
            if let movingMeters = expected.movingMeters {
                #expect(abs(measures.movingMeters - movingMeters) < 1e-6)
            }
        }
    }

    @Test(
        "Given the trolling morning, when fitted for a trip, then the kept points keep its shape within the tolerance, its length within a few percent, and its text reads back as the same points"
    )
    func fittedKeepsTheShape() throws {
        let points = try TrackImport.points(Self.fixtures.appendingPathComponent("gpxpy-trolling.gpx"))
        let (track, tolerance) = try TrackImport.fitted(points)
        #expect(tolerance == TrackImport.firstTolerance)
        #expect(track.points.count < points.count / 2, "\(track.points.count) of \(points.count) kept")
        let raw = try TripTrack(points).measures
        // What is left out is the fix's jitter while anchored: a couple of percent of the length.
        #expect(abs(track.measures.meters - raw.meters) / raw.meters < 0.025)
        #expect(try track.points.first == TripTrack(points).points.first)
        #expect(track.points.last?.time == points.last?.time)
        let text = track.encoded
        #expect(
            text.utf8.count <= Limits.trackCharacters && text.utf8.allSatisfy { (63...126).contains($0) || $0 == 0x74 })
        #expect(TripTrack(encoded: text) == track, "the text reads back as the same points")
        // Every point left out lies within the tolerance of the kept line (measured on the
        // ellipsoid, from the nearest kept point or the segment between them).
        let kept = track.points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let farthest =
            points.map { point in
                Self.distance(from: Coordinate(latitude: point.latitude, longitude: point.longitude), toLine: kept)
            }.max() ?? 0
        // The kept points are rounded to 1e-5 degrees (about a metre) as the text stores them.
        #expect(farthest <= tolerance + 1, "a point lies \(farthest) m from the kept line")
    }

    /// The metres from a point to the nearest segment of a line: each segment's nearest point
    /// found on a flat local map (metres per degree from the sphere), its distance measured by
    /// the geodesic.
    static func distance(from point: Coordinate, toLine line: [Coordinate]) -> Double {
        let perDegree = 111_320.0
        let east = cos(point.latitude * .pi / 180) * perDegree
        func local(_ c: Coordinate) -> (Double, Double) {
            ((c.longitude - point.longitude) * east, (c.latitude - point.latitude) * perDegree)
        }
        return zip(line, line.dropFirst()).map { a, b in
            let (ax, ay) = local(a)
            let (bx, by) = local(b)
            let (dx, dy) = (bx - ax, by - ay)
            let squared = dx * dx + dy * dy
            let t = squared == 0 ? 0 : max(0, min(1, -(ax * dx + ay * dy) / squared))
            let nearest = Coordinate(
                latitude: a.latitude + t * (b.latitude - a.latitude),
                longitude: a.longitude + t * (b.longitude - a.longitude))
            return Geodesic.inverse(from: point, to: nearest).meters
        }.min() ?? .infinity
    }

    @Test(
        "Given a track far longer than a trip stores, when fitted, then the tolerance doubles until its text fits"
    )
    func longTrackFits() throws {
        var generator = SeededRandom(seed: 34)
        var (latitude, longitude) = (60.15, 24.87)
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let points = (0..<20_000).map { index -> TrackPoint in
            latitude += Double.random(in: -0.00005...0.00005, using: &generator)
            longitude += Double.random(in: -0.00008...0.00008, using: &generator)
            return TrackPoint(
                latitude: latitude, longitude: longitude, time: start.addingTimeInterval(Double(index) * 2))
        }
        let (track, tolerance) = try TrackImport.fitted(points)
        #expect(tolerance > TrackImport.firstTolerance)
        #expect(track.encoded.utf8.count <= Limits.trackCharacters)
        #expect(TripDraft(spotId: UUID(), track: track).withDefaults(now: start).issues(now: start).isEmpty)
    }

    @Test(
        "Given text that is not a track and points that make none, when read, then each is refused: nothing half-read"
    )
    func hostileTracks() {
        for text in [
            "", "x", "t?", "t??", "p?", "t_", "p" + String(repeating: "~", count: 12) + "?", "t\u{7F}??", "p\u{2603}?",
        ] {
            #expect(TripTrack(encoded: text) == nil, "\(text.debugDescription)")
        }
        #expect(TripTrack(encoded: "p")?.points == [], "an empty track's text")
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(throws: TrackError.someWithoutTime(timed: 1, of: 2)) {
            try TripTrack([TrackPoint(latitude: 1, longitude: 1, time: now), TrackPoint(latitude: 1, longitude: 2)])
        }
        #expect(throws: TrackError.offTheGlobe(point: 2)) {
            try TripTrack([TrackPoint(latitude: 1, longitude: 1), TrackPoint(latitude: 91, longitude: 2)])
        }
        #expect(throws: TrackError.timeGoesBack(point: 2)) {
            try TripTrack([
                TrackPoint(latitude: 1, longitude: 1, time: now), TrackPoint(latitude: 1, longitude: 2, time: now - 60),
            ])
        }
        let track = try? TripTrack([
            TrackPoint(latitude: -33.45678, longitude: 179.99999, time: now),
            TrackPoint(latitude: -33.45679, longitude: -179.99999, time: now + 1),
        ])
        #expect(track.flatMap { TripTrack(encoded: $0.encoded) } == track, "across the date line")
    }

    @Test(
        "Given a GPX track of more points than an import reads, when read, then it is refused by its limit before anything is simplified"
    )
    func tooManyPoints() throws {
        let f = try InterchangeFixture()
        var gpx = "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        gpx += String(repeating: "<trkpt lat=\"60.1\" lon=\"24.9\"/>", count: InterchangeLimits.trackPoints + 1)
        gpx += "</trkseg></trk></gpx>"
        let file = try f.file("endless.gpx", gpx)
        let error = #expect(throws: InterchangeError.self) { try TrackImport.points(file) }
        #expect(error?.description.contains("more than \(InterchangeLimits.trackPoints) points") == true)
    }

    @Test(
        "Given a trip with its track, when exported as GPX and KML, then gpxpy reads its points, the KML stays valid, and each imports back with the track and no stray one"
    )
    func tracksTravelInExports() throws {
        let f = try InterchangeFixture()
        let source = try f.diary(named: "Anna")
        let (_, trip) = try f.sample(in: source)
        let gpx = try f.export(source, format: .gpx)
        let script = """
            import gpxpy, sys
            g = gpxpy.parse(open(sys.argv[1], encoding="utf-8"))
            print([len(s.points) for t in g.tracks for s in t.segments], g.tracks[0].segments[0].points[1].time.isoformat())
            """
        #expect(try externalOutput(["python3", "-c", script, gpx.path]) == "[4] 2026-06-14T02:10:00+00:00\n")
        for format in [InterchangeFormat.gpx, .kml] {
            let file = try f.export(source, format: format)
            let target = try f.diary(named: "Copy \(format.rawValue)")
            let plan = try DiaryImporter.plan(file, diary: target, options: ImportOptions())
            #expect(plan.notes.isEmpty, "\(format): \(plan.notes)")
            try DiaryImporter.commit(plan, diary: target)
            #expect(try target.trips.record(trip.id).track == trip.track, "\(format)")
        }
    }
}
