import AppFeatures
import Foundation
import Geodesy
import MapKit
import Routing

/// Routes along roads from Apple's servers (T9, online): MapKit's directions by car or on foot,
/// answering as `apple`. MapKit gives its steps as sentences in the device's language, not as
/// maneuvers, so its routes carry the line, length and duration only.
public struct MapKitRoutes: RouteProvider {
    public init() {}

    public func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem)
        -> Route
    {
        let request = MKDirections.Request()
        request.source = Self.item(start)
        request.destination = Self.item(end)
        request.transportType = mode == .car ? .automobile : .walking
        let response: MKDirections.Response
        do {
            response = try await MKDirections(request: request).calculate()
        } catch let error as MKError {
            switch error.code {
            case .directionsNotFound, .placemarkNotFound: throw .noRoute
            case .serverFailure: throw .offline
            default: throw .failed("Apple Maps could not route (\(error.code))")
            }
        } catch {
            throw .failed("Apple Maps could not route (\(error))")
        }
        guard let route = response.routes.first else { throw .noRoute }
        let count = route.polyline.pointCount
        var points = [CLLocationCoordinate2D](repeating: CLLocationCoordinate2D(), count: count)
        route.polyline.getCoordinates(&points, range: NSRange(location: 0, length: count))
        return Route(
            points: points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }, meters: route.distance,
            seconds: route.expectedTravelTime, provider: "apple")
    }

    private static func item(_ point: Coordinate) -> MKMapItem {
        MKMapItem(
            placemark: MKPlacemark(
                coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude)))
    }
}
