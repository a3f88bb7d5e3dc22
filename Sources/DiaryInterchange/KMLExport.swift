import DiaryStore
import FishingModel
import Foundation

/// Writes the diary as KML 2.2 (issue 34 §1), what Google Earth and most map programs open:
/// a folder of spots (placemarks), and a folder per trip (its time span) holding its catches as
/// placemarks at the spot with their time and its recorded path (§3) as a line, each with a
/// description an angler reads and, in its
/// extended data, the diary's record to read back field for field. In a KMZ, a catch's photos
/// travel beside the document and show in its description.
struct KMLExport {
    var title: String
    var directories: DirectoryNames
    /// The path inside a KMZ of each catch's photos, when writing one.
    var photos: [UUID: [String]] = [:]

    func document(_ content: ExportContent) -> String {
        var kml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document>
              <name>\(XMLText.escaped(title))</name>
              <Style id="spot"><IconStyle><Icon><href>http://maps.google.com/mapfiles/kml/shapes/fishing.png</href></Icon></IconStyle></Style>
              <Style id="catch"><IconStyle><Icon><href>http://maps.google.com/mapfiles/kml/paddle/blu-circle.png</href></Icon></IconStyle></Style>
              <Folder>
                <name>Spots</name>

            """
        for spot in content.spots {
            kml += placemark(
                name: spot.name, description: spot.notes.map(html), time: nil, style: "spot",
                record: ("spot", DiaryRecordXML.json(spot)), spot.latitude, spot.longitude, indent: "    ")
        }
        kml += "  </Folder>\n"
        for spot in content.spots {
            for trip in content.trips[spot.id] ?? [] {
                kml += "  <Folder>\n    <name>\(XMLText.escaped(FeatureLabel.trip(trip, spot: spot)))</name>\n"
                if let notes = trip.notes { kml += "    <description>\(html(notes))</description>\n" }
                kml += "    <TimeSpan><begin>\(GPXExport.utc(trip.startAt))</begin>"
                if let end = trip.endAt { kml += "<end>\(GPXExport.utc(end))</end>" }
                kml += "</TimeSpan>\n" + extendedData("trip", DiaryRecordXML.json(trip), indent: "    ")
                if let path = trip.track {
                    // The line is drawn from the trip's record when read back: it carries none itself.
                    let coordinates = path.points.map {
                        "\(XMLText.number($0.longitude)),\(XMLText.number($0.latitude))"
                    }
                    kml += "    <Placemark>\n      <name>Track</name>\n      <LineString><tessellate>1</tessellate>"
                    kml +=
                        "<coordinates>\(coordinates.joined(separator: " "))</coordinates></LineString>\n    </Placemark>\n"
                }
                for item in content.catches[trip.id] ?? [] {
                    kml += placemark(
                        name: FeatureLabel.catch(item, directories: directories), description: description(item),
                        time: item.caughtAt, style: "catch",
                        record: ("catch", DiaryRecordXML.json(item)), spot.latitude, spot.longitude, indent: "    ")
                }
                kml += "  </Folder>\n"
            }
        }
        return kml + "</Document>\n</kml>\n"
    }

    private func placemark(
        name: String, description: String?, time: Date?, style: String, record: (String, String), _ latitude: Double,
        _ longitude: Double, indent: String
    ) -> String {
        var text = "\(indent)<Placemark>\n\(indent)  <name>\(XMLText.escaped(name))</name>\n"
        if let description { text += "\(indent)  <description>\(description)</description>\n" }
        if let time { text += "\(indent)  <TimeStamp><when>\(GPXExport.utc(time))</when></TimeStamp>\n" }
        text += "\(indent)  <styleUrl>#\(style)</styleUrl>\n"
        text += extendedData(record.0, record.1, indent: indent + "  ")
        text +=
            "\(indent)  <Point><coordinates>\(XMLText.number(longitude)),\(XMLText.number(latitude))</coordinates></Point>\n"
        return text + "\(indent)</Placemark>\n"
    }

    private func extendedData(_ kind: String, _ json: String, indent: String) -> String {
        "\(indent)<ExtendedData><Data name=\"hobbystory:\(kind)\"><value>\(XMLText.escaped(json, quotes: false))</value></Data></ExtendedData>\n"
    }

    /// The catch's notes and, in a KMZ, its photos.
    private func description(_ item: Catch) -> String? {
        let images = (photos[item.id] ?? []).map { "<img src=\"\($0)\" width=\"480\"/>" }
        let parts = [item.notes.map { XMLText.escaped($0) }].compactMap { $0 } + images
        return parts.isEmpty ? nil : XMLText.escaped(parts.joined(separator: "<br/>"))
    }

    /// Plain text as a description holds it: map programs show descriptions as HTML, and KML holds
    /// the HTML as text, so the text is escaped for HTML and then for XML.
    private func html(_ text: String) -> String { XMLText.escaped(XMLText.escaped(text)) }
}
