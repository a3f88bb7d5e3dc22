import FishingModel
import Foundation
import Geodesy

/// A settlement of the offline gazetteer (GeoNames, CC BY 4.0).
public struct Settlement: Codable, Sendable, Equatable {
    public var name: String
    public var region: String?
    public var country: String
    public var countryCode: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int
}

/// The offline gazetteer (T9, T10): GeoNames settlements of at least 1000 inhabitants, for naming
/// the place at a point and for finding a settlement by name, with no network.
///
/// Nearest-settlement lookups search an implicit k-d tree over unit vectors on the sphere, so they
/// are right across the antimeridian and near the poles, where latitude/longitude distances fail.
/// The distance and bearing reported for the nearest settlement are ellipsoidal (WGS84 geodesic).
/// Immutable after loading; share one instance.
public final class Gazetteer: Sendable, PlaceLabeling {
    /// The credit the data's licence requires, for the README and the app's About screen.
    public static let attribution =
        "Place names: GeoNames (geonames.org), cities with at least 1000 inhabitants, licensed CC BY 4.0"

    /// Beyond this, a point is described as far from any settlement.
    public static let nearbyLimitKm = 50.0

    private let file: GazetteerFile
    /// The k-d tree nodes in file order: the unit vector in x, y, z and the split axis in w, so one
    /// node is one 32-byte load.
    private let nodes: [SIMD4<Double>]

    /// The gazetteer shipped with the app, loaded once.
    public static func bundled() throws(GazetteerError) -> Gazetteer {
        switch shared {
        case .success(let gazetteer): return gazetteer
        case .failure(let error): throw error
        }
    }

    /// The gazetteer file shipped in the package.
    public static var bundledFileURL: URL? { Bundle.module.url(forResource: "gazetteer", withExtension: "bin") }

    private static let shared: Result<Gazetteer, GazetteerError> = {
        guard let url = bundledFileURL else {
            return .failure(.missingResource)
        }
        do { return .success(try Gazetteer(contentsOf: url)) } catch let error as GazetteerError {
            return .failure(error)
        } catch { return .failure(.missingResource) }
    }()

    public init(contentsOf url: URL) throws(GazetteerError) {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { throw .missingResource }
        file = try GazetteerFile(data)
        nodes = file.records.map { record in
            let v = Self.unitVector(Double(record.latitudeE5) / 1e5, Double(record.longitudeE5) / 1e5)
            return SIMD4(v.x, v.y, v.z, Double(record.axis))
        }
    }

    /// How many settlements the gazetteer holds.
    public var count: Int { file.records.count }

    /// The settlement at an index (as returned by ``nearestIndex(latitude:longitude:)``).
    public func settlement(at index: Int) -> Settlement {
        let r = file.records[index]
        let region = file.regions[Int(r.region)]
        let country = file.countries[Int(r.country)]
        return Settlement(
            name: String(
                decoding: file.names[Int(r.nameOffset)..<Int(r.nameOffset) + Int(r.nameLength)], as: UTF8.self),
            region: region.isEmpty ? nil : region, country: country.name, countryCode: country.code,
            latitude: Double(r.latitudeE5) / 1e5, longitude: Double(r.longitudeE5) / 1e5, population: Int(r.population))
    }

    // MARK: Nearest settlement

    /// The index of the settlement nearest to a valid point (great-circle distance on the sphere).
    public func nearestIndex(latitude: Double, longitude: Double) -> Int {
        let v = Self.unitVector(latitude, longitude)
        let q = (v.x, v.y, v.z)
        return nodes.withUnsafeBufferPointer { nodes in
            withUnsafeTemporaryAllocation(of: PendingCell.self, capacity: 128) { stack in
                Self.nearest(nodes, q, stack)
            }
        }
    }

    /// A subtree still to search: its index range, the query's distance to its cell along each
    /// axis, and their squared sum.
    private struct PendingCell {
        var lo: Int
        var hi: Int
        var offsets: (Double, Double, Double)
        var cellDistance: Double
    }

    /// Nearest-neighbour search with incremental cell distances (Arya and Mount): a subtree is
    /// skipped when its whole cell is farther than the best settlement so far, which halves the
    /// node visits of comparing with the splitting plane alone. Depth-first with an explicit stack.
    private static func nearest(
        _ nodes: UnsafeBufferPointer<SIMD4<Double>>, _ q: (Double, Double, Double),
        _ stack: UnsafeMutableBufferPointer<PendingCell>
    ) -> Int {
        var bestIndex = -1
        var bestDistance = Double.infinity
        var top = 0
        stack[0] = PendingCell(lo: 0, hi: nodes.count, offsets: (0, 0, 0), cellDistance: 0)
        top = 1
        while top > 0 {
            top -= 1
            var cell = stack[top]
            guard cell.cellDistance < bestDistance else { continue }
            while cell.lo < cell.hi {
                let mid = (cell.lo + cell.hi) &>> 1
                let node = nodes[mid]
                let dx = q.0 - node.x
                let dy = q.1 - node.y
                let dz = q.2 - node.z
                let squared = dx * dx + dy * dy + dz * dz
                if squared < bestDistance {
                    bestDistance = squared
                    bestIndex = mid
                }
                var far = cell
                let delta: Double
                switch node.w {
                case 0:
                    delta = dx
                    far.cellDistance += delta * delta - cell.offsets.0 * cell.offsets.0
                    far.offsets.0 = delta
                case 1:
                    delta = dy
                    far.cellDistance += delta * delta - cell.offsets.1 * cell.offsets.1
                    far.offsets.1 = delta
                default:
                    delta = dz
                    far.cellDistance += delta * delta - cell.offsets.2 * cell.offsets.2
                    far.offsets.2 = delta
                }
                if delta < 0 {
                    far.lo = mid + 1
                    cell.hi = mid
                } else {
                    far.hi = mid
                    cell.lo = mid + 1
                }
                if far.cellDistance < bestDistance && far.lo < far.hi {
                    precondition(top < stack.count, "k-d tree deeper than its search stack")
                    stack[top] = far
                    top += 1
                }
            }
        }
        return bestIndex
    }

    /// The place at a point: nearest settlement, ellipsoidal distance and bearing from it, and a
    /// one-line description; says honestly when no settlement is within ``nearbyLimitKm``.
    public func place(latitude: Double, longitude: Double) throws(GazetteerError) -> PlaceLabel {
        let point: Coordinate
        do {
            point = try Coordinate(validatingLatitude: latitude, longitude: longitude)
        } catch {
            throw .invalidCoordinate(error.description)
        }
        let settlement = settlement(at: nearestIndex(latitude: point.latitude, longitude: point.longitude))
        let line = Geodesic.inverse(
            from: Coordinate(latitude: settlement.latitude, longitude: settlement.longitude), to: point)
        let km = line.meters / 1000
        let named = [settlement.name, settlement.region, settlement.country].compactMap { $0 }.joined(separator: ", ")
        let offset = "\(Self.formatKm(km)) \(Self.compassPoint(line.initialBearing)) of \(named)"
        let description: String
        if km < 1 {
            description = named
        } else if km <= Self.nearbyLimitKm {
            description = offset
        } else {
            description = "no settlement within \(Int(Self.nearbyLimitKm)) km; nearest: \(offset)"
        }
        return PlaceLabel(
            settlement: settlement.name, region: settlement.region, country: settlement.country,
            countryCode: settlement.countryCode, distanceKm: km, bearingFromSettlement: line.initialBearing,
            description: description)
    }

    /// ``PlaceLabeling``: the place at a point, or nil for an invalid point.
    public func label(latitude: Double, longitude: Double) -> PlaceLabel? {
        try? place(latitude: latitude, longitude: longitude)
    }

    // MARK: Search by name

    /// Settlements whose name starts with `text` (ignoring case and diacritics), optionally within a
    /// country (ISO code or name) and region, the most populous first.
    public func search(_ text: String, country: String? = nil, region: String? = nil, limit: Int = 10)
        throws(GazetteerError)
        -> [Settlement]
    {
        let key = Array(NameFolding.fold(text.trimmingCharacters(in: .whitespacesAndNewlines)).utf8)
        guard !key.isEmpty else { throw .emptySearch }
        let countryKey = country.map { NameFolding.fold($0.trimmingCharacters(in: .whitespaces)) }
        let regionKey = region.map { NameFolding.fold($0.trimmingCharacters(in: .whitespaces)) }
        var start = 0
        var end = file.searchOrder.count
        while start < end {
            let mid = (start + end) / 2
            if folded(Int(file.searchOrder[mid])).lexicographicallyPrecedes(key) { start = mid + 1 } else { end = mid }
        }
        var matches: [Int] = []
        var position = start
        while position < file.searchOrder.count {
            let index = Int(file.searchOrder[position])
            guard folded(index).starts(with: key) else { break }
            let record = file.records[index]
            let countryEntry = file.countries[Int(record.country)]
            let countryMatches = countryKey.map { Self.matchesCountry($0, countryEntry) } ?? true
            let regionMatches = regionKey.map { $0 == NameFolding.fold(file.regions[Int(record.region)]) } ?? true
            if countryMatches && regionMatches { matches.append(index) }
            position += 1
        }
        matches.sort { file.records[$0].population > file.records[$1].population }
        return matches.prefix(max(0, limit)).map(settlement(at:))
    }

    /// A country given as its ISO code, its name, or the start of its name ("Russia" for
    /// "Russian Federation"), ignoring case and diacritics.
    private static func matchesCountry(_ key: String, _ country: (code: String, name: String)) -> Bool {
        key == country.code.lowercased() || (key.count >= 3 && NameFolding.fold(country.name).hasPrefix(key))
    }

    private func folded(_ index: Int) -> ArraySlice<UInt8> {
        let r = file.records[index]
        return file.folded[Int(r.foldedOffset)..<Int(r.foldedOffset) + Int(r.foldedLength)]
    }

    // MARK: Helpers

    static func unitVector(_ latitude: Double, _ longitude: Double) -> SIMD3<Double> {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        return SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// The 8-point compass name of a bearing in degrees.
    static func compassPoint(_ bearing: Double) -> String {
        let names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return names[Int((normalized + 22.5) / 45) % 8]
    }

    static func formatKm(_ km: Double) -> String {
        km < 10 ? String(format: "%.1f km", km) : "\(Int(km.rounded())) km"
    }
}
