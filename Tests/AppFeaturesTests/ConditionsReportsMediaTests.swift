import AppFeatures
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import MediaLibrary
import ReportOutput
import TestSupport
import Testing
import Weather

/// The conditions, reports and media screens.
@Suite("Conditions, reports and media screens")
@MainActor
struct ConditionsReportsMediaTests {
    /// A transport that is always offline.
    struct Offline: HTTPTransport {
        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            throw .failed("offline")
        }
    }

    @Test(
        "Given no network, when the conditions of a spot are refreshed, then the sky and the magnetic field are there, computed on the device, and why the weather is missing is said in Russian, without an error's English or a URL"
    )
    func conditionsOffline() async throws {
        let model = ConditionsModel(
            weather: WeatherService(cache: nil, transport: Offline()),
            coordinate: Coordinate(latitude: 56.84, longitude: 35.9), time: Date(timeIntervalSince1970: 1_780_000_000),
            utcOffsetSeconds: 10_800,
            formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: .russian), language: .russian))
        await model.refresh(budget: .milliseconds(500))
        let fields = Set(model.lines.map(\.field))
        #expect(fields.isSuperset(of: [.moonPhase, .sunrise, .sunset, .magneticDeclination]))
        #expect(!fields.contains(.temperature))
        #expect(model.lines.allSatisfy { $0.source == "Рассчитано на устройстве" })
        #expect(model.lines.first { $0.field == .sunrise }?.value.count == 5)
        #expect(!model.majorPeriods.isEmpty && model.solunarRating != nil)
        #expect(model.warnings.first?.hasPrefix("Погоды нет") == true, "no service answered: one sentence, first")
        #expect(!model.warnings.contains { $0.contains("не ответил") }, "not a line per service")
        for warning in model.warnings {
            #expect(!warning.contains("http") && !warning.contains("could not"), "\(warning)")
            #expect(warning.contains { ("а"..."я").contains($0) }, "\(warning) is not Russian")
        }
        for phase in [
            "new", "waxing-crescent", "first-quarter", "waxing-gibbous", "full", "waning-gibbous", "last-quarter",
            "waning-crescent",
        ] {
            #expect(Catalog.shared.stored("moon.\(phase)", .russian) != nil)
        }
    }

    @Test(
        "Given every kind of conditions warning, stored then read back, then each is said in English and Russian with its values filled; a sentence stored before kinds reads as one"
    )
    func everyConditionsWarningWorded() throws {
        let models = Language.allCases.map { language in
            ConditionsModel(
                weather: WeatherService(cache: nil, transport: Offline()),
                coordinate: Coordinate(latitude: 0, longitude: 0), time: Date(), utcOffsetSeconds: 0,
                formatter: MeasureFormatter(
                    preferences: .defaults(for: .metric, language: language), language: language))
        }
        let values = ["provider": "Open-Meteo", "instead": "MET Norway", "minutes": "95", "seconds": "2.5"]
        for kind in ConditionsWarning.Kind.allCases {
            let warning = ConditionsWarning(kind, values, detail: "https://example.org failed")
            let stored = try JSONDecoder().decode(ConditionsWarning.self, from: JSONEncoder().encode(warning))
            #expect(stored == warning)
            let texts = models.map { $0.text(stored) }
            #expect(texts[0] != texts[1], "\(kind) is the same in both languages")
            for text in texts {
                #expect(!text.contains("{") && !text.contains("http") && !text.isEmpty, "\(kind): \(text)")
            }
        }
        let legacy = try JSONDecoder().decode(
            [ConditionsWarning].self,
            from: Data(#"["Open-Meteo could not be reached at https://api.open-meteo.com"]"#.utf8))
        #expect(
            legacy == [
                ConditionsWarning(.other, detail: "Open-Meteo could not be reached at https://api.open-meteo.com")
            ])
        #expect(models[1].text(legacy[0]) == "Часть условий получить не удалось.")
        #expect(legacy[0].description == "Open-Meteo could not be reached at https://api.open-meteo.com")
        let failed = ConditionsWarning(.providerFailed, ["provider": "Open-Meteo"])
        #expect(models[0].text(failed) == "Open-Meteo did not answer.")
        #expect(
            models[1].text(ConditionsWarning(.providerFailed, values)) == "Open-Meteo не ответил. Ответил MET Norway.")
    }

    @Test("Given every conditions field, when its line is labelled, then English and Russian each have their own words")
    func everyConditionsFieldLabelled() {
        let formatter = { (language: Language) in
            MeasureFormatter(preferences: .defaults(for: .metric, language: language), language: language)
        }
        let models = Language.allCases.map { language in
            ConditionsModel(
                weather: WeatherService(cache: nil, transport: Offline()),
                coordinate: Coordinate(latitude: 0, longitude: 0),
                time: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0, formatter: formatter(language))
        }
        for field in ConditionsField.allCases {
            let labels = models.map { $0.label(of: field) }
            #expect(
                !labels.contains("conditions.field.\(field.rawValue)") && Set(labels).count == labels.count, "\(field)")
        }
    }

    @Test(
        "Given the formula editor, when a misspelled field is typed, then the problem and its position show at once; fixed, it runs, saves, and removal can be undone"
    )
    func formulaEditor() async throws {
        let f = try AppFixture()
        _ = try await f.diary.write { [trip = f.trip] in
            try $0.catches.add(contentsOf: [
                CatchDraft(tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: trip.startAt, count: 3),
                CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt.addingTimeInterval(60)),
            ])
        }
        let url = try await f.diary.read { $0.fileURL }
        let model = ReportsModel(diary: f.diary, databaseURL: url, currentYear: 2026, language: .english)
        try await model.load()
        model.formulaText = "sum(catch.count) by specis"
        let problem = try #require(model.formulaProblem)
        #expect(problem.message.contains("species"), "a did-you-mean names the field meant")
        #expect(problem.position == 20)
        #expect(!model.canRun)
        model.formulaText = "sum(catch.count) by species order desc"
        #expect(model.formulaProblem == nil)
        model.titleText = "Fish by species"
        await model.runFormula()
        #expect(model.result?.table.rows.first?.first == .text("European perch"))
        await model.saveReport()
        #expect(model.saved.map(\.title) == ["Fish by species"])
        model.selectedSaved = model.saved.first
        await model.request(ReportsModel.remove)
        #expect(model.saved.isEmpty)
        try await #require(model.undoOffer).perform()
        #expect(model.saved.count == 1)
        let byMonth = try #require(model.builtIns.first { $0.slug == "catches-by-species" })
        #expect(byMonth.title == "Fish caught by species")
        await model.open(byMonth)
        #expect(model.result?.table.rows.first?.last == .integer(3), "three perch in one catch are three fish")
    }

    /// A camera and a library that hand over fixture files.
    struct FileCamera: CameraCapture, PhotoLibraryPicker {
        let files: [URL]
        func capture(_ mode: CaptureMode, for target: MediaTarget?) async throws -> MediaSource? {
            files.first.map { MediaSource(url: $0, target: target) }
        }
        func pick(limit: Int, for target: MediaTarget?) async throws -> [MediaSource] {
            files.prefix(limit).map { MediaSource(url: $0, target: target) }
        }
    }

    @Test(
        "Given the trip's gallery, when photos come from the library with one unreadable, then the others are imported with progress and the failure named"
    )
    func mediaGallery() async throws {
        let f = try AppFixture()
        let files = [
            mediaFixture("photo_exif_full.jpg"), f.folder.appendingPathComponent("gone.jpg"),
            mediaFixture("video_location.mp4"),
        ]
        let source = FileCamera(files: files)
        let model = MediaModel(
            diary: f.diary, target: MediaTarget(.trip, f.trip.id), camera: source, library: source, downloads: nil,
            language: .english)
        await model.chooseFromLibrary()
        #expect(model.progress?.done == 3 && model.progress?.total == 3)
        #expect(model.progress?.failures.count == 1 && model.progress?.failures.first?.hasPrefix("gone.jpg") == true)
        #expect(model.assets.count == 2)
    }
}
