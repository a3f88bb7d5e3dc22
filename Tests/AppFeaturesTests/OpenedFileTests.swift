import AppFeatures
import Foundation
import Testing

/// "Open in The Hobby Story" (issue 34 §1, §2): the file types the Info.plist declares are the
/// ones the app reads, and a file handed over by another app lands where it is read — a backup
/// on the Anglers page ready to restore, a map file or spreadsheet in the import preview —
/// with nothing saved; any other file is refused naming what the app opens.
@MainActor
@Suite("Files opened from other apps")
struct OpenedFileTests {
    static let infoAdditions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("App/HobbyStory.swiftpm/InfoAdditions.plist")

    @Test(
        "Given the app's Info.plist additions, then they declare exactly the app's own and imported file types, and the document types are the ones the app opens"
    )
    func declaredTypes() throws {
        let plist = try PropertyListSerialization.propertyList(
            from: try Data(contentsOf: Self.infoAdditions), format: nil)
        let info = try #require(plist as? [String: Any])
        func declarations(_ key: String) throws -> [DiaryFileType] {
            let entries = try #require(info[key] as? [[String: Any]], "\(key) is declared")
            return try entries.map { entry in
                let identifier = try #require(entry["UTTypeIdentifier"] as? String)
                let type = try #require(DiaryFileType.all.first { $0.identifier == identifier }, "\(identifier)")
                let tags = try #require(entry["UTTypeTagSpecification"] as? [String: Any])
                #expect(tags["public.filename-extension"] as? [String] == type.extensions, "\(identifier)")
                #expect((tags["public.mime-type"] as? [String] ?? []) == type.mimeTypes, "\(identifier)")
                #expect(entry["UTTypeConformsTo"] as? [String] == type.conformsTo, "\(identifier)")
                #expect(entry["UTTypeDescription"] as? String == type.name, "\(identifier)")
                return type
            }
        }
        #expect(
            try declarations("UTExportedTypeDeclarations") == DiaryFileType.all.filter { $0.declaration == .exported })
        #expect(
            try declarations("UTImportedTypeDeclarations") == DiaryFileType.all.filter { $0.declaration == .imported })
        let documents = try #require(info["CFBundleDocumentTypes"] as? [[String: Any]])
        let opened = documents.flatMap { $0["LSItemContentTypes"] as? [String] ?? [] }
        #expect(opened == DiaryFileType.documentTypes.map(\.identifier))
        #expect(documents.allSatisfy { $0["CFBundleTypeRole"] as? String == "Viewer" })
        #expect(info["LSSupportsOpeningDocumentsInPlace"] as? Bool == true, "files are read where they are")
    }

    @Test("Given file names, then each is the type its extension says, in any case, and unknown ones are none")
    func typesByName() {
        #expect(DiaryFileType.of(fileName: "Anna 2026-12-07.hsbackup") == .backup)
        #expect(DiaryFileType.of(fileName: "Track 12.06.GPX") == .gpx)
        #expect(DiaryFileType.of(fileName: "log.csv") == .commaSeparated)
        #expect(DiaryFileType.of(fileName: "photo.jpg") == nil)
        #expect(DiaryFileType.of(fileName: "gpx") == nil)
    }

    @Test(
        "Given a GPX file handed over, when opened, then Settings › Data shows what importing it would add and nothing is saved"
    )
    func mapFileOpensTheImportPreview() async throws {
        let f = try AppFixture()
        let file = f.folder.appendingPathComponent("Evening.gpx")
        try Data(
            """
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="60.17" lon="24.94"><name>Pier</name></wpt></gpx>
            """.utf8
        ).write(to: file)
        let interchange = InterchangeModel(diary: f.diary, folder: f.folder, language: .english)
        let router = AppRouter()
        let profiles = ProfilesModel(storage: f.storage, language: .english)
        let before = try f.counts()
        try await OpenedFile(restoring: profiles.restoring, interchange: interchange, router: router).open(file)
        #expect(router.ring.page.id == "settings" && router.current.path == [.settings(.data)])
        #expect(interchange.preview?.file == file && interchange.problem == nil)
        #expect(try f.counts() == before, "nothing saved before the angler confirms")
    }

    @Test(
        "Given a backup handed over, when opened, then the Anglers page shows whose diary it holds; a spreadsheet with no diary open, or a file of another kind, is refused by name"
    )
    func backupAndRefusals() async throws {
        let f = try AppFixture()
        let backup = BackupModel(
            diary: f.diary, folder: f.folder.appendingPathComponent("backups"), madeBy: "test", language: .english)
        await backup.backUp()
        let file = try #require(backup.made?.file)
        let profiles = ProfilesModel(storage: f.storage, language: .english)
        let router = AppRouter()
        try await OpenedFile(restoring: profiles.restoring, interchange: nil, router: router).open(file)
        #expect(router.ring.page.id == "profiles")
        #expect(profiles.restoring.description?.hasPrefix("The diary of Anna") == true)

        let opening = OpenedFile(restoring: profiles.restoring, interchange: nil, router: nil)
        let sheet = f.folder.appendingPathComponent("log.csv")
        await #expect(throws: OpenedFile.Problem.noDiaryOpen(fileName: "log.csv")) { try await opening.open(sheet) }
        let pdf = f.folder.appendingPathComponent("licence.pdf")
        await #expect(throws: OpenedFile.Problem.unknownKind(fileName: "licence.pdf")) { try await opening.open(pdf) }
        let text = OpenedFile.Problem.unknownKind(fileName: "licence.pdf").text(.english)
        #expect(text.contains("“licence.pdf”") && text.contains(".hsbackup") && text.contains(".kmz"))
        #expect(OpenedFile.Problem.noDiaryOpen(fileName: "log.csv").text(.russian).contains("«log.csv»"))
    }
}
