import AppFeatures
import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation
import TestSupport
import Testing

/// "Export and import" on Settings' Data page (issue 34 §1): the export the app makes reads back,
/// a chosen file is shown before anything is saved, in the angler's language, and an import is
/// undone as one Trash entry that comes back whole.
@MainActor
@Suite("Export and import in the app")
struct InterchangeModelTests {
    /// A spreadsheet kept elsewhere: its own headers, pounds, a fish no directory knows.
    func spreadsheet(_ fixture: AppFixture) throws -> URL {
        let file = fixture.folder.appendingPathComponent("Lake log.csv")
        try Data(
            """
            Date,Fish,Weight (lb),Spot,Lat,Lon
            2025-06-14 06:10,Northern pike,5.5,Bridge pier,55.751,37.618
            2025-06-14 07:40,European perch,0.9,Bridge pier,55.751,37.618
            2025-07-02 20:30,Sea monster,40,Bridge pier,55.751,37.618

            """.utf8
        ).write(to: file)
        return file
    }

    @Test(
        "Given a diary, when it is exported twice as GPX, then one file remains, it imports back, and the summary counts it"
    )
    func export() async throws {
        let fixture = try AppFixture()
        let folder = fixture.folder.appendingPathComponent("exports")
        let model = InterchangeModel(
            diary: fixture.diary, folder: folder, language: .english, now: fixture.clock.function)
        model.format = .gpx
        await model.exportDiary()
        fixture.clock.advance(by: 86_400)
        await model.exportDiary()
        let exported = try #require(model.exported)
        #expect(model.problem == nil && exported.format == .gpx && exported.spots == 1 && exported.trips == 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
                URL(fileURLWithPath: exported.path).lastPathComponent
            ])
        #expect(
            model.exportSummary?.hasPrefix("Ready: 1 spot, 1 trip (GPX, 0.1 MB).") == true,
            "\(model.exportSummary ?? "")")
        let text = try String(contentsOfFile: exported.path, encoding: .utf8)
        #expect(text.contains("<gpx version=\"1.1\"") && text.contains("<type>trip</type>"))
    }

    @Test(
        "Given a spreadsheet chosen, when previewed, then nothing is saved and the lines say what it adds, how its columns read and what it refuses, in English and in Russian"
    )
    func preview() async throws {
        let fixture = try AppFixture()
        let before = try fixture.counts()
        let file = try spreadsheet(fixture)
        let model = InterchangeModel(diary: fixture.diary, folder: fixture.folder, language: .english)
        await model.choose(file)
        #expect(model.problem == nil && model.canImport)
        #expect(try fixture.counts() == before, "nothing saved before the angler's word")
        let lines = model.previewLines
        #expect(
            lines.first == "Lake log.csv will add 1 spot, 1 trip, 2 catches. Nothing is saved until you tap Import.")
        #expect(model.columnRows.map(\.column) == [.caughtAt, .species, .weight, .spotName, .latitude, .longitude])
        #expect(model.columnRows[1].detail == "Northern pike, European perch, Sea monster")
        #expect(model.columnRows[2].detail == "5.5, 0.9, 40 · read in lb")
        #expect(lines.contains("1 row is not imported:"))
        #expect(
            lines.contains { $0.hasPrefix("row 4: column \"Fish\": \"Sea monster\" is not in the species directory") })
        #expect(!lines.contains { $0.hasPrefix("Not in the directories") }, "the one refused row says it already")
        let russian = InterchangeModel(diary: fixture.diary, folder: fixture.folder, language: .russian)
        await russian.choose(file)
        #expect(
            russian.previewLines.first
                == "Lake log.csv добавит: 1 место, 1 рыбалка, 2 улова. Ничего не сохранится, пока вы не нажмёте «Импортировать»."
        )
        #expect(russian.columnRows.prefix(2).map { russian.name(of: $0.column) } == ["Время улова", "Вид"])
        #expect(russian.name(of: nil) == "Не загружать")
        model.cancelImport()
        #expect(model.preview == nil && model.previewLines.isEmpty)
    }

    @Test(
        "Given a chosen spreadsheet, when the angler reads a column as another field or leaves it out, then the file is read again with nothing saved, and a field taken from another column leaves that one out"
    )
    func columnsChosenByTheAngler() async throws {
        let fixture = try AppFixture()
        let before = try fixture.counts()
        let file = fixture.folder.appendingPathComponent("Log.csv")
        try Data(
            "When,Fish,Place,Lat,Lon,Remarks\n2025-06-14 06:10,Northern pike,Bridge pier,55.75,37.61,By the reeds\n"
                .utf8
        ).write(to: file)
        let model = InterchangeModel(diary: fixture.diary, folder: fixture.folder, language: .english)
        await model.choose(file)
        #expect(
            model.columnRows.map(\.column) == [nil, .species, .spotName, .latitude, .longitude, nil],
            "When and Remarks unknown")

        await model.read("When", as: .caughtAt)
        await model.read("Remarks", as: .notes)
        #expect(model.problem == nil, "\(model.problem ?? "")")
        #expect(model.columnRows.map(\.column) == [.caughtAt, .species, .spotName, .latitude, .longitude, .notes])
        #expect(model.previewLines.first?.contains("1 catch") == true, "\(model.previewLines)")

        await model.read("Remarks", as: .species)
        #expect(
            model.columnRows.map(\.column) == [.caughtAt, nil, .spotName, .latitude, .longitude, .species],
            "Fish gave species up")
        await model.read("Remarks", as: nil)
        await model.read("Fish", as: .species)
        #expect(model.columnRows.map(\.column) == [.caughtAt, .species, .spotName, .latitude, .longitude, nil])
        #expect(try fixture.counts() == before, "nothing saved before Import")

        await model.importChosen()
        let notes = try await fixture.diary.read { try $0.catches.list().compactMap(\.notes) }
        #expect(notes.isEmpty, "the column left out was not imported")
        await model.choose(file)
        #expect(
            model.columnRows.map(\.column) == [nil, .species, .spotName, .latitude, .longitude, nil],
            "a new choice starts afresh")
    }

    @Test(
        "Given a chosen spreadsheet imported, when it is undone and the undo offered is taken, then its records leave as one Trash entry and come back whole; importing it again adds nothing"
    )
    func importAndUndo() async throws {
        let fixture = try AppFixture()
        let file = try spreadsheet(fixture)
        let model = InterchangeModel(diary: fixture.diary, folder: fixture.folder, language: .english)
        await model.choose(file)
        await model.importChosen()
        #expect(model.problem == nil && model.preview == nil)
        #expect(model.importSummary == "Added 1 spot, 1 trip, 2 catches from Lake log.csv; 1 row or point was skipped.")
        let catches = { try await fixture.diary.read { try $0.catches.list().count } }
        #expect(try await catches() == 2)
        await model.request(InterchangeModel.undoImport)
        #expect(try await catches() == 0 && model.imported == nil)
        #expect(try await fixture.diary.read { try $0.trash.entries().map(\.label) } == ["Import of Lake log.csv"])
        let offer = try #require(model.undoOffer)
        #expect(offer.message.contains("Import of Lake log.csv"))
        try await offer.perform()
        #expect(try await catches() == 2)
        await model.choose(file)
        #expect(!model.canImport, "everything in it is already in the diary")
        #expect(model.previewLines.contains("Already in the diary, left as they are: 1 spot, 1 trip, 2 catches."))
    }

    @Test(
        "Given a file that is no diary file, when chosen, then the problem is said in the angler's language and nothing is offered"
    )
    func unreadableFile() async throws {
        let fixture = try AppFixture()
        let file = fixture.folder.appendingPathComponent("photo.kmz")
        try Data("not a zip".utf8).write(to: file)
        let model = InterchangeModel(diary: fixture.diary, folder: fixture.folder, language: .russian)
        await model.choose(file)
        #expect(model.preview == nil && !model.canImport)
        #expect(model.problem?.hasPrefix("Файл нельзя импортировать:") == true, "\(model.problem ?? "")")
    }
}
