import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import TestSupport
import Testing

/// Issue 30 §3: a season can be reviewed — trips read with their day, hours, length, fish by
/// species with weights and conditions; catches with their figures; a catch page; Today's recent
/// catches told apart; the trip search finds fish by any of their names.
@Suite("Reviewing a season")
@MainActor
struct SeasonReviewTests {
    /// The fixture's trip (Wed 27 May 2026, 23:26 to 00:26 Moscow time) with two pike, three
    /// perch and the conditions recorded at its start.
    func season(_ f: AppFixture) async throws -> [Catch] {
        try await f.diary.write { [trip = f.trip] diary in
            let catches = try diary.catches.add(contentsOf: [
                CatchDraft(
                    tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt.addingTimeInterval(600),
                    utcOffsetSeconds: 10_800, weightKg: 2.4, lengthCm: 71, baitId: "spoon", methodId: "spinning",
                    released: true),
                CatchDraft(
                    tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt.addingTimeInterval(1_800),
                    utcOffsetSeconds: 10_800, weightKg: 1.7),
                CatchDraft(
                    tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: trip.startAt.addingTimeInterval(2_400),
                    utcOffsetSeconds: 10_800, count: 3),
            ])
            try diary.conditions.save(
                StoredConditions(
                    temperatureC: 14, pressureHpa: 1012, pressureChange3h: -1.8, pressureTendency: "falling",
                    windSpeedMs: 4, windDirectionDeg: 200, humidityPercent: 70, kp: 2, complete: true,
                    snapshotJSON: "{}", fetchedAt: trip.startAt),
                for: .trip, id: trip.id)
            return catches
        }
    }

    @Test(
        "Given a trip across midnight with pike and perch, when listed, then its row says the day, the hours, the length, the fish by species with weights and the conditions"
    )
    func tripRows() async throws {
        let f = try AppFixture()
        _ = try await season(f)
        let model = TripListModel(diary: f.diary, formatter: .metricEnglish)
        try await model.load()
        let row = try #require(model.rows.first)
        #expect(model.lines.when(row.trip) == "Wed 27 May 2026 · 23:26 – Thu 28 May 00:26 · 1 h")
        var open = row.trip
        open.endAt = nil
        #expect(model.lines.when(open) == "Wed 27 May 2026 · from 23:26 · not ended")
        #expect(model.lines.fish(row.tallies) == "European perch 3 · Northern pike 2 (4.1\u{a0}kg)")
        let conditions = model.lines.conditions(at: row.trip.startAt, row.conditions)
        #expect(conditions.hasPrefix("14\u{a0}°C · 1012\u{a0}hPa, falling · 4\u{a0}m/s · "))
        _ = try await f.diary.write { [trip = f.trip] in
            try $0.catches.add(
                CatchDraft(
                    tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: trip.startAt + 3_000, weightKg: 0.31))
        }
        try await model.load()
        let weighedInPart = try #require(model.rows.first)
        #expect(
            model.lines.fish(weighedInPart.tallies)
                == "European perch 4 (310\u{a0}g, 1 weighed) · Northern pike 2 (4.1\u{a0}kg)",
            "a weight never passes for the fish nobody weighed")
    }

    @Test(
        "Given trips with perch, when the trips are searched for perch in English, Russian or Latin, then those trips are found"
    )
    func searchFindsFish() async throws {
        let f = try AppFixture()
        _ = try await season(f)
        let blank = try await f.diary.write { [spot = f.spot] in
            try $0.trips.add(
                TripDraft(spotId: spot.id, startAt: f.clock.now.addingTimeInterval(-3_600), title: "Blank"))
        }
        let model = TripListModel(diary: f.diary, formatter: .metricEnglish)
        try await model.load()
        #expect(model.rows.count == 2)
        for query in ["perch", "окунь", "Perca", "ОКУНЬ"] {
            model.query = query
            #expect(model.rows.map(\.trip.id) == [f.trip.id], "\(query)")
        }
        model.query = "Blank"
        #expect(model.rows.map(\.trip.id) == [blank.id])
    }

    @Test(
        "Given the trip's page, when read in Russian, then each catch says its time, weight, length, bait, method and release"
    )
    func catchRowsOnTheTripPage() async throws {
        let f = try AppFixture()
        let catches = try await season(f)
        let russian = MeasureFormatter(preferences: .defaults(for: .metric, language: .russian), language: .russian)
        let model = TripDetailModel(diary: f.diary, tripId: f.trip.id, formatter: russian)
        try await model.load()
        let pike = try #require(model.catches.first { $0.id == catches[0].id })
        #expect(model.title(of: pike) == "Щука обыкновенная")
        #expect(
            model.details(of: pike)
                == "23:36 · 2,4\u{a0}кг · 71\u{a0}см · Колеблющаяся блесна (колебалка) · Спиннинг · отпущена")
        #expect(model.fishText == "Окунь речной 3 · Щука обыкновенная 2 (4,1\u{a0}кг)")
        #expect(model.whenText == "ср, 27 мая 2026 · 23:26 – чт, 28 мая 00:26 · 1 ч")
        #expect(model.conditionsText?.hasPrefix("14\u{a0}°C · 759\u{a0}мм рт. ст., падает") == true)
    }

    @Test(
        "Given a catch, when its page is opened, then it lists what was recorded, labelled as its form is, and nothing else; its trip by day and hours, and the trip's conditions when it has none of its own"
    )
    func catchPage() async throws {
        let f = try AppFixture()
        let catches = try await season(f)
        let model = CatchPageModel(diary: f.diary, catchId: catches[0].id, formatter: .metricEnglish)
        try await model.load()
        #expect(model.title == "Northern pike")
        #expect(model.momentText == "Wed 27 May 2026, 23:36 · Volga bend")
        #expect(
            model.facts.map { "\($0.label): \($0.value)" } == [
                "Weight: 2.4\u{a0}kg", "Length: 71\u{a0}cm", "Bait: Casting spoon", "Method: Spinning",
                "Released: Yes, back in the water",
            ])
        let perch = CatchPageModel(diary: f.diary, catchId: catches[2].id, formatter: .metricEnglish)
        try await perch.load()
        #expect(perch.title == "European perch × 3")
        #expect(perch.facts.map(\.label) == ["Count"])
        #expect(model.tripText == "Trip · Wed 27 May 2026 · 23:26 – Thu 28 May 00:26 · 1 h")
        #expect(model.conditionsAreTrips, "the catch has no conditions of its own: its trip's show")
        #expect(model.conditionsText?.hasPrefix("14\u{a0}°C · 1012\u{a0}hPa, falling") == true)
    }

    @Test(
        "Given three catches of perch on three days, when Today lists them, then each reads with its day, time and spot"
    )
    func recentCatchesAreDistinct() async throws {
        let f = try AppFixture()
        let spot = f.spot
        for day in 0..<3 {
            let start = f.clock.now.addingTimeInterval(-Double(day + 2) * 86_400)
            _ = try await f.diary.write { diary in
                let trip = try diary.trips.add(
                    TripDraft(spotId: spot.id, startAt: start, endAt: start + 3_600, utcOffsetSeconds: 10_800))
                return try diary.catches.add(
                    CatchDraft(
                        tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: start + 600,
                        utcOffsetSeconds: 10_800,
                        count: 3))
            }
        }
        let model = home(f, at: nil)
        try await model.load()
        let rows = model.recentCatches.map { "\(model.title(of: $0)) — \(model.moment(of: $0))" }
        #expect(rows.count == 3 && Set(rows).count == 3)
        #expect(rows.first == "European perch × 3 — Tue 26 May 2026, 23:36 · Volga bend")
    }

    @Test(
        "Given instants across the year, then dates read as Foundation's calendar reads them on that clock, in both languages"
    )
    func datesAgreeWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 10_800)!
        let english = DiaryDates(language: .english)
        for step in 0..<400 {
            let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(step) * 79_123)
            let parts = calendar.dateComponents([.day, .month, .year, .hour, .minute], from: date)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = calendar.timeZone
            formatter.dateFormat = "EEE d MMM yyyy"
            #expect(english.day(date, offset: 10_800) == formatter.string(from: date))
            #expect(
                english.time(date, offset: 10_800)
                    == String(format: "%02d:%02d", parts.hour ?? -1, parts.minute ?? -1))
        }
        #expect(english.duration(59) == nil)
        #expect(english.duration(45 * 60) == "45 min")
        #expect(english.duration(4.5 * 3_600) == "4 h 30 min")
        #expect(DiaryDates(language: .russian).duration(26 * 3_600) == "1 д 2 ч")
    }

    @Test(
        "At home on an iPad: the heaviest pike of the season and its photos in at most 4 taps — Reports, its personal best (its photos as thumbnails), a photo full screen"
    )
    func heaviestPikeAndItsPhotos() async throws {
        let f = try AppFixture()
        let catches = try await season(f)
        let router = AppRouter()
        let bests = PersonalBestsModel(diary: f.diary, formatter: .metricEnglish)
        let photo = try await f.diary.write { [pike = catches[0]] diary in
            try MediaImporter(store: try MediaStore(diary: diary)).importMedia(
                MediaSource(url: mediaFixture("photo_exif_full.jpg"), target: MediaTarget(.catch, pike.id)))
        }
        let taps = Taps()
        await taps.tap { router.select(page: "reports") }
        try await bests.load()
        #expect(bests.bests.map(\.title) == ["Northern pike — 2.4\u{a0}kg"], "the perch were never weighed")
        let best = try #require(bests.bests.first)
        await taps.tap { router.current.navigate(to: .catchPage(best.item.id)) }
        let page = CatchPageModel(diary: f.diary, catchId: best.item.id, formatter: .metricEnglish)
        try await page.load()
        #expect(page.media.map(\.id) == [photo.asset.id])
        let viewing = MediaViewing(target: MediaTarget(.catch, best.item.id), assetId: photo.asset.id)
        await taps.tap { router.current.navigate(to: .mediaViewer(viewing)) }
        #expect(taps.count <= 4)
        #expect(router.current.path == [.catchPage(catches[0].id), .mediaViewer(viewing)])
    }
}
