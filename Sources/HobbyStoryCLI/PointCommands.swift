import DiaryServices
import FishingModel
import Foundation
import Geodesy
import Routing

extension HobbyStoryCLI {
    /// `point --lat LAT --lon LON [--to LAT,LON] [--by car|foot]`: everything about a point (issue
    /// 15 §4, T9, T10) — its coordinates in three notations, the place, the saved spots nearest to
    /// it (when a profile is at hand), the nearest road in a map pack on this device, the distance
    /// and bearing to `--to`, and the conditions now (offline: the almanac's part).
    static let pointCommands: [Command] = [
        Command(name: "point", spec: OptionSpec(values: ["lat", "lon", "to", "by"])) { c in
            let point = try c.coordinate()
            let other = try c.text("to").map { _ in try c.parsedCoordinate("to") }
            let mode = try c.travelMode()
            let spots = (try? c.diary().spots.list()) ?? []
            let service = PointInfoService(
                labeler: BundledGazetteerLabeler(), packs: try c.mapPacks(), weather: try? c.weatherService())
            let now = c.cli.now()
            let info = waitFor {
                await service.info(at: point, spots: spots, to: other, by: mode, now: now, budget: .seconds(5))
            }
            c.output(Self.json(info), text: Self.text(info))
        }
    ]

    static func json(_ info: PointInfo) -> JSONValue {
        let rounded = { (value: Double, places: Double) in JSONValue.number((value * places).rounded() / places) }
        let point = { (p: Coordinate) in JSONValue.array([rounded(p.latitude, 1e7), rounded(p.longitude, 1e7)]) }
        return .object([
            "latitude": .number(info.coordinate.latitude), "longitude": .number(info.coordinate.longitude),
            "decimal": .string(info.coordinate.formatted(.decimal)), "dms": .string(info.coordinate.formatted(.dms)),
            "ddm": .string(info.coordinate.formatted(.ddm)),
            "place": info.place.map { place in
                .object([
                    "settlement": .string(place.settlement), "region": JSONValue(place.region),
                    "country": .string(place.country), "countryCode": .string(place.countryCode),
                    "description": .string(place.description),
                ])
            } ?? .null,
            "nearestSpots": .array(
                info.nearestSpots.map { near in
                    .object([
                        "id": .string(near.spot.id.uuidString), "name": .string(near.spot.name),
                        "distanceM": rounded(near.meters, 10), "bearing": rounded(near.bearing, 10),
                    ])
                }),
            "nearestRoad": info.nearestRoad.map { road in
                .object([
                    "location": point(road.point), "distanceM": rounded(road.meters, 10),
                    "street": road.street.map { .string($0) } ?? .null, "pack": .string(road.pack),
                ])
            } ?? .null,
            "distance": info.distance.map { line in
                .object([
                    "to": point(line.other), "meters": rounded(line.meters, 1000), "bearing": rounded(line.bearing, 10),
                ])
            } ?? .null,
            "conditions": info.conditions.map(weatherJSON) ?? .null,
        ])
    }

    static func text(_ info: PointInfo) -> String {
        var lines = [
            info.coordinate.formatted(.decimal), info.coordinate.formatted(.dms), info.coordinate.formatted(.ddm),
        ]
        if let place = info.place { lines.append(place.description) }
        if let road = info.nearestRoad {
            lines.append(
                "Nearest road: \(road.street ?? "unnamed") at \(Int(road.meters.rounded())) m (pack \(road.pack))")
        }
        if let line = info.distance {
            lines.append(
                String(
                    format: "To %@: %.3f km, bearing %.1f°", line.other.formatted(.decimal), line.meters / 1000,
                    line.bearing))
        }
        lines += info.nearestSpots.map { "Spot \($0.spot.name): \(Int($0.meters.rounded())) m" }
        if let conditions = info.conditions { lines.append(weatherText(conditions)) }
        return lines.joined(separator: "\n")
    }
}
