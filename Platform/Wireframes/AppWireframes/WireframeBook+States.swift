import AppFeatures
import AppUI
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import MapSources
import MediaLibrary
import SwiftUI

/// The states the wireframe book draws (issue 14 §4, issue 30 §1): each ring page, then each
/// state that shows a rule — help up, a confirmation asked, field errors, Catch now's steps, a
/// pushed screen — with what the angler did to reach it.
extension WireframeBook {
    /// Draws each ring page empty and filled, and the states that show its rules: help up, a
    /// confirmation asked, field errors, a pushed screen.
    public func renderEveryScreen() async throws {
        for page in AppScreens.ring.sections.flatMap(\.pages).map(\.id) {
            if !Self.sameWhateverTheDiary.contains(page) {
                try await render(page, "empty", filled: false) { _ in }
            }
            try await render(page, "filled", filled: true) { _ in }
        }
        try await render("home", "help", filled: true) { $0.help.show(CatchNowModel.start) }
        try await render("home", "help-mode", filled: true) { $0.help.toggleHelpMode() }
        try await render("trips", "help-mode", filled: true) { models in
            models.help.toggleHelpMode()
            models.help.show(TripListModel.newTrip)
        }
        try await render("home", "catch-now", filled: true) { await $0.home.catchNow.begin() }
        try await render("home", "catch-now-destination", filled: true) { models in
            await models.home.catchNow.begin()
            models.home.catchNow.showDestinations()
        }
        try await render("home", "catch-now-asks-spot", filled: true) { models in
            try await Self.catchNow(models, destination: nil)
        }
        try await render("home", "catch-now-saved", filled: true) { models in
            try await Self.catchNow(models, destination: 0)
        }
        try await render("home", "catch-now-undo", filled: true) { models in
            try await Self.catchNow(models, destination: 0)
            models.home.catchNow.close()
        }
        try await render("trash", "confirmation", filled: true) { await $0.trash.request(TrashModel.empty) }
        try await render("sync", "signed-in", filled: true, signedIn: true) { _ in }
        try await render("sync", "sign-out", filled: true, signedIn: true) { await $0.sync.request(SyncModel.signOut) }
        try await render("media", "camera-unavailable", filled: true) { await $0.gallery(nil).capture(.photo) }
        try await render("media", "library-open", filled: true) { models in
            Task { await models.gallery(nil).chooseFromLibrary() }
            while !models.library.request.isWaiting { await Task.yield() }
        }
        try await render("home", "error-reports-question", filled: true) { await $0.errorReports.load() }
        try await render("settings", "error-reports", filled: true) { models in
            models.router.current.navigate(to: .settings(.errorReports))
            await models.errorReports.setSharing(true)
            await models.errorReports.load()
            // The preview is not opened here: it shows this machine's system and a random
            // installation id, which would redraw the wireframe differently on every run.
            models.errorReports.comment = "Exporting my pike photo fails"
        }
        try await render("settings", "licence", filled: true) { models in
            models.router.current.navigate(to: .settings(.licence))
            await models.licence.load()
        }
        try await render("settings", "licence-pending", filled: true) { models in
            models.router.current.navigate(to: .settings(.licence))
            await models.licence.load()
            guard let product = models.licence.products.first else { return }
            await models.licence.buy(product)
        }
        try await render("settings", "map-key-saved", filled: true) { models in
            models.router.current.navigate(to: .settings(.mapKeys))
            _ = await Self.paste("pk.eyJ1IjoiYW5uYSJ9.wireframe-token", into: models.settings.mapKeys.first)
        }
        try await render("settings", "map-key-remove", filled: true) { models in
            models.router.current.navigate(to: .settings(.mapKeys))
            await Self.paste("pk.eyJ1IjoiYW5uYSJ9.wireframe-token", into: models.settings.mapKeys.first)?
                .request(MapKeyModel.remove)
        }
        try await render("settings", "map-key-typed", filled: true) { models in
            models.router.current.navigate(to: .settings(.mapKeys))
            models.settings.mapKeys.first?.entered = "pk.eyJ1IjoiYW5uYSJ9.wireframe-token"
        }
        try await render("settings", "map-key-problem", filled: true) { models in
            models.router.current.navigate(to: .settings(.mapKeys))
            _ = await Self.paste("sk.eyJ1IjoiYW5uYSJ9.secret-token", into: models.settings.mapKeys.first)
        }
        try await render("map", "satellite-tiles", filled: true) { models in
            guard let key = await Self.paste("WireframeKey42", into: models.settings.mapKeys.last) else { return }
            await models.settings.choose(mapSource: key.source)
            models.map.mode = .hybrid
        }
        try await render("map", "offline-packs", filled: true) { models in
            guard let packs = MapSource.named("osm-packs") else { return }
            await models.settings.choose(mapSource: packs)
        }
        try await render("settings", "units", filled: true) { $0.router.current.navigate(to: .settings(.units)) }
        try await render("settings", "maps", filled: true) { $0.router.current.navigate(to: .settings(.maps)) }
        try await render("settings", "data", filled: true) { $0.router.current.navigate(to: .settings(.data)) }
        try await render("settings", "sharing", filled: true, signedIn: true) { models in
            models.router.current.navigate(to: .settings(.sharing))
            await models.sharedLinks.load()
        }
        try await render("settings", "sharing-withdraw", filled: true, signedIn: true) { models in
            models.router.current.navigate(to: .settings(.sharing))
            await models.sharedLinks.load()
            models.sharedLinks.selected = models.sharedLinks.rows.first
            await models.sharedLinks.request(SharedLinksModel.withdraw)
        }
        try await render("settings", "sharing-signed-out", filled: true) { models in
            models.router.current.navigate(to: .settings(.sharing))
            await models.sharedLinks.load()
        }
        try await render("settings", "data-exported", filled: true) { models in
            models.router.current.navigate(to: .settings(.data))
            await models.settings.exportDiagnostics()
        }
        try await render("settings", "data-backed-up", filled: true) { models in
            models.router.current.navigate(to: .settings(.data))
            await models.backup.backUp()
        }
        try await render("settings", "data-export-ready", filled: true) { models in
            models.router.current.navigate(to: .settings(.data))
            models.interchange.format = .gpx
            await models.interchange.exportDiary()
        }
        try await render("settings", "data-import-preview", filled: true) { models in
            models.router.current.navigate(to: .settings(.data))
            try await Self.chooseSpreadsheet(models)
        }
        try await render("settings", "data-import-columns", filled: true) { models in
            models.router.current.navigate(to: .settings(.data))
            try await Self.chooseSpreadsheet(models) { await $0.read("Notes", as: nil) }
        }
        try await render("settings", "data-imported", filled: true) { models in
            models.router.current.navigate(to: .settings(.data))
            try await Self.chooseSpreadsheet(models)
            await models.interchange.importChosen()
        }
        try await render("settings", "data-import-undone", filled: true) { models in
            models.router.current.navigate(to: .settings(.data))
            try await Self.chooseSpreadsheet(models)
            await models.interchange.importChosen()
            await models.interchange.request(InterchangeModel.undoImport)
        }
        try await render("settings", "map-pack-remove", filled: true) { models in
            models.router.current.navigate(to: .settings(.maps))
            models.mapPacks.selected = models.mapPacks.installed.first
            await models.mapPacks.request(MapPacksModel.remove)
        }
        try await render("profiles", "errors", filled: true) { await $0.profiles.addProfile() }
        try await render("profiles", "confirmation", filled: true) { models in
            models.profiles.selected = models.profiles.profiles.first { $0.displayName == "Ivan" }
            await models.profiles.request(ProfilesModel.remove)
        }
        try await render("profiles", "wrong-pin", filled: true) { try await Self.removeIvan($0, pin: "1111") }
        try await render("profiles", "removed", filled: true) { try await Self.removeIvan($0, pin: "2468") }
        try await render("profiles", "restore-choosing", filled: true) { $0.profiles.restoring.isChoosing = true }
        try await render("profiles", "restore-chosen", filled: true) { models in
            try await Self.chooseBackup(models)
        }
        try await render("profiles", "restore-name-taken", filled: true) { models in
            try await Self.chooseBackup(models)
            models.profiles.restoring.name = "Anna"
            await models.profiles.restoring.restoreChosen()
        }
        try await render("profiles", "restored", filled: true) { models in
            try await Self.chooseBackup(models)
            models.profiles.restoring.name = "Anna at home"
            await models.profiles.restoring.restoreChosen()
        }
        try await render("home", "russian", filled: true, language: .russian) { _ in }
        try await render("about", "licences", filled: true) { $0.about.showsLicences = true }
        try await render("spots", "mark-on-map", filled: true) { await $0.marking.begin() }
        try await render("spots", "marking", filled: true) { await $0.marking.begin(at: Self.byTheBay) }
        try await render("map", "chosen-point", filled: true) { $0.map.select(Self.byTheBay) }
        try await render("map", "route-no-position", filled: true) { models in
            models.map.select(Self.byTheBay)
            await models.map.requestRoute()
        }
        try await render("reports", "report", filled: true) { models in
            guard let report = models.reports.builtIns.first else { return }
            await models.reports.open(report)
        }
        try await render("reports", "undo", filled: true) { models in
            models.reports.formulaText = "sum(catch.count) by species"
            models.reports.titleText = "Fish by species"
            await models.reports.saveReport()
            models.reports.selectedSaved = models.reports.saved.first
            await models.reports.request(ReportsModel.remove)
        }
        try await render("formula", "errors", filled: true) {
            $0.reports.formulaText = "sum(catch.weigth_kg) by species"
        }
        try await render("formula", "errors-russian", filled: true, language: .russian) {
            $0.reports.formulaText = "sum(catch.weigth_kg) by species"
        }
        try await render("formula", "typed", filled: true) {
            $0.reports.formulaText = "max(catch.length_cm) by spot top 5"
        }
        try await render("formula", "built", filled: true) { models in
            let year = models.reports.choices.years.first
            await models.reports.choose {
                $0.measure = .heaviest
                $0.also = .longest
                $0.years = year.map { [$0] } ?? []
                $0.largestFirst = true
            }
        }
        try await render("formula", "trips-per-hour", filled: true) { models in
            await models.reports.choose {
                $0.measure = .fishPerHour
                $0.dimension = .month
            }
        }
        try await render("formula", "hand-written", filled: true) { models in
            models.reports.formulaText = "sum(catch.weight_kg * catch.count) by species"
            await models.reports.runFormula()
        }
        try await render("formula", "result", filled: true) { models in
            models.reports.formulaText = "sum(catch.count) by species"
            await models.reports.runFormula()
        }
        try await render("conditions", "offline", page: "spots", filled: true) { models in
            guard let spot = models.spots.spots.first?.spot else {
                throw WireframeError("the sample diary has no spot")
            }
            models.router.current.navigate(to: .spotConditions(spot.id))
            await models.conditions(Coordinate(latitude: spot.latitude, longitude: spot.longitude))
                .refresh(budget: .milliseconds(200))
        }
        try await render("trip-editor", "new", page: "trips", filled: true) { models in
            models.router.current.navigate(to: .newTrip)
            try await models.tripEditor(nil).load()
        }
        try await render("trip-editor", "editing", page: "trips", filled: true) { models in
            let trip = try await Self.openFirstTrip(models)
            models.router.current.navigate(to: .editTrip(trip.tripId))
            try await models.tripEditor(trip.tripId).load()
        }
        try await render("trip-editor", "new-spot", page: "trips", filled: true) { models in
            models.router.current.navigate(to: .newTrip)
            let editor = models.tripEditor(nil)
            try await editor.load()
            await models.marking.begin { await editor.useNewSpot($0) }
            models.marking.pick(Self.byTheBay)
            models.marking.newName = "Bay pier"
            await models.marking.use()
        }
        try await render("trip-editor", "discard", page: "trips", filled: true) { models in
            models.router.current.navigate(to: .newTrip)
            let editor = models.tripEditor(nil)
            try await editor.load()
            editor.draft.title = "Dawn on the reeds"
            await editor.request(TripEditorModel.discard)
        }
        try await render("catch-editor", "new", page: "trips", filled: true) { models in
            let trip = try await Self.openFirstTrip(models)
            models.router.current.navigate(to: .newCatch(tripId: trip.tripId))
            try await models.catchEditor(CatchForm(tripId: trip.tripId)).load()
        }
        try await render("catch-editor", "from-photo", page: "trips", filled: true) { models in
            models.router.current.navigate(to: .newCatch(tripId: nil))
            let editor = models.catchEditor(CatchForm())
            try await editor.load()
            Task { await editor.fillFromPhoto(choosingWith: models.library) }
            while !models.library.request.isWaiting { await Task.yield() }
            models.library.request.answer(.success([MediaSource(url: SampleDevice.photo("photo_exif_full.jpg"))]))
            while editor.photoSuggestion == nil && editor.problem == nil { await Task.yield() }
        }
        try await render("catch-editor", "errors", page: "trips", filled: true) { models in
            let trip = try await Self.openFirstTrip(models)
            models.router.current.navigate(to: .newCatch(tripId: trip.tripId))
            let editor = models.catchEditor(CatchForm(tripId: trip.tripId))
            try await editor.load()
            editor.weightText = "2000"
            editor.lengthText = "long"
            await editor.request(CatchEditorModel.discard)
        }
        try await render("catch-editor", "species", page: "trips", filled: true) { models in
            let trip = try await Self.openFirstTrip(models)
            models.router.current.navigate(to: .newCatch(tripId: trip.tripId))
            let editor = models.catchEditor(CatchForm(tripId: trip.tripId))
            try await editor.load()
            editor.isChoosingSpecies = true
        }
        try await render("catch-editor", "editing", page: "trips", filled: true) { models in
            let trip = try await Self.openFirstTrip(models)
            guard let item = trip.catches.first else { throw WireframeError("the sample trip has no catch") }
            models.router.current.navigate(to: .editCatch(item.id))
            try await models.catchEditor(CatchForm(catchId: item.id)).load()
        }
        try await render("catch-editor", "undo", page: "trips", filled: true) { models in
            let trip = try await Self.openFirstTrip(models)
            guard let item = trip.catches.first else { throw WireframeError("the sample trip has no catch") }
            models.router.current.navigate(to: .editCatch(item.id))
            let editor = models.catchEditor(CatchForm(catchId: item.id))
            try await editor.load()
            await editor.request(CatchEditorModel.delete)
        }
        try await render("catch-page", "filled", page: "trips", filled: true) { models in
            let trip = try await Self.openFirstTrip(models)
            guard let item = trip.catches.first else { throw WireframeError("the sample trip has no catch") }
            models.router.current.navigate(to: .catchPage(item.id))
            try await models.catchPage(item.id).load()
        }
        try await render("catch-page", "share", page: "trips", filled: true, signedIn: true) { models in
            try await Self.openShareSheet(models)
        }
        try await render("catch-page", "share-link", page: "trips", filled: true, signedIn: true) { models in
            let sheet = try await Self.openShareSheet(models)
            await sheet.choose(precision: .about1km)
            sheet.expiry = .week
            await sheet.createLink()
        }
        try await render("catch-page", "share-withdraw", page: "trips", filled: true, signedIn: true) { models in
            let sheet = try await Self.openShareSheet(models)
            await sheet.createLink()
            await sheet.request(ShareCatchModel.revoke)
        }
        try await render("trip", "filled", page: "trips", filled: true) { models in
            try await Self.openFirstTrip(models)
        }
        try await render("trip", "undo", page: "trips", filled: true) { models in
            try await Self.openFirstTrip(models).request(TripDetailModel.delete)
        }
        try await render("trip", "end", page: "trips", filled: true) { models in
            try await Self.openTripGoingOn(models)
        }
        try await render("trip", "recording", page: "trips", filled: true) { models in
            try await Self.recordTrack(models)
        }
        try await render("home", "recording", filled: true) { models in
            try await Self.recordTrack(models)
            models.router.select(page: "home")
            try await models.home.load()
        }
        try await render("media-viewer", "photo", page: "trips", filled: true) { models in
            try await Self.openMedia(models, video: false)
        }
        try await render("media-viewer", "video", page: "trips", filled: true) { models in
            try await Self.openMedia(models, video: true)
        }
        try await render("media-viewer", "undo", page: "trips", filled: true) { models in
            try await Self.openMedia(models, video: false).request(MediaViewerModel.delete)
        }
        try await renderWidgets()
    }

    /// Opens the latest trip and, from its photos, the first photo (or its video) full screen.
    @discardableResult
    static func openMedia(_ models: ScreenModels, video: Bool) async throws -> MediaViewerModel {
        let trip = try await openFirstTrip(models)
        guard let tile = trip.media.first(where: { $0.isVideo == video }) else {
            throw WireframeError("the latest sample trip has no \(video ? "video" : "photo")")
        }
        let viewing = MediaViewing(target: MediaTarget(.trip, trip.tripId), assetId: tile.id)
        models.router.current.navigate(to: .mediaViewer(viewing))
        let viewer = models.mediaViewer(viewing)
        try await viewer.load()
        return viewer
    }

    /// Opens Catch now on the sample device (no position) and taps perch; with a destination
    /// index, that destination is then chosen, which saves the catch.
    /// A trip going on, made by Catch now, open on the Trips page.
    @discardableResult
    static func openTripGoingOn(_ models: ScreenModels) async throws -> UUID {
        try await Self.catchNow(models, destination: 0)
        models.home.catchNow.close()
        try await models.home.load()
        guard let open = models.home.unendedTrip?.trip else { throw WireframeError("Catch now left no trip going on") }
        models.router.select(page: "trips")
        models.router.current.navigate(to: .trip(open.id))
        try await models.tripDetail(open.id).load()
        return open.id
    }

    /// The trip going on recording its track, the sample walk taken (issue 34 §3).
    static func recordTrack(_ models: ScreenModels) async throws {
        let trip = try await openTripGoingOn(models)
        await models.track.start(trip: trip)
        for _ in 0..<10_000 where models.track.pointsRecorded < SampleWalk.fixes.count { await Task.yield() }
        guard models.track.pointsRecorded == SampleWalk.fixes.count else {
            throw WireframeError("the track kept \(models.track.pointsRecorded) of the walk's fixes")
        }
    }

    static func catchNow(_ models: ScreenModels, destination: Int?) async throws {
        let sheet = models.home.catchNow
        await sheet.begin()
        guard let perch = (sheet.recentChoices + sheet.otherChoices).first(where: { $0.id == "perca-fluviatilis" })
        else { throw WireframeError("the sample device offers no perch") }
        await sheet.save(species: perch)
        guard let destination, let choices = sheet.plan?.choices, choices.indices.contains(destination) else { return }
        await sheet.choose(choices[destination])
    }

    /// Pages that show the same whatever the diary holds (the app's version and credits, the
    /// formula before one is typed, the sign-in form): drawn once, their other states drawn by
    /// what the angler does there.
    static let sameWhateverTheDiary: Set<String> = ["about", "formula", "sync"]

    /// Pastes `key` into a paid source's key field and saves it (the wireframes have no network:
    /// the check says the provider was not reached).
    @discardableResult
    static func paste(_ key: String, into model: MapKeyModel?) async -> MapKeyModel? {
        model?.entered = key
        await model?.save()
        return model
    }

    /// A point on the east shore of Töölönlahti, across the bay from the sample's Opera shore.
    static let byTheBay = Coordinate(latitude: 60.1773, longitude: 24.9385)

    /// Asks to remove the sample angler Ivan (PIN 2468) and confirms with his name and `pin`.
    static func removeIvan(_ models: ScreenModels, pin: String) async throws {
        models.profiles.selected = models.profiles.profiles.first { $0.displayName == "Ivan" }
        await models.profiles.request(ProfilesModel.remove)
        models.profiles.confirmation?.typedText = "Ivan"
        models.profiles.confirmation?.pin = pin
        try await models.profiles.confirmation?.confirm()
    }

    /// Chooses a spreadsheet an angler kept elsewhere, as if picked in Files: its own headers, a
    /// weight in pounds, and a fish no directory knows; `then` runs while the file is still there
    /// (a column read anew reads it again).
    static func chooseSpreadsheet(
        _ models: ScreenModels, then: (InterchangeModel) async -> Void = { _ in }
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wireframes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Lake log 2025.csv")
        try Data(
            """
            Date,Fish,Weight (lb),Spot,Lat,Lon,Notes
            2025-06-14 06:10,Northern pike,5.5,Bridge pier,55.751,37.618,On a spoon
            2025-06-14 07:40,European perch,0.9,Bridge pier,55.751,37.618,
            2025-07-02 19:05,Common bream,3.1,Bridge pier,55.751,37.618,Feeder
            2025-07-02 20:30,Sea monster,40,Bridge pier,55.751,37.618,
            2025-08-11 05:50,Zander,4.2,Old mill,55.802,37.401,

            """.utf8
        ).write(to: file)
        await models.interchange.choose(file)
        await then(models.interchange)
    }

    /// Backs the sample diary up and chooses that backup to restore, as if picked in Files.
    static func chooseBackup(_ models: ScreenModels) async throws {
        await models.backup.backUp()
        guard let file = models.backup.made?.file else { throw WireframeError("the sample diary was not backed up") }
        await models.profiles.restoring.choose(file)
    }

    /// The share sheet over the first trip's first catch (issue 34 §4).
    @discardableResult
    static func openShareSheet(_ models: ScreenModels) async throws -> ShareCatchModel {
        let trip = try await Self.openFirstTrip(models)
        guard let item = trip.catches.first else { throw WireframeError("the sample trip has no catch") }
        models.router.current.navigate(to: .catchPage(item.id))
        let page = models.catchPage(item.id)
        try await page.load()
        page.isSharing = true
        let sheet = models.shareCatch(item.id)
        try await sheet.load()
        return sheet
    }

    /// Pushes the latest trip's page on the trips page, loaded.
    @discardableResult
    static func openFirstTrip(_ models: ScreenModels) async throws -> TripDetailModel {
        guard let trip = models.trips.allRows.first?.trip else { throw WireframeError("the sample diary has no trip") }
        models.router.current.navigate(to: .trip(trip.id))
        let detail = models.tripDetail(trip.id)
        try await detail.load()
        return detail
    }
}
