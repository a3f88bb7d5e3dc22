import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation
import Geodesy

extension HobbyStoryCLI {
    /// `trip track import FILE --trip ID` and `trip track show ID` (issue 34 §3, §6; T9, T10): a
    /// trip's path read from a GPX, KML or KMZ file (a phone's tracker, Garmin, OsmAnd, Google
    /// Earth), stored simplified, and measured on the ellipsoid in the angler's units.
    static let trackCommands: [Command] = [
        Command(name: "trip track import", operands: ["FILE"], spec: OptionSpec(values: ["trip", "format"])) { c in
            guard let tripText = c.text("trip") else { throw UsageError("trip track import needs --trip ID") }
            let diary = try c.diary()
            let id = try c.id(tripText, .trip)
            let url = URL(fileURLWithPath: c.operands[0])
            let outcome = try TrackImport.run(url, trip: id, diary: diary, format: try c.format("format"))
            guard let track = outcome.trip.track else { return }
            guard case .object(var object) = c.trackJSON(track, trip: outcome.trip, points: false) else { return }
            object["pointsRead"] = .integer(Int64(outcome.pointsRead))
            object["toleranceM"] = .number(outcome.toleranceMeters)
            c.output(
                .object(object),
                text:
                    "Saved the track of trip \(c.text(outcome.trip)): \(outcome.pointsKept) of \(outcome.pointsRead) points kept (within \(c.number(outcome.toleranceMeters)) m of the line)\n"
                    + c.trackText(track))
        },
        Command(name: "trip track show", operands: ["ID"]) { c in
            let trip = try c.diary().trips.record(try c.id(c.operands[0], .trip))
            guard let track = trip.track else {
                throw UsageError(
                    "trip \(c.shortId(trip.id)) has no track: import one with `hobbystory trip track import FILE --trip \(c.shortId(trip.id))`"
                )
            }
            c.output(c.trackJSON(track, trip: trip, points: true), text: c.trackText(track))
        },
    ]
}

extension CommandContext {
    /// A track's figures in the profile's units: "4.21 km · 2 h 05 min, 1 h 40 min moving at 2.5 km/h".
    func trackText(_ track: TripTrack) -> String {
        let measures = track.measures
        let imperial = (try? diary().profile.units) == .imperial
        let (length, lengthUnit, speedUnit) =
            imperial ? (1_609.344, "mi", Conversion.metresPerSecondPerMilePerHour) : (1_000, "km", 1 / 3.6)
        var line = "\(track.points.count) points · \(String(format: "%.2f", measures.meters / length)) \(lengthUnit)"
        if let seconds = measures.seconds { line += " · \(duration(seconds))" }
        if let moving = measures.movingSeconds {
            line += ", \(duration(moving)) moving"
            if let speed = measures.movingMetersPerSecond {
                line += " at \(String(format: "%.1f", speed / speedUnit)) \(imperial ? "mph" : "km/h")"
            }
        }
        return line
    }

    /// A track as JSON: SI figures, its span, and its points when asked.
    func trackJSON(_ track: TripTrack, trip: Trip, points: Bool) -> JSONValue {
        let measures = track.measures
        var object: [String: JSONValue] = [
            "tripId": .string(trip.id.uuidString.lowercased()), "points": .integer(Int64(track.points.count)),
            "meters": .number(measures.meters), "seconds": JSONValue(measures.seconds),
            "movingSeconds": JSONValue(measures.movingSeconds),
            "movingMetersPerSecond": JSONValue(measures.movingMetersPerSecond),
            "start": JSONValue(iso(track.points.first?.time, trip.utcOffsetSeconds)),
            "end": JSONValue(iso(track.points.last?.time, trip.utcOffsetSeconds)),
        ]
        if points {
            object["path"] = .array(
                track.points.map { point in
                    var pair: [String: JSONValue] = ["lat": .number(point.latitude), "lon": .number(point.longitude)]
                    if let time = point.time { pair["time"] = .string(DiaryTime.iso8601(time, utcOffsetSeconds: 0)) }
                    return .object(pair)
                })
        }
        return .object(object)
    }

    private func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
    }
}
