import FishingModel
import Foundation

/// Where a catch goes, in the angler's words (issue 30 §2.3, issue 33 §5): "Trip at Volga bend,
/// from 05:10", "New trip at Volga bend, 120 m away", "New spot here (56.84100° N, 35.90000° E)" —
/// the same for Catch now's sheet, Home's card and what Siri answers.
public struct CatchNowWords: Sendable {
    let formatter: MeasureFormatter
    let catalog: Catalog
    /// The time the words are said at (a trip of another day names its day).
    let now: Date

    public init(formatter: MeasureFormatter, catalog: Catalog = .shared, now: Date) {
        self.formatter = formatter
        self.catalog = catalog
        self.now = now
    }

    private var language: Language { formatter.language }
    private var dates: DiaryDates { DiaryDates(language: language) }

    public func text(of destination: CatchNowPlan.Destination) -> String {
        switch destination {
        case .trip(let trip, let spot):
            return catalog.text(
                "catchNow.destination.trip", language,
                [
                    "trip": trip.title ?? catalog.text("catchNow.trip", language),
                    "spot": spot?.name ?? "—",
                    "when": tripWhen(trip),
                ])
        case .newTrip(let spot, let meters):
            let key = meters == nil ? "catchNow.destination.newTrip" : "catchNow.destination.newTripNear"
            return catalog.text(key, language, ["spot": spot.name, "distance": meters.map(formatter.distance) ?? ""])
        case .newSpot(let here):
            return catalog.text("catchNow.destination.newSpot", language, ["position": here.formatted(.decimal)])
        }
    }

    /// A trip's time, with its day when it is not today's.
    private func tripWhen(_ trip: Trip) -> String {
        let offset = trip.utcOffsetSeconds
        let span = dates.span(from: trip.startAt, to: trip.endAt, offset: offset)
        let today = ClockReading(now, offset: offset).dayNumber == ClockReading(trip.startAt, offset: offset).dayNumber
        return today ? span : "\(dates.day(trip.startAt, offset: offset)), \(span)"
    }

    /// The name of a spot made where the angler stands: "Spot of 2026-12-07".
    public func newSpotName(at time: Date) -> String {
        catalog.text(
            "home.catchNow.newSpotName", language,
            ["date": DiaryTime.iso8601(time, utcOffsetSeconds: DiaryTime.deviceOffset(at: time)).prefix(10).description]
        )
    }
}
