import FishingModel
import Foundation

/// Reads the waypoints and tracks of a GPX file (1.0 or 1.1, from any program: phones' tracking
/// apps, Garmin, OsmAnd, the diary itself) into ``MapFeature``s, through the hostile-safe
/// ``XMLScanner``.
enum GPXRead {
    static func features(_ data: [UInt8]) throws(InterchangeError) -> [MapFeature] {
        var scanner = try XMLScanner(data)
        var features: [MapFeature] = []
        var path: [String] = []
        var current: MapFeature?
        var text = ""
        var recordKind: String?
        var counts: [String: Int] = [:]
        var point: TrackPoint?
        try scanner.scan(root: "gpx", format: "GPX") { event throws(InterchangeError) in
            switch event {
            case .start(let name, let attributes):
                path.append(name)
                text = ""
                guard path.count == 2 else {
                    if name == "record", current != nil { recordKind = attributes["kind"] }
                    if name == "trkpt", path.count == 4, current?.shape == .track {
                        let latitude = MapFeature.coordinate(attributes["lat"], -90...90)
                        let longitude = MapFeature.coordinate(attributes["lon"], -180...180)
                        if let latitude, let longitude {
                            point = TrackPoint(latitude: latitude, longitude: longitude)
                        } else if current!.problem == nil {
                            current!.problem =
                                "point \(current!.points.count + 1): lat \"\(attributes["lat"] ?? "")\" and lon \"\(attributes["lon"] ?? "")\" are not a position"
                        }
                    }
                    return
                }
                counts[name, default: 0] += 1
                let number = counts[name]!
                switch name {
                case "wpt":
                    var feature = MapFeature(source: "waypoint \(number)", shape: .point(latitude: 0, longitude: 0))
                    let latitude = MapFeature.coordinate(attributes["lat"], -90...90)
                    let longitude = MapFeature.coordinate(attributes["lon"], -180...180)
                    if let latitude, let longitude {
                        feature.shape = .point(latitude: latitude, longitude: longitude)
                    } else {
                        feature.problem =
                            "lat \"\(attributes["lat"] ?? "")\" and lon \"\(attributes["lon"] ?? "")\" are not a position (latitude -90 to 90, longitude -180 to 180)"
                    }
                    current = feature
                case "trk": current = MapFeature(source: "track \(number)", shape: .track)
                case "rte": current = MapFeature(source: "route \(number)", shape: .other("route"))
                default: current = nil
                }
            case .text(let chunk):
                text += chunk
            case .end(let name):
                defer { path.removeLast() }
                guard current != nil else { return }
                let value = XMLText.trimmed(text)
                switch (path.count, name) {
                case (3, "name"):
                    current!.name = value
                    current!.source += " (\(value.prefix(60)))"
                case (3, "desc"): current!.notes = value.isEmpty ? current!.notes : value
                case (3, "cmt"): current!.notes = current!.notes ?? (value.isEmpty ? nil : value)
                case (3, "type"): current!.type = value
                case (5, "time") where point != nil:
                    guard let time = MapFeature.time(value) else {
                        if current!.problem == nil {
                            current!.problem =
                                "point \(current!.points.count + 1): \"\(value.prefix(40))\" is not a time"
                        }
                        point = nil
                        break
                    }
                    point!.time = time
                case (4, "trkpt"):
                    if let point { current!.add([point]) }
                    point = nil
                case (_, "record") where recordKind != nil:
                    current!.record = DiaryRecordXML.record(kind: recordKind!, json: value)
                    recordKind = nil
                case (2, _):
                    features.append(current!)
                    current = nil
                default: break
                }
                text = ""
            }
        }
        return features
    }
}
