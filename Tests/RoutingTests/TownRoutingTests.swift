import Foundation
import Geodesy
import Routing
import Testing

/// Routes on town.osm: a hand-drawn grid of three streets by three roads, 111 m apart, with a
/// one-way (Centre Road north of Middle Street, northbound), no left turn from South Street into
/// Centre Road, a bollard on Middle Street east of Centre Road, a destination-only stretch of
/// East Road (north of Middle Street) and a footpath from the centre to the north-east corner.
@Suite("Routing rules on a hand-drawn town (issue 15 §3)")
struct TownRoutingTests {
    let router: OfflineRouter

    init() throws {
        router = try RoutingFixtures.router("town")
    }

    func route(_ from: (Double, Double), _ to: (Double, Double), by mode: TravelMode) throws -> Route {
        try router.plan(
            from: Coordinate(latitude: from.0, longitude: from.1), to: Coordinate(latitude: to.0, longitude: to.1),
            by: mode
        ).route
    }

    @Test(
        "Given no left turn from South Street into Centre Road, when a car goes from South Street to Centre Road, then it goes round by West Road and Middle Street, while a walker turns left"
    )
    func turnRestriction() throws {
        let car = try route((60.000, 25.001), (60.0005, 25.002), by: .car)
        #expect(abs(car.meters - 333) < 3)
        #expect(
            car.steps.map(\.instruction) == [
                "Head out on South Street", "Turn right onto West Road", "Turn right onto Middle Street",
                "Turn right onto Centre Road", "Arrive",
            ])
        let walk = try route((60.000, 25.001), (60.0005, 25.002), by: .foot)
        #expect(abs(walk.meters - 111) < 2)
        #expect(walk.steps.map(\.maneuver) == [.depart, .left, .arrive])
        #expect(car.provider == "offline:town")
    }

    @Test(
        "Given Centre Road one-way northbound above Middle Street, when a car goes south along it, then it goes round by North Street, West Road and Middle Street; a walker goes straight"
    )
    func oneWay() throws {
        let car = try route((60.0015, 25.002), (60.0005, 25.002), by: .car)
        #expect(abs(car.meters - 444) < 3)
        let walk = try route((60.0015, 25.002), (60.0005, 25.002), by: .foot)
        #expect(abs(walk.meters - 111) < 2)
    }

    @Test(
        "Given a bollard on Middle Street, when a car crosses it, then it goes round by South Street and East Road (the destination-only stretch being no short cut); a walker passes"
    )
    func bollard() throws {
        let car = try route((60.001, 25.001), (60.001, 25.0035), by: .car)
        #expect(abs(car.meters - 416) < 3)
        #expect(car.steps.compactMap(\.street).contains("South Street"))
        let walk = try route((60.001, 25.001), (60.001, 25.0035), by: .foot)
        #expect(abs(walk.meters - 139) < 2)
    }

    @Test(
        "Given the destination-only stretch of East Road, when a car would go through it, then it goes round (693 m, not 194 m); when it starts or ends in it, then it uses it"
    )
    func destinationOnly() throws {
        let through = try route((60.002, 25.0035), (60.0005, 25.004), by: .car)
        #expect(abs(through.meters - 694) < 4)
        let walk = try route((60.002, 25.0035), (60.0005, 25.004), by: .foot)
        #expect(abs(walk.meters - 194) < 3)
        let arriving = try route((60.000, 25.003), (60.0015, 25.004), by: .car)
        #expect(abs(arriving.meters - 222) < 3)
        let leaving = try route((60.0015, 25.004), (60.000, 25.003), by: .car)
        #expect(abs(leaving.meters - 222) < 3)
    }

    @Test(
        "Given the footpath from the centre to the north-east corner, when walking there, then the path is taken; a car goes by the roads"
    )
    func footpath() throws {
        let walk = try route((60.001, 25.002), (60.002, 25.004), by: .foot)
        #expect(abs(walk.meters - 157) < 3)
        let car = try route((60.001, 25.002), (60.002, 25.004), by: .car)
        #expect(car.meters > 220)
    }

    @Test(
        "Given a route, when it is described, then its line starts and ends at the snapped points, its length is the sum of its steps', and its duration is the length at the roads' speeds"
    )
    func routeShape() throws {
        let car = try route((60.0001, 25.001), (60.0005, 25.002), by: .car)
        #expect(abs(car.points[0].latitude - 60.000) < 1e-6)
        #expect(abs(car.points.last!.longitude - 25.002) < 1e-6)
        #expect(abs(car.steps.map(\.meters).reduce(0, +) - car.meters) < 0.01)
        #expect(abs(Geodesic.length(of: car.points) - car.meters) < 0.005 * car.meters)
        #expect(abs(car.seconds - car.meters / (30 / 3.6)) < 0.5)
    }

    @Test(
        "Given points far from every road or outside the graph, when routed, then the problem names the point and the distance"
    )
    func unreachablePoints() throws {
        let near = OfflineRouter(graph: router.graph, pack: "town", snapMeters: 20)
        #expect(throws: RouteProblem.noRoad(near: Coordinate(latitude: 60.0015, longitude: 25.001), withinMeters: 20)) {
            try near.plan(
                from: Coordinate(latitude: 60.0015, longitude: 25.001),
                to: Coordinate(latitude: 60.000, longitude: 25.001),
                by: .car)
        }
        let far = Coordinate(latitude: 61.5, longitude: 25.0)
        #expect(throws: RouteProblem.outsideArea(far)) {
            try router.plan(from: Coordinate(latitude: 60.000, longitude: 25.001), to: far, by: .foot)
        }
        #expect(RouteProblem.outsideArea(far).description.contains("61.5"))
    }
}
