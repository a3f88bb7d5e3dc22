import DiaryStore
import FishingModel
import Foundation
import Geodesy

/// A screen a section's navigation stack can show above its page (UI7's visible navigation):
/// what a tapped row, a notification or a link opens. The SwiftUI layer maps each case to its
/// view and screen model; the cases carry only ids, so a stack survives relaunch as a link.
public enum Destination: Hashable, Sendable {
    case trip(UUID)
    case newTrip
    case editTrip(UUID)
    case newCatch(tripId: UUID?)
    /// A catch to read (issue 30 §3); its Edit opens ``editCatch(_:)``.
    case catchPage(UUID)
    case editCatch(UUID)
    case spotConditions(UUID)
    case gallery(MediaTarget)
    /// A photo or video full screen, paging through its gallery (issue 30 §3).
    case mediaViewer(MediaViewing)
    case savedReport(UUID)
    /// A page of Settings (issue 33 §6).
    case settings(SettingsGroup)
}

/// Why a link could not be opened: which part, what it held, and what is allowed.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// A link into the app (`hobbystory://…`), from a notification, a widget, the site or another
/// app: which page of the ring to show and what to open above it (UI7). Parsing and printing
/// are one table, so every link the app prints opens again.
public struct DeepLink: Hashable, Sendable {
    public static let scheme = "hobbystory"

    /// The ring page shown under the stack (`home`, `trips`, `map`, …, see ``AppScreens/ring``).
    public var page: String
    public var path: [Destination]
    /// A point to show on the map page.
    public var mapPoint: Coordinate?
    /// Whether to open "Catch now" on the home page (the home-screen quick action).
    public var catchNow: Bool

    public init(page: String, path: [Destination] = [], mapPoint: Coordinate? = nil, catchNow: Bool = false) {
        self.page = page
        self.path = path
        self.mapPoint = mapPoint
        self.catchNow = catchNow
    }

    /// The link that opens `destination` on its own page, above the screens it is reached from
    /// (a trip's editor above the trip).
    public init(_ destination: Destination) {
        switch destination {
        case .editTrip(let id): self.init(page: "trips", path: [.trip(id), destination])
        default: self.init(page: Self.page(of: destination), path: [destination])
        }
    }

    /// The page a destination belongs to when it is opened from outside.
    public static func page(of destination: Destination) -> String {
        switch destination {
        case .trip, .newTrip, .editTrip, .newCatch, .catchPage, .editCatch: "trips"
        case .spotConditions: "spots"
        case .gallery, .mediaViewer: "media"
        case .savedReport: "reports"
        case .settings: "settings"
        }
    }

    /// Reads `hobbystory://PAGE[/KIND/ID[/ACTION]][?query]`:
    /// `trips/ID`, `trips/new`, `trips/ID/edit`, `catches/new?trip=ID`, `catches/ID`, `catches/ID/edit`,
    /// `spots/ID/conditions`, `media/KIND/ID`, `media/ITEM`, `media/KIND/ID/ITEM`, `reports/ID`, `settings/GROUP`,
    /// `map?lat=&lon=`, `home/catch-now`,
    /// or a bare page id such as `trash`.
    public init(url: URL) throws(DeepLinkError) {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false), parts.scheme == Self.scheme,
            let host = parts.host, !host.isEmpty
        else {
            throw DeepLinkError(
                description: "the link \(Self.shown(url.absoluteString)) is not a \(Self.scheme):// link to a page")
        }
        let segments = parts.path.split(separator: "/").map(String.init)
        let query = Dictionary(
            (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        func id(_ text: String, _ role: String) throws(DeepLinkError) -> UUID {
            guard let id = UUID(uuidString: text) else {
                throw DeepLinkError(
                    description:
                        "the \(role) id “\(Self.shown(text))” in \(Self.shown(url.absoluteString)) is not a UUID")
            }
            return id
        }
        switch (host, segments.count) {
        case (_, 0) where AppScreens.ring.contains(page: host):
            if host == "map", query["lat"] != nil || query["lon"] != nil {
                self.init(page: host, mapPoint: try Self.coordinate(query, url))
            } else {
                self.init(page: host)
            }
        case ("home", 1) where segments[0] == "catch-now":
            self.init(page: "home", catchNow: true)
        case ("trips", 1):
            self.init(segments[0] == "new" ? .newTrip : .trip(try id(segments[0], "trip")))
        case ("trips", 2) where segments[1] == "edit":
            self.init(.editTrip(try id(segments[0], "trip")))
        case ("catches", 1) where segments[0] == "new":
            self.init(.newCatch(tripId: try query["trip"].map { text throws(DeepLinkError) in try id(text, "trip") }))
        case ("catches", 1):
            self.init(.catchPage(try id(segments[0], "catch")))
        case ("catches", 2) where segments[1] == "edit":
            self.init(.editCatch(try id(segments[0], "catch")))
        case ("spots", 2) where segments[1] == "conditions":
            self.init(.spotConditions(try id(segments[0], "spot")))
        case ("media", 1):
            self.init(.mediaViewer(MediaViewing(target: nil, assetId: try id(segments[0], "photo or video"))))
        case ("media", 2...3):
            guard let kind = RecordKind(rawValue: segments[0]), kind.holdsMedia else {
                throw DeepLinkError(
                    description:
                        "the gallery kind “\(Self.shown(segments[0]))” in \(Self.shown(url.absoluteString)) is not spot, trip or catch"
                )
            }
            let target = MediaTarget(kind, try id(segments[1], kind.rawValue))
            if segments.count == 3 {
                self.init(.mediaViewer(MediaViewing(target: target, assetId: try id(segments[2], "photo or video"))))
            } else {
                self.init(.gallery(target))
            }
        case ("reports", 1):
            self.init(.savedReport(try id(segments[0], "report")))
        case ("settings", 1):
            guard let group = SettingsGroup(rawValue: segments[0]) else {
                throw DeepLinkError(
                    description:
                        "the settings page “\(Self.shown(segments[0]))” in \(Self.shown(url.absoluteString)) is not one of \(SettingsGroup.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            self.init(.settings(group))
        default:
            throw DeepLinkError(description: "the app has no page at \(Self.shown(url.absoluteString))")
        }
    }

    /// The link itself: what ``init(url:)`` reads back to the same value.
    public var url: URL {
        var parts = URLComponents()
        parts.scheme = Self.scheme
        parts.host = page
        if catchNow {
            parts.path = "/catch-now"
        } else if let point = mapPoint {
            parts.queryItems = [
                URLQueryItem(name: "lat", value: String(point.latitude)),
                URLQueryItem(name: "lon", value: String(point.longitude)),
            ]
        } else if let last = path.last {
            let (host, path, query) = Self.address(of: last)
            parts.host = host
            parts.path = path
            parts.queryItems = query
        }
        return parts.url!
    }

    /// Where a destination lives: the inverse of the table in ``init(url:)``.
    private static func address(of destination: Destination) -> (host: String, path: String, query: [URLQueryItem]?) {
        switch destination {
        case .trip(let id): ("trips", "/\(id.uuidString)", nil)
        case .newTrip: ("trips", "/new", nil)
        case .editTrip(let id): ("trips", "/\(id.uuidString)/edit", nil)
        case .newCatch(let trip): ("catches", "/new", trip.map { [URLQueryItem(name: "trip", value: $0.uuidString)] })
        case .catchPage(let id): ("catches", "/\(id.uuidString)", nil)
        case .editCatch(let id): ("catches", "/\(id.uuidString)/edit", nil)
        case .spotConditions(let id): ("spots", "/\(id.uuidString)/conditions", nil)
        case .gallery(let target): ("media", "/\(target.type.rawValue)/\(target.id.uuidString)", nil)
        case .mediaViewer(let viewing):
            (
                "media",
                (viewing.target.map { "/\($0.type.rawValue)/\($0.id.uuidString)" } ?? "")
                    + "/\(viewing.assetId.uuidString)",
                nil
            )
        case .savedReport(let id): ("reports", "/\(id.uuidString)", nil)
        case .settings(let group): ("settings", "/\(group.rawValue)", nil)
        }
    }

    /// A part of a link as an error quotes it: at most 80 characters (a link can be any length).
    private static func shown(_ text: String) -> String { text.count > 80 ? text.prefix(80) + "…" : text }

    private static func coordinate(_ query: [String: String], _ url: URL) throws(DeepLinkError) -> Coordinate {
        guard let latitude = query["lat"].flatMap(Double.init), (-90...90).contains(latitude),
            let longitude = query["lon"].flatMap(Double.init), (-180...180).contains(longitude)
        else {
            throw DeepLinkError(
                description:
                    "the map point in \(Self.shown(url.absoluteString)) needs lat between -90 and 90 and lon between -180 and 180"
            )
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
