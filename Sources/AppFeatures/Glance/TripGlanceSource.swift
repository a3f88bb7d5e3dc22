import DiaryStore
import FishingModel
import Foundation
import TripGlance

/// Makes the widget's and the Live Activity's ``TripGlance`` from the diary shown (issue 33 §5;
/// T10, T11): the latest trip without an end — as Home's card and End trip find it —, its fish
/// so far and last catch, in the angler's language; and keeps it current as trips and catches
/// change, through whatever the app hands it (the app group's file, WidgetKit, ActivityKit).
public struct TripGlanceSource: Sendable {
    let diary: DiaryQueue
    let language: Language
    let catalog: Catalog
    let now: @Sendable () -> Date

    public init(
        diary: DiaryQueue, language: Language, catalog: Catalog = .shared,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.diary = diary
        self.language = language
        self.catalog = catalog
        self.now = now
    }

    /// The glance at this moment.
    public func glance() async throws -> TripGlance {
        let open = try await diary.read { diary -> OpenTripReading? in
            guard let open = try QuickLog.latestUnended(in: diary) else { return nil }
            let catches = try diary.catches.list(tripId: open.trip.id)
            return OpenTripReading(
                trip: open.trip, spot: open.spot, catches: catches,
                lastSpecies: try catches.first.flatMap { try diary.directoryEntry(.species, id: $0.speciesId) })
        }
        return TripGlance(
            trip: open.map(glanceTrip),
            words: TripGlance.Words(
                catchNow: text("label.home.catchNow"), onTheWater: text("glance.onTheWater"),
                noTrip: text("glance.noTrip"),
                noTripHint: text("glance.noTripHint"),
                quiet: catalog.text("glance.quiet", language, count: Int(OpenTripRule.quietLimit / 3_600))),
            catchNowLink: DeepLink(page: "home", catchNow: true).url, homeLink: DeepLink(page: "home").url,
            writtenAt: now())
    }

    /// Publishes the glance now and again after every change of trips, catches, spots or the
    /// species directory, until the task is cancelled (another diary shown). A diary that
    /// cannot be read publishes nothing, and the glance last published stays.
    public func keep(publishing publish: @escaping @Sendable (TripGlance) async -> Void) async {
        let changes = diary.changes()
        if let glance = try? await glance() { await publish(glance) }
        for await change in changes where !change.isDisjoint(with: [.trips, .catches, .spots, .directories]) {
            if let glance = try? await glance() { await publish(glance) }
        }
    }

    /// The trip without an end as the diary holds it: its spot, its catches (latest first) and
    /// the species of the latest.
    private struct OpenTripReading: Sendable {
        let trip: Trip
        let spot: Spot?
        let catches: [Catch]
        let lastSpecies: DirectoryEntry?
    }

    private func glanceTrip(_ reading: OpenTripReading) -> TripGlance.OpenTrip {
        let (trip, spot, catches) = (reading.trip, reading.spot, reading.catches)
        let fish = catches.reduce(0) { $0 + $1.count }
        let last = catches.first
        let lastActive = max(trip.startAt, last?.caughtAt ?? trip.startAt)
        let lastText = last.map { item in
            text(
                "glance.lastCatch",
                [
                    "species": reading.lastSpecies.map {
                        DirectoryPicker(entries: [$0], language: language).name(of: $0)
                    }
                        ?? item.speciesId,
                    "time": DiaryDates(language: language).time(item.caughtAt, offset: item.utcOffsetSeconds),
                ])
        }
        return TripGlance.OpenTrip(
            id: trip.id, title: trip.title ?? spot?.name ?? text("catchNow.trip"), startedAt: trip.startAt, fish: fish,
            fishText: catalog.text("glance.fish", language, count: fish), lastCatchText: lastText,
            quietFrom: lastActive.addingTimeInterval(OpenTripRule.quietLimit), link: DeepLink(.trip(trip.id)).url)
    }

    private func text(_ key: String, _ values: [String: String] = [:]) -> String {
        catalog.text(key, language, values)
    }
}
