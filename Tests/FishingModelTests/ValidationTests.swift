import FishingModel
import Foundation
import Testing

@Suite("Validation of mandatory attributes and bounds (T19)")
struct ValidationTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    @Test("Given an empty spot, when validated, then name, latitude and longitude are all reported")
    func emptySpot() {
        #expect(SpotDraft().issues().map(\.field) == ["name", "lat", "lon"])
    }

    @Test("Given bad spot values, when validated, then each names its field, value and the allowed range")
    func spotBounds() {
        let draft = SpotDraft(
            name: "  ", latitude: 91, longitude: -180.5, depthM: -1, notes: String(repeating: "x", count: 4001))
        let issues = draft.issues()
        #expect(issues.map(\.field) == ["name", "lat", "lon", "depthM", "notes"])
        #expect(issues[1].value == "91")
        #expect(issues[1].message.contains("-90 to 90"))
        #expect(SpotDraft(name: "A\nB", latitude: 0, longitude: 0).issues().map(\.field) == ["name"])
        #expect(SpotDraft(name: "Ok", latitude: .nan, longitude: 0).issues().map(\.field) == ["lat"])
        #expect(SpotDraft(name: "Ok", latitude: -90, longitude: 180, depthM: 0).issues().isEmpty)
    }

    @Test("Given a trip, when its end is before its start or dates are absurd, then those fields are reported")
    func tripRules() {
        let start = now.addingTimeInterval(-3600)
        let trip = TripDraft(spotId: UUID(), startAt: start, endAt: start.addingTimeInterval(-60)).withDefaults(
            now: now)
        #expect(trip.issues(now: now).map(\.field) == ["end"])
        #expect(TripDraft().withDefaults(now: now).issues(now: now).map(\.field) == ["spotId"])
        let ancient = TripDraft(spotId: UUID(), startAt: Date(timeIntervalSince1970: -3e9)).withDefaults(now: now)
        #expect(ancient.issues(now: now).map(\.field) == ["start"])
        let long = TripDraft(
            spotId: UUID(), utcOffsetSeconds: 99_999, title: String(repeating: "t", count: 201), companions: "x")
        #expect(long.withDefaults(now: now).issues(now: now).map(\.field) == ["utcOffsetSeconds", "title"])
    }

    @Test("Given a trip without a start, when defaults apply, then it starts now on the device clock (T11)")
    func tripDefaultsToNow() {
        let draft = TripDraft(spotId: UUID()).withDefaults(now: now)
        #expect(draft.startAt == now)
        #expect(draft.utcOffsetSeconds == DiaryTime.deviceOffset(at: now))
    }

    @Test("Given a catch, when every bound is broken, then every field is reported at once")
    func catchBounds() {
        let draft = CatchDraft(
            tripId: nil, speciesId: " ", caughtAt: now.addingTimeInterval(3 * 86_400), count: 0, weightKg: 0,
            lengthCm: 801, depthM: 11_001, waterTempC: 41)
        #expect(
            draft.withDefaults(now: now).issues(now: now).map(\.field)
                == ["tripId", "species", "time", "count", "weightKg", "lengthCm", "depthM", "waterTempC"])
    }

    @Test(
        "Given the water noted on a catch and a trip, when it is out of bounds, then each figure is reported by its field; at the bounds it is accepted"
    )
    func waterBounds() {
        let broken = CatchDraft(
            tripId: UUID(), speciesId: "esox-lucius", waterTempC: -2.5, waterClarityM: -0.1, waterLevelM: 30.5)
        #expect(
            broken.withDefaults(now: now).issues(now: now).map(\.field) == [
                "waterTempC", "waterClarityM", "waterLevelM",
            ])
        let trip = TripDraft(spotId: UUID(), waterTempC: 40.5, waterClarityM: 100.5, waterLevelM: -31)
        let issues = trip.withDefaults(now: now).issues(now: now)
        #expect(issues.map(\.field) == ["waterTempC", "waterClarityM", "waterLevelM"])
        #expect(issues[2].message == "must be from -30 to 30 m")
        let edges = TripDraft(
            spotId: UUID(), waterTempC: 40, waterClarityM: 0, waterLevelM: -30, waterTrend: .falling)
        #expect(edges.withDefaults(now: now).issues(now: now).isEmpty)
        #expect(
            CatchDraft(tripId: UUID(), speciesId: "x", waterClarityM: 100, waterLevelM: 30, waterTrend: .rising)
                .withDefaults(now: now).issues(now: now).isEmpty)
    }

    @Test("Given plausible extremes, when validated, then they are accepted")
    func catchExtremesAccepted() {
        let draft = CatchDraft(
            tripId: UUID(), speciesId: "huso-huso", count: 10_000, weightKg: 1_600, lengthCm: 0.1, depthM: 0,
            waterTempC: -2)
        #expect(draft.withDefaults(now: now).issues(now: now).isEmpty)
        #expect(
            CatchDraft(tripId: UUID(), speciesId: "x", weightKg: -0.001).withDefaults(now: now).issues(now: now).map(
                \.value) == ["-0.001"])
    }

    @Test("Given a catch without time or count, when defaults apply, then time is now, count 1, kept")
    func catchDefaults() {
        let draft = CatchDraft(tripId: UUID(), speciesId: "esox-lucius").withDefaults(now: now)
        #expect(draft.caughtAt == now)
        #expect(draft.count == 1)
        #expect(draft.released == false)
    }

    @Test("Given profile drafts, when validated, then names and PIN formats are checked")
    func profileRules() {
        #expect(ProfileDraft(displayName: "").issues().map(\.field) == ["displayName"])
        #expect(ProfileDraft(displayName: "Anna", pin: "12a4").issues().map(\.field) == ["pin"])
        #expect(ProfileDraft(displayName: "Anna", pin: "123").issues().first?.value == "•••")
        #expect(ProfileDraft(displayName: String(repeating: "n", count: 61)).issues().map(\.field) == ["displayName"])
        #expect(ProfileDraft(displayName: "Anna", pin: "4821").issues().isEmpty)
    }

    @Test("Given a validation error, when described, then each issue is on its own line with field and value")
    func errorDescription() {
        let error = ValidationError(
            entity: "catch", issues: [ValidationIssue(field: "weightKg", value: "-3", message: "must be more")])
        #expect(error.description == "The catch was not saved:\n  - weightKg = \"-3\": must be more")
    }
}

@Suite("Diary times (T11)")
struct DiaryTimeTests {
    @Test("Given ISO 8601 with an offset, when parsed and formatted, then the offset is kept")
    func roundTrip() throws {
        let parsed = try #require(DiaryTime.parse("2026-06-01T05:30:00+03:00", defaultOffsetSeconds: 0))
        #expect(parsed.utcOffsetSeconds == 10_800)
        #expect(parsed.date.timeIntervalSince1970 == 1_780_281_000)
        #expect(
            DiaryTime.iso8601(parsed.date, utcOffsetSeconds: parsed.utcOffsetSeconds) == "2026-06-01T05:30:00+03:00")
    }

    @Test("Given other accepted forms, when parsed, then they give the right instant")
    func forms() throws {
        #expect(
            DiaryTime.parse("2026-06-01T02:30:00Z", defaultOffsetSeconds: 3600)?.date.timeIntervalSince1970
                == 1_780_281_000)
        #expect(
            DiaryTime.parse("2026-06-01 05:30", defaultOffsetSeconds: 10_800)?.date.timeIntervalSince1970
                == 1_780_281_000)
        #expect(
            DiaryTime.parse("2026-06-01T02:30:00.250Z", defaultOffsetSeconds: 0)?.date.timeIntervalSince1970
                == 1_780_281_000.25)
        #expect(DiaryTime.parse("2026-06-01", defaultOffsetSeconds: 0)?.date.timeIntervalSince1970 == 1_780_272_000)
        #expect(DiaryTime.parse("2026-06-01T05:30:00-0230", defaultOffsetSeconds: 0)?.utcOffsetSeconds == -9_000)
    }

    @Test(
        "Given malformed dates, when parsed, then nil is returned",
        arguments: [
            "", "yesterday", "2026-13-01", "2026-02-30T10:00:00Z", "2026-06-01T25:00:00Z", "2026-06-01T05:30:00+15:00",
            "2026-06-01T05:30:00+03:00 trailing", "2026-6-1",
        ])
    func malformed(_ text: String) {
        #expect(DiaryTime.parse(text, defaultOffsetSeconds: 0) == nil)
    }
}
