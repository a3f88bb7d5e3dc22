import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import TestSupport
import Testing

/// T19, T5: the catch editor marks what is required, shows every problem at its field at once
/// in the angler's language and units, picks directory values, and takes a photo's trip only
/// when the angler confirms it.
@Suite("Catch editor (T19, T5)")
@MainActor
struct CatchEditorModelTests {
    func editor(_ f: AppFixture, language: Language = .english, system: Units = .metric, editing: Catch? = nil)
        -> CatchEditorModel
    {
        CatchEditorModel(
            diary: f.diary, editing: editing, conditions: nil,
            formatter: MeasureFormatter(preferences: .defaults(for: system, language: language), language: language),
            now: f.clock.function)
    }

    @Test(
        "Given an empty form, when shown, then the mandatory fields carry their message before anything is typed, the time counts as filled with now, and saving is off"
    )
    func requiredMarkedAtOnce() async throws {
        let f = try AppFixture()
        let model = editor(f, language: .russian)
        try await model.load()
        #expect(CatchEditorModel.requiredFields == [.tripId, .species, .time])
        #expect(model.fieldErrors == [.tripId: "Обязательное поле", .species: "Обязательное поле"])
        #expect(model.draft.caughtAt == f.clock.now, "a new catch is caught now (issue 30 §4)")
        #expect(!model.canSave)
        #expect(await model.save() == nil)
        #expect(try f.counts()[2] == 0)
    }

    @Test(
        "Given an imperial angler, when a weight beyond the limit and a word for the length are typed, then each field says so in pounds and nothing is saved"
    )
    func messagesAtTheirFieldsInTheirUnits() async throws {
        let f = try AppFixture()
        let model = editor(f, system: .imperial)
        try await model.load()
        model.choose(trip: f.trip)
        model.choose(try #require(model.speciesChoices.first { $0.id == "esox-lucius" }), for: .species)
        model.set(time: f.trip.startAt.addingTimeInterval(600))
        model.weightText = "4000"
        model.lengthText = "long"
        #expect(model.fieldErrors[.weightKg] == "Must be more than 0\u{a0}oz and at most 3527\u{a0}lb 6\u{a0}oz")
        #expect(model.fieldErrors[.lengthCm] == "Not a number")
        #expect(model.fieldErrors.count == 2)
        model.weightText = "5,5"
        model.lengthText = "28"
        #expect(model.fieldErrors.isEmpty)
        let saved = try #require(await model.save())
        #expect(abs(saved.weightKg! - 5.5 * 0.453_592_37) < 1e-9)
        #expect(abs(saved.lengthCm! - 71.12) < 1e-9)
        #expect(model.chosenName(.species) == "Northern pike")
    }

    @Test(
        "Given a photo taken near a spot during a trip there, when used, then the time is filled and the trip is only suggested until accepted"
    )
    func photoTripNeedsConfirmation() async throws {
        let f = try AppFixture()
        let (neva, trip) = try await f.diary.write { diary -> (Spot, Trip) in
            let spot = try diary.spots.add(SpotDraft(name: "Neva", latitude: 59.937, longitude: 30.315))
            let start = try #require(DiaryTime.parse("2024-06-01T05:00:00+03:00", defaultOffsetSeconds: 0))
            let trip = try diary.trips.add(
                TripDraft(
                    spotId: spot.id, startAt: start.date, endAt: start.date.addingTimeInterval(14_400),
                    utcOffsetSeconds: 10_800))
            return (spot, trip)
        }
        let model = editor(f)
        try await model.load()
        await model.prefill(fromPhotoAt: mediaFixture("photo_iloc_v2_idat.heic"))
        #expect(model.draft.caughtAt != nil)
        #expect(model.draft.tripId == nil, "the photo's position is never trusted silently")
        #expect(model.photoSuggestion?.trip?.id == trip.id)
        #expect(model.photoSuggestion?.prefill.nearestSpot?.spot.id == neva.id)
        model.acceptPhotoTrip()
        #expect(model.draft.tripId == trip.id)
        #expect(model.fieldErrors == [.species: "Required"])
    }

    /// A library whose angler picks the named fixture photos.
    struct FixtureLibrary: PhotoLibraryPicker {
        let names: [String]
        func pick(limit: Int, for target: MediaTarget?) async throws -> [MediaSource] {
            names.prefix(limit).map { MediaSource(url: mediaFixture($0), target: target) }
        }
    }

    @Test(
        "Given a catch filled from a library photo, when saved, then the photo joins the catch's photos; a cancelled pick changes nothing"
    )
    func photoJoinsTheSavedCatch() async throws {
        let f = try AppFixture()
        let model = editor(f)
        try await model.load()
        await model.fillFromPhoto(choosingWith: FixtureLibrary(names: []))
        #expect(model.photo == nil && model.draft.caughtAt == f.clock.now, "the time stays now")
        await model.fillFromPhoto(choosingWith: FixtureLibrary(names: ["photo_exif_full.jpg", "photo_no_exif.jpg"]))
        #expect(model.photo?.originalName == "photo_exif_full.jpg", "one photo fills the form")
        #expect(
            model.draft.caughtAt != nil && model.draft.caughtAt != f.clock.now,
            "its time replaces the time the form opened with")
        model.choose(trip: f.trip)
        model.choose(try #require(model.speciesChoices.first { $0.id == "esox-lucius" }), for: .species)
        model.set(time: f.trip.startAt.addingTimeInterval(600))
        let saved = try #require(await model.save(), "\(model.fieldErrors)")
        let photos = try await f.diary.read { try $0.media.assets(linkedTo: MediaTarget(.catch, saved.id)) }
        #expect(photos.map(\.originalName) == ["photo_exif_full.jpg"])
        #expect(model.photo == nil, "added once")
    }

    @Test(
        "Given a saved catch edited, when discarding, then the form asks and goes back to the saved values; deleting offers an undo that brings it back"
    )
    func discardAndDelete() async throws {
        let f = try AppFixture()
        let item = try await f.diary.write { [trip = f.trip] in
            try $0.catches.add(
                CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt, weightKg: 2.5))
        }
        let model = editor(f, editing: item)
        try await model.load()
        #expect(model.weightText == "2.5" && !model.isDirty)
        await model.request(CatchEditorModel.discard)
        #expect(model.confirmation == nil, "nothing to discard, nothing to ask")
        model.weightText = "3"
        #expect(model.isDirty)
        await model.request(CatchEditorModel.discard)
        try await #require(model.confirmation).confirm()
        #expect(model.weightText == "2.5" && !model.isDirty)
        await model.request(CatchEditorModel.delete)
        #expect(try f.counts()[2] == 0)
        try await #require(model.undoOffer).perform()
        #expect(try f.counts()[2] == 1)
    }

    @Test(
        "Given an imperial angler in Russian, when the form shows its figures, then each says its unit, and a decimal comma is read"
    )
    func unitsBesideTheFields() async throws {
        let f = try AppFixture()
        let model = editor(f, language: .russian, system: .imperial)
        try await model.load()
        #expect(model.unit(of: CatchEditorModel.weight) == "фнт")
        #expect(model.unit(of: CatchEditorModel.length) == "дюйм")
        #expect(model.unit(of: CatchEditorModel.water.temperature) == "°F")
        #expect(model.unit(of: CatchEditorModel.count) == nil)
        model.weightText = "5,5"
        #expect(model.fieldErrors[.weightKg] == nil)
        #expect(
            model.tripLabel(f.trip).hasPrefix("Volga bend · "), "a trip without a title is named by its spot and day")
    }
}
