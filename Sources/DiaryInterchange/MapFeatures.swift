import DiaryStore
import FishingModel
import Foundation

/// A point, track or folder read from a GPX or KML file, before the diary makes anything of it.
struct MapFeature {
    enum Shape: Equatable {
        case point(latitude: Double, longitude: Double)
        case track
        /// A KML folder (a trip, when the diary wrote it); nothing on the map itself.
        case folder
        /// A shape the diary has no record for (a route, a polygon).
        case other(String)
    }

    /// "waypoint 3 (Volga bend)": where in the file, for messages and for the record's source.
    var source: String
    var shape: Shape
    var name: String?
    var notes: String?
    /// GPX's `<type>`: the diary writes spot, catch and trip.
    var type: String?
    /// The diary's own record, when the diary wrote the file.
    var record: DiaryRecord?
    /// A track's points, in the file's order (issue 34 §3).
    var points: [TrackPoint] = []
    /// Inside a folder the diary wrote for a trip: its line is the trip's own track, read with it.
    var withinDiaryTrip = false
    /// Why the feature cannot be read (a latitude that is not a number), set by the reader.
    var problem: String?

    /// A latitude or longitude written as a number within `range`, nil otherwise.
    static func coordinate(_ text: String?, _ range: ClosedRange<Double>) -> Double? {
        guard let text, let value = Double(XMLText.trimmed(text)), value.isFinite, range.contains(value) else {
            return nil
        }
        return value
    }

    /// Adds a track's point, or says the track has more than an import reads.
    mutating func add(_ points: [TrackPoint]) {
        guard problem == nil else { return }
        guard self.points.count + points.count <= InterchangeLimits.trackPoints else {
            problem = "the track has more than \(InterchangeLimits.trackPoints) points"
            self.points = []
            return
        }
        self.points += points
    }

    /// A time a track point gives (ISO 8601, as GPX and KML write it); nil when it is not one.
    static func time(_ text: String) -> Date? {
        DiaryTime.parse(XMLText.trimmed(text), defaultOffsetSeconds: 0)?.date
    }
}

/// Turns the features of a GPX or KML file into the diary's records (issue 34 §1): the diary's own
/// records read back field for field; other programs' waypoints and placemarks become spots (their
/// name, position and description); tracks are counted and said, not stored, until trips keep
/// tracks (§3).
struct MapFeatureImport {
    var directories: DirectoryNames

    func plan(_ features: [MapFeature], into assembler: inout ImportAssembler) {
        var spots: [UUID: Spot] = [:]
        var trips: [UUID: (trip: Trip, source: String)] = [:]
        var catches: [(Catch, String)] = []
        var tracks = 0
        var others: [String: Int] = [:]
        for feature in features {
            if let problem = feature.problem {
                assembler.refuse(feature.source, problem)
                continue
            }
            if let record = feature.record {
                switch record {
                case .spot(let spot):
                    spots[spot.id] = spot
                    assembler.add(IncomingRecord(source: feature.source, spot: spotPart(spot.id, spots)))
                case .trip(let trip): trips[trip.id] = (trip, feature.source)
                case .catch(let item): catches.append((item, feature.source))
                case .damaged(let kind): assembler.refuse(feature.source, "the diary's \(kind) record in it is damaged")
                case .unknown(let kind):
                    assembler.refuse(feature.source, "a record of a kind the diary does not know (\(kind))")
                }
                continue
            }
            switch feature.shape {
            case .point(let latitude, let longitude):
                guard feature.type != "catch" else {
                    assembler.refuse(
                        feature.source,
                        "a catch waypoint without the diary's record (a program that edited the file dropped it), so it cannot be read back as a catch"
                    )
                    continue
                }
                var part = IncomingRecord.SpotPart()
                part.draft = SpotDraft(
                    name: feature.name, latitude: latitude, longitude: longitude, notes: feature.notes)
                assembler.add(IncomingRecord(source: feature.source, spot: part))
            case .track where feature.withinDiaryTrip: break
            case .track: tracks += 1
            case .folder: break
            case .other(let kind): others[kind, default: 0] += 1
            }
        }
        for (trip, source) in trips.values.sorted(by: { $0.trip.startAt < $1.trip.startAt }) {
            assembler.add(
                IncomingRecord(
                    source: source, spot: spotPart(trip.spotId, spots),
                    trip: IncomingRecord.TripPart(id: trip.id, draft: TripDraft(trip))))
        }
        for (item, source) in catches {
            guard case .exact = directories.match(.species, item.speciesId) else {
                assembler.refuse(source, "its species \(item.speciesId) is not in this diary's species directory")
                continue
            }
            let trip = trips[item.tripId]?.trip
            assembler.add(
                IncomingRecord(
                    source: source, spot: trip.map { spotPart($0.spotId, spots) } ?? IncomingRecord.SpotPart(),
                    trip: IncomingRecord.TripPart(id: item.tripId, draft: trip.map(TripDraft.init) ?? TripDraft()),
                    catch: IncomingRecord.CatchPart(id: item.id, draft: CatchDraft(item))))
        }
        if tracks > 0 {
            assembler.plan.notes.append(
                "\(tracks) \(tracks == 1 ? "track was" : "tracks were") not imported: give a track its trip with `hobbystory trip track import FILE --trip ID`"
            )
        }
        for (kind, count) in others.sorted(by: { $0.key < $1.key }) {
            assembler.plan.notes.append(
                "\(count) \(kind)\(count == 1 ? "" : "s") not imported: the diary keeps points only")
        }
    }

    private func spotPart(_ id: UUID, _ spots: [UUID: Spot]) -> IncomingRecord.SpotPart {
        IncomingRecord.SpotPart(id: id, draft: spots[id].map(SpotDraft.init) ?? SpotDraft())
    }
}
