import FishingModel
import Foundation

/// Reads the placemarks and folders of a KML file (Google Earth, My Maps, OsmAnd, the diary
/// itself) into ``MapFeature``s, through the hostile-safe ``XMLScanner``: a point placemark is a
/// point, a line or `gx:Track` a track, other shapes are counted; a placemark or folder the diary
/// wrote carries its record in `ExtendedData`.
enum KMLRead {
    static func features(_ data: [UInt8]) throws(InterchangeError) -> [MapFeature] {
        var scanner = try XMLScanner(data)
        var features: [MapFeature] = []
        /// The open placemarks and folders, innermost last, each with its nesting depth.
        var open: [(feature: MapFeature, depth: Int)] = []
        var depth = 0
        var text = ""
        var dataName: String?
        var shapes: [String] = []
        var counts: [String: Int] = [:]
        /// A `gx:Track`'s times and positions, paired when the placemark ends.
        var whens: [Date?] = []
        var coords: [TrackPoint?] = []
        try scanner.scan(root: "kml", format: "KML") { event throws(InterchangeError) in
            switch event {
            case .start(let name, let attributes):
                depth += 1
                text = ""
                switch name {
                case "Placemark", "Folder":
                    counts[name, default: 0] += 1
                    let noun = name == "Placemark" ? "placemark" : "folder"
                    open.append(
                        (
                            MapFeature(
                                source: "\(noun) \(counts[name]!)", shape: name == "Folder" ? .folder : .other("shape")),
                            depth
                        ))
                    shapes = []
                    whens = []
                    coords = []
                case "Data": dataName = attributes["name"]
                case "Point", "LineString", "Track", "MultiTrack", "Polygon", "LinearRing", "Model", "MultiGeometry":
                    shapes.append(name)
                default: break
                }
            case .text(let chunk):
                text += chunk
            case .end(let name):
                defer {
                    depth -= 1
                    text = ""
                }
                guard let last = open.last else { return }
                let value = XMLText.trimmed(text)
                let direct = depth == last.depth + 1
                switch name {
                case "name" where direct:
                    open[open.count - 1].feature.name = value
                    open[open.count - 1].feature.source += " (\(value.prefix(60)))"
                case "description" where direct:
                    let plain = plainText(value)
                    open[open.count - 1].feature.notes = plain.isEmpty ? nil : plain
                case "value":
                    if let dataName, dataName.hasPrefix("hobbystory:") {
                        open[open.count - 1].feature.record = DiaryRecordXML.record(
                            kind: String(dataName.dropFirst("hobbystory:".count)), json: value)
                    }
                case "Data": dataName = nil
                case "coordinates" where shapes == ["Point"]:
                    let parts = value.split(separator: ",").map(String.init)
                    let longitude = MapFeature.coordinate(parts.first, -180...180)
                    let latitude = MapFeature.coordinate(parts.count > 1 ? parts[1] : nil, -90...90)
                    if let latitude, let longitude, parts.count <= 3 {
                        open[open.count - 1].feature.shape = .point(latitude: latitude, longitude: longitude)
                    } else {
                        open[open.count - 1].feature.problem =
                            "the coordinates \"\(value.prefix(80))\" are not longitude,latitude[,altitude]"
                    }
                case "coordinates" where shapes.first == "LineString":
                    let line = Self.line(value)
                    open[open.count - 1].feature.add(line)
                    if line.isEmpty {
                        open[open.count - 1].feature.problem =
                            "the line's coordinates \"\(value.prefix(80))\" are not longitude,latitude[,altitude] tuples"
                    }
                // One past the limit is kept, so that pairing them says the track is too long.
                case "when" where shapes.last == "Track" && whens.count <= InterchangeLimits.trackPoints:
                    whens.append(MapFeature.time(value))
                case "coord" where shapes.last == "Track" && coords.count <= InterchangeLimits.trackPoints:
                    let parts = value.split(whereSeparator: \.isWhitespace).map(String.init)
                    let longitude = MapFeature.coordinate(parts.first, -180...180)
                    let latitude = MapFeature.coordinate(parts.count > 1 ? parts[1] : nil, -90...90)
                    coords.append(latitude.flatMap { la in longitude.map { TrackPoint(latitude: la, longitude: $0) } })
                case "Placemark", "Folder":
                    var feature = open.removeLast().feature
                    feature.withinDiaryTrip = open.contains {
                        if case .trip = $0.feature.record { true } else { false }
                    }
                    if name == "Placemark", case .other = feature.shape {
                        let shape = shapes.first ?? "placemark without a shape"
                        feature.shape = ["LineString", "Track", "MultiTrack"].contains(shape) ? .track : .other(shape)
                    }
                    if name == "Placemark", !coords.isEmpty || !whens.isEmpty {
                        if let problem = Self.trackProblem(whens, coords) {
                            feature.problem = problem
                        } else {
                            feature.add(
                                zip(whens, coords).map {
                                    TrackPoint(latitude: $1!.latitude, longitude: $1!.longitude, time: $0)
                                })
                        }
                    }
                    features.append(feature)
                default: break
                }
            }
        }
        return features
    }

    /// The points of a line's `coordinates`: tuples of longitude,latitude[,altitude] apart by
    /// white space; none when any tuple is not one.
    static func line(_ text: String) -> [TrackPoint] {
        var points: [TrackPoint] = []
        for tuple in text.split(whereSeparator: \.isWhitespace) {
            let parts = tuple.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard (2...3).contains(parts.count), let longitude = MapFeature.coordinate(parts[0], -180...180),
                let latitude = MapFeature.coordinate(parts[1], -90...90)
            else { return [] }
            points.append(TrackPoint(latitude: latitude, longitude: longitude))
        }
        return points
    }

    /// Why a `gx:Track`'s times and positions do not pair up, or nil when they do.
    static func trackProblem(_ whens: [Date?], _ coords: [TrackPoint?]) -> String? {
        guard whens.count == coords.count else {
            return "the track has \(whens.count) times and \(coords.count) positions; each position needs its time"
        }
        if let index = whens.firstIndex(where: { $0 == nil }) { return "point \(index + 1)'s time is not a time" }
        if let index = coords.firstIndex(where: { $0 == nil }) { return "point \(index + 1) is not a position" }
        return nil
    }

    /// A description's HTML as the text an angler wrote: line breaks kept, tags dropped, the
    /// common entities read.
    static func plainText(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var text = html.replacingOccurrences(of: "<br>", with: "\n", options: .caseInsensitive)
            .replacingOccurrences(of: "<br/>", with: "\n", options: .caseInsensitive)
            .replacingOccurrences(of: "<br />", with: "\n", options: .caseInsensitive)
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
