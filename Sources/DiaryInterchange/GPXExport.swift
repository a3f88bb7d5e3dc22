import DiaryStore
import FishingModel
import Foundation

/// Writes the diary as GPX 1.1 (issue 34 §1), the format every GPS, phone and map program reads:
/// each spot a waypoint (Garmin's fishing symbol), each catch a waypoint at its spot with its
/// time, each trip a track with its recorded path (§3) as a segment. Every
/// waypoint and track also carries the diary's record in an extension element, which other
/// programs ignore and the diary reads back field for field.
struct GPXExport {
    var title: String
    var directories: DirectoryNames

    func write(_ content: ExportContent, to file: ExportFile, now: Date) throws(InterchangeError) {
        try file.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="The Hobby Story — Fishing" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:hs="\(DiaryRecordXML.namespace)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata><name>\(XMLText.escaped(title))</name><time>\(Self.utc(now))</time></metadata>

            """)
        for spot in content.spots {
            try file.write(
                waypoint(
                    spot.latitude, spot.longitude, time: nil, name: spot.name, notes: spot.notes,
                    symbol: "Fishing Hot Spot Facility", type: "spot", record: ("spot", DiaryRecordXML.json(spot))))
        }
        for spot in content.spots {
            for trip in content.trips[spot.id] ?? [] {
                for item in content.catches[trip.id] ?? [] {
                    try file.write(
                        waypoint(
                            spot.latitude, spot.longitude, time: item.caughtAt,
                            name: FeatureLabel.catch(item, directories: directories), notes: item.notes,
                            symbol: "Fishing Area", type: "catch", record: ("catch", DiaryRecordXML.json(item))))
                }
            }
        }
        for spot in content.spots {
            for trip in content.trips[spot.id] ?? [] {
                var track = "  <trk>\n    <name>\(XMLText.escaped(FeatureLabel.trip(trip, spot: spot)))</name>\n"
                if let notes = trip.notes { track += "    <desc>\(XMLText.escaped(notes))</desc>\n" }
                track += "    <type>trip</type>\n"
                track += extensions("trip", DiaryRecordXML.json(trip))
                if let path = trip.track {
                    track += "    <trkseg>\n"
                    for point in path.points {
                        track +=
                            "      <trkpt lat=\"\(XMLText.number(point.latitude))\" lon=\"\(XMLText.number(point.longitude))\">"
                        if let time = point.time { track += "<time>\(Self.utc(time))</time>" }
                        track += "</trkpt>\n"
                    }
                    track += "    </trkseg>\n"
                }
                track += "  </trk>\n"
                try file.write(track)
            }
        }
        try file.write("</gpx>\n")
    }

    private func waypoint(
        _ latitude: Double, _ longitude: Double, time: Date?, name: String, notes: String?, symbol: String,
        type: String, record: (String, String)
    ) -> String {
        var text = "  <wpt lat=\"\(XMLText.number(latitude))\" lon=\"\(XMLText.number(longitude))\">\n"
        if let time { text += "    <time>\(Self.utc(time))</time>\n" }
        text += "    <name>\(XMLText.escaped(name))</name>\n"
        if let notes { text += "    <desc>\(XMLText.escaped(notes))</desc>\n" }
        text += "    <sym>\(symbol)</sym>\n    <type>\(type)</type>\n"
        text += extensions(record.0, record.1)
        return text + "  </wpt>\n"
    }

    private func extensions(_ kind: String, _ json: String) -> String {
        "    <extensions><hs:record kind=\"\(kind)\">\(XMLText.escaped(json, quotes: false))</hs:record></extensions>\n"
    }

    static func utc(_ date: Date) -> String { DiaryTime.iso8601(date, utcOffsetSeconds: 0) }
}

/// What a map program shows beside the diary's points and folders.
enum FeatureLabel {
    /// A trip's title, or "Trip on 2026-06-14 at Volga bend".
    static func trip(_ trip: Trip, spot: Spot) -> String {
        trip.title
            ?? "Trip on \(DiaryTime.iso8601(trip.startAt, utcOffsetSeconds: trip.utcOffsetSeconds).prefix(10)) at \(spot.name)"
    }

    /// "Northern pike, 2.456 kg, 71.5 cm".
    static func `catch`(_ item: Catch, directories: DirectoryNames) -> String {
        var parts = [directories.name(.species, item.speciesId, in: .english)]
        if item.count > 1 { parts[0] += " ×\(item.count)" }
        if let weight = item.weightKg { parts.append("\(XMLText.number(weight)) kg") }
        if let length = item.lengthCm { parts.append("\(XMLText.number(length)) cm") }
        return parts.joined(separator: ", ")
    }
}
