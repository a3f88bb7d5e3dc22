import Geodesy
import Routing
import Testing

@Suite("Route providers in order (issue 15 §3)")
struct FallbackRoutesTests {
    struct Fixed: RouteProvider {
        let answer: Result<String, RouteProblem>
        func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem) -> Route
        {
            switch answer {
            case .success(let provider): Route(points: [start, end], meters: 1, seconds: 1, provider: provider)
            case .failure(let problem): throw problem
            }
        }
    }

    let a = Coordinate(latitude: 60, longitude: 25)
    let b = Coordinate(latitude: 60.1, longitude: 25)

    @Test("Given the first provider offline, when routing, then the next one answers and says so")
    func fallsBack() async throws {
        let routes = FallbackRoutes([Fixed(answer: .failure(.offline)), Fixed(answer: .success("osrm"))])
        #expect(try await routes.route(from: a, to: b, by: .car).provider == "osrm")
    }

    @Test("Given the first provider answering, when routing, then the later ones are not asked")
    func firstWins() async throws {
        let routes = FallbackRoutes([Fixed(answer: .success("offline:helsinki")), Fixed(answer: .failure(.offline))])
        #expect(try await routes.route(from: a, to: b, by: .foot).provider == "offline:helsinki")
    }

    @Test(
        "Given every provider failing, when routing, then 'no route' wins if any found none, else the first provider's problem"
    )
    func allFail() async {
        let noneFound = FallbackRoutes([Fixed(answer: .failure(.outsideArea(a))), Fixed(answer: .failure(.noRoute))])
        await #expect(throws: RouteProblem.noRoute) { try await noneFound.route(from: a, to: b, by: .car) }
        let unreachable = FallbackRoutes([Fixed(answer: .failure(.outsideArea(a))), Fixed(answer: .failure(.offline))])
        await #expect(throws: RouteProblem.outsideArea(a)) { try await unreachable.route(from: a, to: b, by: .car) }
        await #expect(throws: RouteProblem.self) { try await FallbackRoutes([]).route(from: a, to: b, by: .car) }
    }
}
