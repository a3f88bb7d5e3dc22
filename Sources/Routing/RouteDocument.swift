import Geodesy

/// A route as JSON (issue 15 §3), the same from the CLI (`hobbystory route --json`) and the
/// portal (`GET /v1/route`): `{"distanceM","durationS","geometry":[[lat,lon],…],"steps":[…],
/// "provider"}`, lengths to the decimetre, times to the tenth of a second, points to 1e-7°.
public struct RouteDocument: Codable, Sendable, Equatable {
    public struct Step: Codable, Sendable, Equatable {
        public var maneuver: Maneuver
        public var instruction: String
        public var street: String?
        public var distanceM: Double
        public var durationS: Double
        public var location: [Double]

        /// Writes `street` as null when there is none: readers see one shape for every step.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(maneuver, forKey: .maneuver)
            try container.encode(instruction, forKey: .instruction)
            try container.encode(street, forKey: .street)
            try container.encode(distanceM, forKey: .distanceM)
            try container.encode(durationS, forKey: .durationS)
            try container.encode(location, forKey: .location)
        }
    }

    public var distanceM: Double
    public var durationS: Double
    public var geometry: [[Double]]
    public var steps: [Step]
    public var provider: String

    public init(_ route: Route) {
        let point = { (p: Coordinate) in [Self.round(p.latitude, 1e7), Self.round(p.longitude, 1e7)] }
        distanceM = Self.round(route.meters, 10)
        durationS = Self.round(route.seconds, 10)
        geometry = route.points.map(point)
        steps = route.steps.map { step in
            Step(
                maneuver: step.maneuver, instruction: step.instruction, street: step.street,
                distanceM: Self.round(step.meters, 10), durationS: Self.round(step.seconds, 10),
                location: point(step.location))
        }
        provider = route.provider
    }

    private static func round(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }
}
