import AppFeatures
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MapSources
import SyncClient
import TestSupport
import Testing

/// The sync screen without a portal (the portal's own suites cover the wire), and the settings.
@Suite("Sync and settings screens")
@MainActor
struct SyncAndSettingsTests {
    /// A sync service whose portal never answers.
    struct Unreachable: SyncTransport {
        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            throw SyncTransportError("offline")
        }
    }

    func syncModel(_ f: AppFixture) -> SyncModel {
        SyncModel(
            service: SyncService(
                diary: f.diary, sharedDirectoryURL: f.folder.appendingPathComponent("directories.sqlite"),
                contentURL: nil, transport: { _ in Unreachable() }),
            deviceName: "Test phone", language: .english)
    }

    @Test(
        "Given the sign-in form, when the portal is plain http elsewhere, then it is refused in words before any request"
    )
    func portalAddressChecked() async throws {
        let f = try AppFixture()
        let model = syncModel(f)
        try await model.load()
        model.portalAddress = "http://portal.example.org"
        model.emailAddress = "anna@example.org"
        model.passwordText = "correct horse"
        #expect(!model.canSignIn)
        await model.signIn()
        #expect(model.problem?.hasPrefix("Use the portal's https address") == true)
        model.portalAddress = "https://portal.example.org"
        #expect(model.canSignIn)
        await model.signIn()
        #expect(
            model.problem == Catalog.shared.text("error.sync.portalUnavailable", .english),
            "the network's failure is shown, not swallowed")
    }

    @Test(
        "Given a signed-in diary with unsent changes, when signing out, then the screen asks first; confirmed, the session is gone and the changes stay"
    )
    func signOutAsksWithUnsentChanges() async throws {
        let f = try AppFixture()
        try await f.diary.write {
            try $0.sync.saveAccount(
                portalURL: "https://portal.example.org", email: "anna@example.org", accountId: UUID(), token: "t")
        }
        let model = syncModel(f)
        try await model.load()
        #expect(model.status?.isSignedIn == true && (model.status?.pending.count ?? 0) > 0)
        await model.request(SyncModel.signOut)
        #expect(model.status?.isSignedIn == true)
        let confirmation = try #require(model.confirmation)
        #expect(confirmation.message.contains("have not reached the portal"))
        try await confirmation.confirm()
        #expect(model.status?.isSignedIn == false)
        #expect((model.status?.pending.count ?? 0) > 0)
    }

    @Test(
        "Given the settings, when imperial and Russian are chosen, then they are kept in the diary and read back by a new screen"
    )
    func settingsPersist() async throws {
        let f = try AppFixture()
        let make = {
            SettingsModel(
                diary: f.diary, deviceLanguage: .english, drawableMapSources: ["apple"],
                mapKeys: f.mapKeys(drawable: ["apple"]), appVersion: "test", logFolder: f.folder)
        }
        let model = make()
        try await model.load()
        #expect(model.settings.units == .defaults(for: .metric, language: .english))
        await model.choose(system: .imperial)
        await model.choose(language: .russian)
        await model.choose(pressure: .millimetresOfMercury)
        await model.choose(mapSource: try #require(MapSource.named("osm-tiles")))
        #expect(model.settings.mapSourceId == nil, "only a source offered on this device can be chosen")
        #expect(model.mapSource?.id == "apple")
        #expect(model.terms(of: try #require(model.mapSource)).hasPrefix("Бесплатно. Только при подключении к сети."))
        let again = make()
        try await again.load()
        #expect(again.settings.units.system == .imperial && again.settings.units.pressure == .millimetresOfMercury)
        #expect(again.language == .russian)
        #expect(again.formatter.weight(kilograms: 2.5) == "5\u{a0}фнт 8\u{a0}унц")
    }

    @Test(
        "Given a diary, when diagnostics are exported, then the file is a bundle with the schema version and an ok integrity"
    )
    func diagnosticsExport() async throws {
        let f = try AppFixture()
        let model = SettingsModel(
            diary: f.diary, deviceLanguage: .english, drawableMapSources: [], mapKeys: f.mapKeys(drawable: []),
            appVersion: "1.0 (test)", logFolder: f.folder)
        let file = f.folder.appendingPathComponent("diagnostics.json")
        await model.exportDiagnostics(to: file)
        let bundle = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect(bundle?["databaseIntegrity"] as? String == "ok")
        #expect(bundle?["appVersion"] as? String == "1.0 (test)")
        #expect(AboutModel(version: "1.0").credits.contains { $0.contains("GeoNames") })
    }
}
