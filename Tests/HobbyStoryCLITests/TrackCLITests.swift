import Foundation
import TestSupport
import Testing

/// `trip track import|show` (issue 34 §3, §6): a GPX track onto a trip, measured in the
/// profile's units, shown with its points, refused from a file with none, cleared with the trip.
@Suite("hobbystory CLI: trip tracks")
struct TrackCLITests {
    static let trolling = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../DiaryInterchangeTests/Fixtures/gpxpy-trolling.gpx").standardized

    @Test(
        "Given a trip and a phone's GPX of the morning, when its track is imported and shown, then it is kept simplified with its length and times, and a file without a track changes nothing"
    )
    func importAndShow() throws {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        let imported = try cli.run("trip", "track", "import", Self.trolling.path, "--trip", tripId, "--json")
        #expect(imported.status == 0, "\(imported.stderr)")
        let summary = try imported.object()
        #expect(summary["pointsRead"] as? Int == 1405)
        let kept = try #require(summary["points"] as? Int)
        #expect(kept > 10 && kept < 1405)
        let meters = try #require(summary["meters"] as? Double)
        #expect(meters > 3800 && meters < 3910, "\(meters) m: the raw path is 3,907 m")
        #expect(summary["start"] as? String == "2026-06-14T06:00:05+03:00")

        let text = try cli.run("trip", "track", "show", tripId)
        #expect(text.stdout.contains("\(kept) points · 3.8"), "\(text.stdout)")
        #expect(text.stdout.contains("moving at"), "\(text.stdout)")
        let shown = try cli.run("trip", "track", "show", tripId, "--json").object()
        let path = try #require(shown["path"] as? [[String: Any]])
        #expect(path.count == kept && path.first?["time"] as? String == "2026-06-14T03:00:05Z")

        let empty = cli.folder.appendingPathComponent("no-track.gpx")
        try Data(
            "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt lat=\"1\" lon=\"2\"/></gpx>".utf8
        ).write(to: empty)
        let refused = try cli.run("trip", "track", "import", empty.path, "--trip", tripId)
        #expect(refused.status == 1 && refused.stderr.contains("holds no track"), "\(refused.stderr)")
        #expect(try cli.run("trip", "track", "show", tripId, "--json").object()["points"] as? Int == kept)

        let cleared = try cli.run("trip", "edit", tripId, "--clear", "track")
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let none = try cli.run("trip", "track", "show", tripId)
        #expect(none.status == 2 && none.stderr.contains("has no track"), "\(none.stderr)")
    }
}
