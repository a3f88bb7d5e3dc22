import AppFeatures
import Foundation
import MapSources
import TestSupport
import Testing
import Weather

/// The keys of the paid map sources (T7, issue 15 §1): checked for form before they are kept,
/// kept on the device only, checked against the provider's real answers on a local server, and
/// the source offered and drawn once its key is saved.
@Suite("Map keys")
@MainActor
struct MapKeyModelTests {
    static let drawable: Set<String> = ["apple", "mapbox-satellite", "maptiler-satellite"]
    let mapbox = MapSource.named("mapbox-satellite")!
    let maptiler = MapSource.named("maptiler-satellite")!

    @Test(
        "Given a pasted key with a stray character or a secret token, when saved, then nothing is kept and the problem is named"
    )
    func badKeysAreRefused() async throws {
        let f = try AppFixture()
        let store = MapKeysInMemory()
        let models = f.mapKeys(drawable: Self.drawable, store: store)
        #expect(models.map(\.id) == ["mapbox-satellite", "maptiler-satellite"])
        let (mapbox, maptiler) = (models[0], models[1])
        maptiler.entered = "abcd&key=other"
        await maptiler.save()
        #expect(maptiler.problem?.contains("“&” at place 5") == true)
        mapbox.entered = "sk.eyJ1IjoiYW5uYSJ9.secret"
        await mapbox.save()
        #expect(mapbox.problem?.contains("secret token") == true)
        #expect(store.key(for: mapbox.id) == nil && store.key(for: maptiler.id) == nil)
        #expect(mapbox.key == nil && maptiler.key == nil)
        #expect(!mapbox.entered.isEmpty, "the angler's paste stays to be corrected")
        maptiler.language = .russian
        maptiler.entered = "ключ"
        await maptiler.save()
        #expect(maptiler.problem?.contains("«к» на месте 1") == true)
    }

    @Test("Given keys the provider knows, refuses or has spent, when saved and checked, then each answer is told apart")
    func checksAgainstTheProvider() async throws {
        let f = try AppFixture()
        let server = try MapTileFixtureServer(accounts: [
            "pk.active": .active, "pk.spent": .overQuota, "pk.wifi": .captivePortal, "Active123": .active,
        ])
        let models = f.mapKeys(drawable: Self.drawable, transport: Loopback(hostAndPort: server.hostAndPort))
        var outcomes: [MapKeyModel.Check?] = []
        for (model, key) in [
            (models[0], "pk.active"), (models[0], "pk.revoked"), (models[0], "pk.spent"), (models[0], "pk.wifi"),
            (models[1], "Unknown1"), (models[1], "Active123"),
        ] {
            model.entered = " \(key)\n"
            await model.save()
            outcomes.append(model.check)
            #expect(model.key == key, "saved before the provider is asked, trimmed")
        }
        await server.stop()
        #expect(
            outcomes == [
                .works, .refused(status: 401), .overQuota, .unexpected(status: 200), .refused(status: 403), .works,
            ])
        #expect(server.seen.first == "/v4/mapbox.satellite/0/0/0@2x.jpg90?access_token=pk.active")
        #expect(server.seen.last == "/tiles/satellite-v2/0/0/0.jpg?key=Active123")
        #expect(models[0].statusText.contains("HTTP 200"))
        #expect(models[0].maskedKey == "•••••••", "a short key is not shown")
    }

    @Test("Given no network, when a key is saved, then it is kept and the check says the provider was not reached")
    func savingNeverWaitsOnTheNetwork() async throws {
        let f = try AppFixture()
        let store = MapKeysInMemory()
        let model = f.mapKeys(drawable: Self.drawable, store: store)[0]
        model.entered = "pk.eyJ1IjoiYW5uYSJ9.offline-key"
        await model.save()
        #expect(store.key(for: mapbox.id) == "pk.eyJ1IjoiYW5uYSJ9.offline-key")
        #expect(model.check == .unreachable)
        #expect(model.statusText.contains("could not be reached"))
        #expect(model.maskedKey == "pk.eyJ…-key")
        let again = f.mapKeys(drawable: Self.drawable, store: store)[0]
        await again.load()
        #expect(again.key == "pk.eyJ1IjoiYW5uYSJ9.offline-key", "read back from the store at launch")
    }

    @Test("Given a saved key, when Remove is pressed, then it goes only after the confirmation and the map falls back")
    func removingAsksFirst() async throws {
        let f = try AppFixture()
        let store = MapKeysInMemory([mapbox.id: "pk.saved-before"])
        let models = f.mapKeys(drawable: Self.drawable, store: store)
        let settings = SettingsModel(
            diary: f.diary, deviceLanguage: .english, drawableMapSources: Self.drawable, mapKeys: models,
            appVersion: "test", logFolder: f.folder)
        try await settings.load()
        #expect(settings.mapSources.map(\.id) == ["apple", "mapbox-satellite"])
        await settings.choose(mapSource: mapbox)
        #expect(settings.mapSourceInUse.source?.id == "mapbox-satellite")
        #expect(settings.mapSourceInUse.key == "pk.saved-before")
        await models[0].request(MapKeyModel.remove)
        #expect(store.key(for: mapbox.id) == "pk.saved-before", "nothing goes before the angler confirms")
        let confirmation = try #require(models[0].confirmation)
        #expect(confirmation.title == "Remove the Mapbox Satellite key?")
        try await confirmation.confirm()
        #expect(store.key(for: mapbox.id) == nil && models[0].confirmation == nil)
        #expect(settings.mapSources.map(\.id) == ["apple"])
        #expect(settings.mapSource?.id == "apple", "the chosen source without its key falls back to the first")
        #expect(settings.settings.mapSourceId == "mapbox-satellite", "the choice returns with the key")
    }

    @Test("Given a keychain that refuses, when a key is saved, then the angler reads why and the source is not offered")
    func keychainFailure() async throws {
        let f = try AppFixture()
        let model = f.mapKeys(drawable: Self.drawable, store: RefusingKeychain())[1]
        model.entered = "Active123"
        await model.save()
        #expect(model.problem == "The key could not be kept in this device's keychain: device locked")
        #expect(model.key == nil && model.check == nil)
    }

    @Test(
        "Given a source and a mode, when the map is drawn, then Apple's styles or the source's tiles with its key are used"
    )
    func drawing() async throws {
        #expect(MapDrawing.make(source: MapSource.named("apple"), mode: .hybrid, key: nil) == .apple(.hybrid))
        #expect(MapDrawing.make(source: nil, mode: .satellite, key: nil) == .apple(.satellite))
        #expect(MapDrawing.modes(of: mapbox) == [.satellite, .hybrid])
        #expect(
            MapDrawing.make(source: mapbox, mode: .standard, key: "pk.k")
                == .tiles(
                    urlTemplate: "https://api.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}@2x.jpg90?access_token=pk.k",
                    tileSize: 256, maxZoom: 22, attribution: mapbox.attribution),
            "a source without a scheme shows its first kind")
        #expect(MapDrawing.make(source: maptiler, mode: .satellite, key: nil) == nil, "no key, nothing to draw")
        #expect(
            MapDrawing.make(source: MapSource.named("osm-packs"), mode: .satellite, key: nil)
                == .packs(attribution: "© OpenStreetMap contributors"), "the packs draw the scheme map")
        let f = try AppFixture()
        let maptiler = maptiler
        let map = MapModel(
            diary: f.diary, labeler: nil, location: FixedLocation(coordinate: nil),
            routes: PlacesTests.LineRouter(roads: false),
            formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english),
            source: { (maptiler, "Active123") })
        map.mode = .hybrid
        #expect(map.modes == [.satellite, .hybrid] && map.shownMode == .hybrid)
        #expect(
            map.drawing
                == .tiles(
                    urlTemplate: "https://api.maptiler.com/maps/hybrid/256/{z}/{x}/{y}.jpg?key=Active123",
                    tileSize: 256, maxZoom: 20, attribution: "© MapTiler © OpenStreetMap contributors"))
        map.mode = .standard
        #expect(map.shownMode == .satellite)
    }
}

/// Sends every request to the local fixture server instead of the provider's host, over a real
/// socket with the app's own transport.
struct Loopback: HTTPTransport {
    let hostAndPort: String

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let hostPort = hostAndPort.split(separator: ":")
        var parts = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        parts?.scheme = "http"
        parts?.host = String(hostPort[0])
        parts?.port = Int(hostPort[1])
        guard let url = parts?.url else { throw .failed("not a URL: \(request.url)") }
        var local = request
        local.url = url
        return try await URLSessionTransport().send(local)
    }
}

/// A keychain that refuses every write, as a locked device's does.
struct RefusingKeychain: MapKeyStore {
    func key(for sourceId: String) throws(MapKeyStoreError) -> String? { nil }
    func save(_ key: String, for sourceId: String) throws(MapKeyStoreError) { throw MapKeyStoreError("device locked") }
    func removeKey(for sourceId: String) throws(MapKeyStoreError) { throw MapKeyStoreError("device locked") }
}
