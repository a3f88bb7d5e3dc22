import Geodesy

/// How the angler travels (T9): by car on roads open to cars, or on foot on roads and paths.
public enum TravelMode: String, Sendable, Codable, CaseIterable {
    case car, foot
}

/// What a route minimises: the expected travel time (the default), or the length.
public enum RouteMetric: String, Sendable, Codable, CaseIterable {
    case fastest, shortest
}

/// A route along roads between two points (T9, T10): its line, length, expected duration, the
/// turn-by-turn steps and which provider answered (an offline pack or an online service).
public struct Route: Sendable, Equatable {
    public var points: [Coordinate]
    public var meters: Double
    public var seconds: Double
    public var steps: [RouteStep]
    /// Who answered: `offline:<pack>`, `osrm`, `valhalla`, `graphhopper` or `apple`.
    public var provider: String

    public init(points: [Coordinate], meters: Double, seconds: Double, steps: [RouteStep] = [], provider: String) {
        self.points = points
        self.meters = meters
        self.seconds = seconds
        self.steps = steps
        self.provider = provider
    }
}

/// What the traveller does at the start of a step.
public enum Maneuver: String, Sendable, Codable, CaseIterable {
    case depart, straight, slightLeft, left, sharpLeft, slightRight, right, sharpRight, uTurn, roundabout, arrive

    /// The maneuver for a change of heading in degrees (positive: clockwise, to the right).
    public static func turning(by degrees: Double) -> Maneuver {
        let size = abs(degrees)
        let right = degrees > 0
        switch size {
        case ..<20: return .straight
        case ..<50: return right ? .slightRight : .slightLeft
        case ..<135: return right ? .right : .left
        case ..<170: return right ? .sharpRight : .sharpLeft
        default: return .uTurn
        }
    }
}

/// One instruction of a route: what to do where, onto which street, and how far it lasts.
public struct RouteStep: Sendable, Equatable, Codable {
    public var maneuver: Maneuver
    public var street: String?
    public var meters: Double
    public var seconds: Double
    public var location: Coordinate

    public init(maneuver: Maneuver, street: String?, meters: Double, seconds: Double, location: Coordinate) {
        self.maneuver = maneuver
        self.street = street
        self.meters = meters
        self.seconds = seconds
        self.location = location
    }

    /// The instruction in English, as the CLI prints it ("Turn left onto Simonkatu").
    public var instruction: String {
        let onto = street.map { " onto \($0)" } ?? ""
        switch maneuver {
        case .depart: return "Head out" + (street.map { " on \($0)" } ?? "")
        case .straight: return "Continue" + onto
        case .slightLeft: return "Bear left" + onto
        case .left: return "Turn left" + onto
        case .sharpLeft: return "Turn sharp left" + onto
        case .slightRight: return "Bear right" + onto
        case .right: return "Turn right" + onto
        case .sharpRight: return "Turn sharp right" + onto
        case .uTurn: return "Make a U-turn" + onto
        case .roundabout: return "Enter the roundabout" + (street.map { " and leave onto \($0)" } ?? "")
        case .arrive: return "Arrive"
        }
    }
}

/// Why no route came back; the description says what is wrong, each front end how to fix it.
public enum RouteProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// No road joins the points in the data the provider has (an offline pack's area, say).
    case noRoute
    /// The provider needs the network and there is none.
    case offline
    /// No road the mode may use lies within `meters` of the point.
    case noRoad(near: Coordinate, withinMeters: Double)
    /// The point lies outside every routing graph at hand.
    case outsideArea(Coordinate)
    case failed(String)

    public var description: String {
        switch self {
        case .noRoute: "no road joins the two points"
        case .offline: "the route needs the network, and there is none"
        case .noRoad(let point, let meters):
            "no road lies within \(Int(meters)) m of \(point.formatted(.decimal))"
        case .outsideArea(let point): "\(point.formatted(.decimal)) lies outside every map pack at hand"
        case .failed(let why): why
        }
    }
}

/// Finds routes along roads (T9, T10): an offline router over a map pack's graph, online
/// services (OSRM, Valhalla, GraphHopper), MapKit's directions in the app, or several of them
/// in order (``FallbackRoutes``).
public protocol RouteProvider: Sendable {
    func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem) -> Route
}
