import Foundation
import MapPacks
import SwiftUI

/// Maps in the wireframes (issue 30 §1): a map is drawn as the offline pack of the map tests
/// draws it (`Tests/MapRenderingTests/Fixtures/helsinki.pmtiles`, through `MapRendering`) — the
/// tiles around the pins that lie in the pack, then the pins and routes where they stand — in
/// place of Apple's map or a provider's tiles, which cannot be drawn here; a caption says so and
/// counts the pins outside the pack. Tiles are drawn once and kept for every page.
@MainActor
final class WireframeMaps {
    /// The map's height on a page, in points; its width is the page's, less the margins.
    static let height = 300

    private let archive: PMTilesArchive
    private let drawing = PackTileDrawing()
    private var tiles: [String: String?] = [:]

    init() throws {
        archive = try PMTilesArchive(url: SampleDevice.fixture("MapRenderingTests/Fixtures/helsinki.pmtiles"))
    }

    /// A point on the page: its place in the world's pixels at zoom `z` (Web Mercator, 256-pixel tiles).
    private static func world(_ latitude: Double, _ longitude: Double, _ z: Int) -> (x: Double, y: Double) {
        let size = 256 * pow(2, Double(z))
        let phi = latitude * .pi / 180
        return ((longitude + 180) / 360 * size, (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * size)
    }

    private var bounds: (minLat: Double, maxLat: Double, minLon: Double, maxLon: Double) {
        let h = archive.header
        return (
            Double(h.minLatE7) / 1e7, Double(h.maxLatE7) / 1e7, Double(h.minLonE7) / 1e7, Double(h.maxLonE7) / 1e7
        )
    }

    /// The HTML of a map node `width` points wide: tiles, pins, routes and the caption.
    func html(_ node: WireframeNode, width: Int) -> String {
        let pins: [(title: String, lat: Double, lon: Double)] = node.allNodes.compactMap { pin in
            guard pin.kind == "pin", let lat = pin.attributes["latitude"].flatMap(Double.init),
                let lon = pin.attributes["longitude"].flatMap(Double.init)
            else { return nil }
            return (pin.text ?? "", lat, lon)
        }
        let routes: [[(Double, Double)]] = node.allNodes.compactMap { route in
            guard route.kind == "route", let points = route.attributes["points"] else { return nil }
            return points.split(separator: " ").compactMap { pair in
                let parts = pair.split(separator: ",").compactMap { Double($0) }
                return parts.count == 2 ? (parts[0], parts[1]) : nil
            }
        }
        let b = bounds
        let inside = pins.filter { (b.minLat...b.maxLat).contains($0.lat) && (b.minLon...b.maxLon).contains($0.lon) }
        let framed = inside.map { ($0.lat, $0.lon) } + routes.flatMap { $0 }
        let (z, centre) = frame(framed, width: width)
        let origin = (x: centre.x - Double(width) / 2, y: centre.y - Double(Self.height) / 2)
        var parts: [String] = []
        for ty in Int((origin.y / 256).rounded(.down))...Int(((origin.y + Double(Self.height)) / 256).rounded(.down)) {
            for tx in Int((origin.x / 256).rounded(.down))...Int(((origin.x + Double(width)) / 256).rounded(.down)) {
                guard let png = tile(z, tx, ty) else { continue }
                parts.append(
                    "<img class=\"tile\" alt=\"\" src=\"data:image/png;base64,\(png)\" style=\"left:\(Int(Double(tx * 256) - origin.x))px;top:\(Int(Double(ty * 256) - origin.y))px\">"
                )
            }
        }
        let lines = routes.map { route in
            route.map { point in
                let p = Self.world(point.0, point.1, z)
                return "\(Int(p.x - origin.x)),\(Int(p.y - origin.y))"
            }
            .joined(separator: " ")
        }
        if !lines.isEmpty {
            parts.append(
                "<svg class=\"routes\" width=\"\(width)\" height=\"\(Self.height)\">"
                    + lines.map { "<polyline points=\"\($0)\"/>" }.joined() + "</svg>")
        }
        for pin in pins {
            let p = Self.world(pin.lat, pin.lon, z)
            let (x, y) = (Int(p.x - origin.x), Int(p.y - origin.y))
            guard (0...width).contains(x), (0...Self.height).contains(y) else { continue }
            parts.append(
                "<div class=\"mappin\" style=\"left:\(x)px;top:\(y)px\"><i class=\"icon\">location_on</i><span>\(HTMLPage.escape(pin.title))</span></div>"
            )
        }
        let outside = pins.count - inside.count
        let caption =
            "Drawn from the offline map pack (© OpenStreetMap contributors)"
            + (outside > 0 ? "; \(outside) of \(pins.count) pins lie outside it" : "")
        return "<div class=\"n-mapview\" style=\"width:\(width)px;height:\(Self.height)px\">\(parts.joined())</div>"
            + "<div class=\"mapcaption\">\(HTMLPage.escape(caption))</div>"
    }

    /// The deepest zoom (12 to 17) at which the points fit, and their centre in world pixels;
    /// the pack's centre at zoom 15 when there is nothing to frame.
    private func frame(_ points: [(Double, Double)], width: Int) -> (Int, (x: Double, y: Double)) {
        let b = bounds
        let framed = points.isEmpty ? [((b.minLat + b.maxLat) / 2, (b.minLon + b.maxLon) / 2)] : points
        for z in stride(from: points.isEmpty ? 15 : 17, through: 12, by: -1) {
            let placed = framed.map { Self.world($0.0, $0.1, z) }
            let xs = placed.map(\.x)
            let ys = placed.map(\.y)
            if xs.max()! - xs.min()! <= Double(width - 80) && ys.max()! - ys.min()! <= Double(Self.height - 80) {
                return (z, ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2))
            }
        }
        let placed = framed.map { Self.world($0.0, $0.1, 12) }
        return (
            12,
            (placed.map(\.x).reduce(0, +) / Double(placed.count), placed.map(\.y).reduce(0, +) / Double(placed.count))
        )
    }

    /// Tile z/x/y as base64 PNG, or nil where the pack holds nothing.
    private func tile(_ z: Int, _ x: Int, _ y: Int) -> String? {
        let key = "\(z)/\(x)/\(y)"
        if let kept = tiles[key] { return kept }
        let png = (try? drawing.png(archive, z: z, x: x, y: y)).flatMap { $0 }.map { Data($0).base64EncodedString() }
        tiles[key] = png
        return png
    }
}
