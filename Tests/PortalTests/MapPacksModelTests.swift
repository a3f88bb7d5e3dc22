import AppFeatures
import DiaryServices
import Foundation
import Portal
import SyncClient
import TestSupport
import Testing

/// Offline maps in the app (issue 15 §2; T10): the packs the angler's portal offers, downloaded
/// through the app's service, listed with their size and data date, removed only once confirmed.
@Suite("Offline map packs in the app")
@MainActor
struct MapPacksModelTests {
    @Test(
        "Given a portal with the Helsinki pack, when the angler downloads and removes it, then each step shows and removal waits to be confirmed"
    )
    func downloadAndRemove() async throws {
        let (portal, shelf) = try TileImageRoutesTests.portal()
        defer { try? FileManager.default.removeItem(at: shelf) }
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let maps = try temporaryFolder("device-maps")
        defer { try? FileManager.default.removeItem(at: maps) }
        let service = MapPackService(folder: maps, transport: { _ in portal.transport() })
        let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)
        let model = MapPacksModel(diary: phone.queue, service: service, formatter: formatter)
        model.load()
        #expect(model.installed.isEmpty)
        await model.refresh()
        #expect(model.problem == nil && model.offered.map(\.name) == ["helsinki"])
        let pack = try #require(model.offered.first)
        #expect(
            model.title(of: pack) == "Helsinki · 0.1\u{a0}MB · map data of 2024-06-01",
            "its title, not its id (issue 33 §6)")
        await model.download(pack)
        #expect(model.problem == nil && model.downloading == nil)
        #expect(model.installed.map(\.name) == ["helsinki"] && model.offered.isEmpty)
        #expect(try InstalledPackTiles(packs: service).png(z: 14, x: 9327, y: 4742) != nil, "the map draws from it")

        await model.request(MapPacksModel.remove)
        #expect(model.confirmation == nil, "nothing selected, nothing asked")
        model.selected = model.installed.first
        await model.request(MapPacksModel.remove)
        let confirmation = try #require(model.confirmation)
        #expect(confirmation.message.hasPrefix("Frees 0.1\u{a0}MB."))
        #expect(confirmation.title == "Remove the map pack Helsinki?")
        #expect(service.installed().count == 1, "nothing goes before the angler confirms")
        try await confirmation.confirm()
        #expect(service.installed().isEmpty && model.installed.isEmpty)
    }

    @Test("Given a diary not signed in, when packs are asked for, then the angler is told to sign in")
    func needsAPortal() async throws {
        let device = try TestDevice(name: "alone", clock: TestClock(), transport: UnusedNetwork())
        let maps = try temporaryFolder("device-maps")
        defer { try? FileManager.default.removeItem(at: maps) }
        let model = MapPacksModel(
            diary: device.queue, service: MapPackService(folder: maps, transport: { _ in UnusedNetwork() }),
            formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: .russian), language: .russian))
        await model.refresh()
        #expect(model.problem == "Пакеты карт загружаются с портала: сначала войдите на странице «Синхронизация».")
    }
}

/// A network that is never reached: the problem comes before any request.
struct UnusedNetwork: SyncTransport {
    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        throw SyncTransportError("no request was expected")
    }
}
