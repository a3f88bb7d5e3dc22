import AppFeatures
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import TestSupport
import Testing

/// UI5: no destructive control of any screen runs without its safeguard — a confirmation (typed
/// where it says so) or, for a move to the Trash, an undo offer.
@Suite("Fool protection on every destructive control (UI5)")
@MainActor
struct SafeguardTests {
    /// Each screen with destructive controls, set up with something selected (and, for forms,
    /// something changed), and a way to see whether anything changed.
    func screens(_ f: AppFixture) async throws -> [(any SafeguardsDestructiveActions, () async throws -> [Int])] {
        let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)
        let item = try await f.diary.write { [trip = f.trip] in
            try $0.catches.add(CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt))
        }
        let second = try await f.diary.write { [spot = f.spot] in
            try $0.trips.add(TripDraft(spotId: spot.id, startAt: spot.createdAt, utcOffsetSeconds: 0))
        }
        _ = try await f.diary.write { try $0.trash.put(.trip, second.id) }
        try await f.diary.write {
            try $0.sync.saveAccount(
                portalURL: "https://portal.example.org", email: "a@example.org", accountId: UUID(), token: "t")
        }
        let trash = TrashModel(diary: f.diary, language: .english)
        try await trash.load()
        let profiles = ProfilesModel(storage: f.storage, language: .english)
        try await profiles.load()
        profiles.selected = profiles.profiles.first
        let catchEditor = CatchEditorModel(diary: f.diary, editing: item, conditions: nil, formatter: formatter)
        catchEditor.notes = "changed"
        let tripEditor = TripEditorModel(diary: f.diary, editing: f.trip, conditions: nil, formatter: formatter)
        tripEditor.draft.title = "changed"
        let tripDetail = TripDetailModel(diary: f.diary, tripId: f.trip.id, formatter: .metricEnglish)
        let sync = SyncModel(
            service: SyncService(
                diary: f.diary, sharedDirectoryURL: f.folder.appendingPathComponent("directories.sqlite"),
                contentURL: nil, transport: { _ in SyncAndSettingsTests.Unreachable() }),
            deviceName: "test", language: .english)
        try await sync.load()
        let url = try await f.diary.read { $0.fileURL }
        let reports = ReportsModel(diary: f.diary, databaseURL: url, currentYear: 2026, language: .english)
        _ = try await f.diary.write { try $0.saveReport(title: "Mine", formula: "count(catch)", chart: "table") }
        try await reports.load()
        reports.selectedSaved = reports.saved.first
        let photo = ConditionsReportsMediaTests.FileCamera(files: [mediaFixture("photo_exif_full.jpg")])
        let media = MediaModel(
            diary: f.diary, target: nil, camera: photo, library: photo, downloads: nil, language: .english)
        await media.capture(.photo)
        let mediaFolder = MediaStore.folder(forDiaryAt: try await f.diary.read { $0.fileURL })
        let viewer = MediaViewerModel(
            diary: f.diary, viewing: MediaViewing(target: nil, assetId: try #require(media.assets.first).id),
            mediaFolder: mediaFolder, thumbnails: nil, downloads: nil, formatter: formatter)
        try await viewer.load()
        let keyStore = MapKeysInMemory(["maptiler-satellite": "SavedKey1"])
        let mapKey = f.mapKeys(drawable: ["maptiler-satellite"], store: keyStore)[0]
        await mapKey.load()
        let maps = f.folder.appendingPathComponent("maps")
        let helsinki = maps.appendingPathComponent("helsinki")
        try FileManager.default.createDirectory(at: helsinki, withIntermediateDirectories: true)
        try writeHelsinkiMapPack(into: helsinki)
        try FileManager.default.moveItem(
            at: helsinki.appendingPathComponent("helsinki.json"), to: helsinki.appendingPathComponent("manifest.json"))
        let packService = MapPackService(folder: maps, transport: { _ in SyncAndSettingsTests.Unreachable() })
        let packs = MapPacksModel(diary: f.diary, service: packService, formatter: formatter)
        packs.load()
        packs.selected = packs.installed.first
        let sheet = f.folder.appendingPathComponent("log.csv")
        try Data("Date,Fish,Spot,Lat,Lon\n2025-06-14 06:10,Northern pike,Bridge pier,55.75,37.61\n".utf8).write(
            to: sheet)
        let interchange = InterchangeModel(diary: f.diary, folder: f.folder, language: .english)
        await interchange.choose(sheet)
        await interchange.importChosen()
        let portal = ShareCatchModelTests.Portal()
        let sharing = CatchSharing(
            diary: f.diary, transport: { _ in portal }, picture: { _, _ in nil })
        let share = ShareCatchModel(sharing: sharing, catchId: item.id, formatter: formatter)
        try await share.load()
        await share.createLink()
        let links = SharedLinksModel(sharing: sharing, language: .english)
        await links.load()
        links.selected = links.rows.first
        let storage = f.storage
        let diaryState = { try f.counts() }
        return [
            (trash, diaryState),
            (profiles, { try await storage.run { try $0.profiles().map(\.displayName.count) } }),
            (catchEditor, { [catchEditor] in try f.counts() + [catchEditor.isDirty ? 1 : 0] }),
            (tripEditor, { [tripEditor] in [tripEditor.isDirty ? 1 : 0] }),
            (tripDetail, diaryState),
            // Before signing out: withdrawing a link needs the session.
            (links, { [links] in links.rows.map { $0.state == .works ? 1 : 0 } }),
            (share, { [share] in [share.link == nil ? 0 : 1] }),
            (sync, { [sync] in [sync.status?.isSignedIn == true ? 1 : 0] }),
            (reports, { [reports] in [reports.saved.count] }),
            (
                viewer,
                { [media] in
                    try await media.load()
                    return [media.assets.count]
                }
            ),
            (mapKey, { [keyStore.key(for: "maptiler-satellite")?.count ?? 0] }),
            (packs, { [packService.installed().count] }),
            (interchange, diaryState),
        ]
    }

    @Test(
        "Given every destructive control of every screen, when requested, then nothing changes until it is confirmed, or an undo is offered"
    )
    func everyDestructiveActionWaits() async throws {
        let f = try AppFixture()
        var walked: [String] = []
        for (model, state) in try await screens(f) {
            for control in type(of: model).controls where control.isDestructive {
                walked.append(control.id)
                let before = try await state()
                await model.request(control)
                switch control.safeguard {
                case .undo:
                    #expect(model.undoOffer != nil, "\(control) moved to the Trash without an undo offer")
                case .confirm, .typedConfirmation:
                    let after = try await state()
                    #expect(after == before, "\(control) changed something before it was confirmed")
                    let confirmation = try #require(model.confirmation, "\(control) asked for no confirmation")
                    #expect((confirmation.expectedText != nil) == (control.safeguard == .typedConfirmation))
                    confirmation.typedText = confirmation.expectedText ?? ""
                    try await confirmation.confirm()
                    let confirmed = try await state()
                    #expect(confirmed != before, "\(control) did nothing once confirmed")
                case .none: break
                }
            }
        }
        let declared = AppScreens.controls.filter(\.isDestructive).map(\.id)
        #expect(Set(walked) == Set(declared), "every destructive control of the app is walked")
    }
}
