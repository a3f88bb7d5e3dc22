import Almanac
import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation

/// How trips and catches read when a season is reviewed (issue 30 §3): a trip's day, hours and
/// length, its fish species by species with their weight; a catch's time, weight, length, bait,
/// method and release; a line of conditions — the air, the pressure and its trend, the wind, the
/// moon — all in the angler's language and units, on the clock they were logged with (T11).
public struct RecordLines: Sendable {
    private let dates: DiaryDates
    private let formatter: MeasureFormatter
    private let catalog: Catalog
    private let names: [DirectoryKind: [String: String]]
    private var language: Language { formatter.language }

    /// `entries` are the directories' entries the records may name (retired ones too).
    public init(formatter: MeasureFormatter, entries: [DirectoryEntry], catalog: Catalog = .shared) {
        self.formatter = formatter
        self.catalog = catalog
        dates = DiaryDates(language: formatter.language)
        names = Dictionary(grouping: entries, by: \.kind).mapValues { list in
            Dictionary(
                list.map { ($0.id, formatter.language == .russian ? $0.nameRu : $0.nameEn) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// An entry's name in the angler's language (its id when the directory lacks it).
    public func name(_ kind: DirectoryKind, _ id: String) -> String { names[kind]?[id] ?? id }

    // MARK: Trips

    /// `Sat 12 May 2026 · 05:10–09:40 · 4 h 30 min`; `Sat 12 May 2026 · from 05:10 · not ended`
    /// without an end.
    public func when(_ trip: Trip) -> String {
        let offset = trip.utcOffsetSeconds
        let parts = [
            dates.day(trip.startAt, offset: offset), dates.span(from: trip.startAt, to: trip.endAt, offset: offset),
            trip.endAt.map { dates.duration($0.timeIntervalSince(trip.startAt)) }
                ?? catalog.text("trips.notEnded", formatter.language),
        ]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// `Northern pike 2 (4.1 kg) · Atlantic herring 15 (120 g, 3 weighed)`; "No fish" for a
    /// blank trip. A weight never passes for the whole catch when only some fish were weighed.
    public func fish(_ tallies: [SpeciesTally]) -> String {
        guard !tallies.isEmpty else { return catalog.text("trips.noFish", language) }
        return tallies.map { tally in
            let weight = tally.weightKg.map { kilograms in
                let text = formatter.weight(kilograms: kilograms)
                return tally.weighedFish < tally.fish
                    ? " (\(catalog.text("trips.weighedPart", language, count: tally.weighedFish, ["weight": text])))"
                    : " (\(text))"
            }
            return "\(name(.species, tally.speciesId)) \(tally.fish)\(weight ?? "")"
        }
        .joined(separator: " · ")
    }

    // MARK: Catches

    /// `Northern pike` or `European perch × 3`.
    public func title(of item: Catch) -> String {
        let species = name(.species, item.speciesId)
        return item.count > 1 ? "\(species) × \(item.count)" : species
    }

    /// `05:40 · 2.4 kg · 71 cm · Spoon · Spinning · released`: what the angler recorded, in order.
    public func details(of item: Catch) -> String {
        let parts = [
            dates.time(item.caughtAt, offset: item.utcOffsetSeconds),
            item.weightKg.map(formatter.weight(kilograms:)), item.lengthCm.map(formatter.length(centimetres:)),
            item.baitId.map { name(.baits, $0) }, item.methodId.map { name(.methods, $0) },
            item.released ? catalog.text("catches.releasedShort", language) : nil,
        ]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// `Sat 12 May 2026, 05:40 · Volga bend`: a catch among others of any day (Today's recent
    /// catches, the personal bests).
    public func moment(of item: Catch, at spot: String?) -> String {
        ([dates.moment(item.caughtAt, offset: item.utcOffsetSeconds)] + (spot.map { [$0] } ?? []))
            .joined(separator: " · ")
    }

    // MARK: Conditions

    /// `14 °C · 1012 hPa, falling · 4 m/s · waxing crescent`: what was recorded with the trip or
    /// catch, and the moon, which the device computes for any moment.
    public func conditions(at time: Date, _ stored: StoredConditions?) -> String {
        let moon = Almanac.moonPhase(at: time).rawValue.replacingOccurrences(of: " ", with: "-")
        let pressure = stored?.pressureHpa.map { hectopascals in
            formatter.pressure(hectopascals: hectopascals)
                + (stored?.pressureTendency.map {
                    ", " + catalog.text("conditions.tendency.\($0)", language).lowercased()
                }
                    ?? "")
        }
        let parts = [
            stored?.temperatureC.map(formatter.temperature(celsius:)), pressure,
            stored?.windSpeedMs.map(formatter.windSpeed(metresPerSecond:)), catalog.text("moon.\(moon)", language),
        ]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// A trip's track (issue 34 §3): "Track 3.9 km · 1 h 6 min moving at 3.3 km/h"; the length
    /// alone for a track without times.
    public func track(_ track: TripTrack) -> String {
        let measures = track.measures
        var parts = [formatter.distance(measures.meters)]
        if let moving = measures.movingSeconds.flatMap(dates.duration), let speed = measures.movingMetersPerSecond {
            parts.append(
                catalog.text(
                    "track.moving", language,
                    ["duration": moving, "speed": formatter.travelSpeed(metresPerSecond: speed)]))
        }
        return catalog.text("track.line", language, ["track": parts.joined(separator: " · ")])
    }

    /// The water noted with a trip or a catch (issue 34 §5): "Water 14 °C · seen to 1.2 m ·
    /// 0.4 m above usual · rising"; nil when nothing was noted.
    public func water(temperatureC: Double?, clarityM: Double?, levelM: Double?, trend: WaterTrend?) -> String? {
        let parts = [
            temperatureC.map(formatter.temperature(celsius:)),
            clarityM.map { catalog.text("water.seenTo", language, ["depth": formatter.depth(metres: $0)]) },
            levelM.map(levelText),
            trend.map { catalog.text("water.trend.\($0.rawValue)", language).lowercased() },
        ].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        return catalog.text("water.line", language, ["water": parts.joined(separator: " · ")])
    }

    /// A level against the spot's usual: "0.4 m above usual", "at the usual level".
    public func levelText(_ metres: Double) -> String {
        let depth = formatter.depth(metres: abs(metres))
        if depth == formatter.depth(metres: 0) { return catalog.text("water.levelUsual", language) }
        return catalog.text(metres > 0 ? "water.levelAbove" : "water.levelBelow", language, ["depth": depth])
    }
}
