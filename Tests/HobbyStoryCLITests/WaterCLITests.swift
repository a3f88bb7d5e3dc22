import Foundation
import TestSupport
import Testing

/// The water on trips and catches from the command line (issue 34 §5): noted, shown, cleared,
/// refused with the field named, and grouped by in a report.
@Suite("hobbystory CLI: the water")
struct WaterCLITests {
    @Test(
        "Given a trip and a catch with their water, when shown, listed in a report and cleared, then every figure comes back as given and a bad one is refused by name"
    )
    func waterEndToEnd() throws {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        let edited = try cli.run(
            "trip", "edit", tripId, "--water-temp-c", "14.5", "--water-clarity-m", "1.2", "--water-level-m", "-0.4",
            "--water-trend", "falling", "--json")
        #expect(edited.status == 0, "\(edited.stderr)")
        let trip = try edited.object()
        #expect(trip["waterTempC"] as? Double == 14.5)
        #expect(trip["waterClarityM"] as? Double == 1.2)
        #expect(trip["waterLevelM"] as? Double == -0.4)
        #expect(trip["waterTrend"] as? String == "falling")
        let shown = try cli.run("trip", "show", tripId)
        #expect(shown.stdout.contains("Water: 14.5 °C, seen to 1.2 m, -0.4 m against the usual level, falling"))

        for (time, trend) in [("06:10", "rising"), ("07:10", "rising"), ("08:10", "steady")] {
            let added = try cli.run(
                "catch", "add", "--trip", tripId, "--species", "Northern pike", "--time", "2026-06-01T\(time):00+03:00",
                "--water-trend", trend, "--water-clarity-m", "0.8", "--json")
            #expect(added.status == 0, "\(added.stderr)")
        }
        let report = try cli.run("report", "run", "--formula", "count(catch) by catch.water_trend", "--json")
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("rising") && report.stdout.contains("steady"), "\(report.stdout)")

        let refused = try cli.run(
            "catch", "add", "--trip", tripId, "--species", "Northern pike", "--water-trend", "up",
            "--water-clarity-m", "-1")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("waterTrend =") && refused.stderr.contains("rising, steady or falling"))
        #expect(refused.stderr.contains("waterClarityM ="), "\(refused.stderr)")
        #expect(try cli.run("catch", "list", "--json").array().count == 3, "nothing saved")

        let cleared = try cli.run(
            "trip", "edit", tripId, "--clear", "water-trend", "--clear", "water-level-m", "--json"
        ).object()
        #expect(cleared["waterTrend"] is NSNull && cleared["waterLevelM"] is NSNull)
        #expect(cleared["waterClarityM"] as? Double == 1.2, "what was not cleared stays")
    }
}
