import AppFeatures
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Licensing
import SyncClient
import SyncProtocol
import TestSupport
import Testing

/// The settings' licence (T13, issue 17): the trial said with its end, a purchase through the
/// store redeemed on the portal and shown as bought, Ask to Buy waiting, a cancelled purchase
/// saying nothing, restore, the portal's refusals in the angler's words, and read-only after
/// the trial — with the data untouched.
@MainActor
@Suite("The licence in the settings (T13)")
struct LicenceModelTests {
    nonisolated static let seed = Data(base64Encoded: LicensingFixtures.shared.entitlement.seed)!
    nonisolated static let publicKey = Data(base64Encoded: LicensingFixtures.shared.entitlement.publicKey)!

    /// The App Store of the test: two products, a chosen outcome, what the Apple ID owns.
    struct Store: AppStorePurchasing {
        var outcome = PurchaseOutcome.purchased(signedTransaction: "signed-by-apple")
        var owned: [String] = []
        func products(_ ids: [String]) async throws -> [StoreProduct] {
            [StoreProduct(id: "yearly", name: "A year", price: "9,99 €")]
        }
        func purchase(_ productId: String) async throws -> PurchaseOutcome { outcome }
        func currentEntitlements() async -> [String] { owned }
        func firstDownload() async -> Date? { nil }
    }

    /// A portal that answers a redemption of "signed-by-apple" with a token signed by the
    /// fixture's key, and refuses any other transaction as shared.
    struct Portal: SyncTransport {
        let now: Date
        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            let redemption = request.body.flatMap { try? JSONDecoder().decode(AppStoreRedemption.self, from: $0) }
            guard redemption?.signedTransaction == "signed-by-apple" else {
                let problem =
                    #"{"type":"about:blank","title":"Forbidden","status":403,"code":"purchase_shared","detail":"shared","requestId":"r1"}"#
                return SyncHTTPResponse(status: 403, body: Data(problem.utf8))
            }
            let claims = EntitlementToken.Claims(
                account: UUID(), device: UUID(), product: "yearly", expires: now.addingTimeInterval(365 * 86_400),
                issued: now, validUntil: now.addingTimeInterval(7 * 86_400))
            let token = try! EntitlementToken.sign(claims, seed: LicenceModelTests.seed)
            let answer = EntitlementAnswer(
                token: token.text, publicKey: LicenceModelTests.publicKey.base64EncodedString(), product: "yearly",
                expires: claims.expiresDate, validUntil: claims.validUntilDate)
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            return SyncHTTPResponse(status: 200, body: try! encoder.encode(answer))
        }
    }

    func model(
        _ f: AppFixture, store: Store = Store(), signedIn: Bool = true,
        buildProblems: [LicensingBuildSettings.Problem] = []
    ) throws -> LicenceModel {
        if signedIn {
            try f.diary.write {
                try $0.sync.saveAccount(
                    portalURL: "http://portal.test", email: "a@example.org", accountId: UUID(), token: "t")
            }
        }
        let clock = f.clock
        let portal = Portal(now: clock.now)
        let service = LicenceService(
            diary: f.diary, transport: { _ in portal }, shippedKey: Self.publicKey, clock: clock.function,
            platformSignals: { [] })
        return LicenceModel(
            service: service, store: store, productIds: ["yearly"], language: .english, buildProblems: buildProblems)
    }

    @Test(
        "Given a development build without its licensing settings, then the licence screen names what is missing and what the build does instead; a complete build says nothing"
    )
    func developmentBuildNote() throws {
        let f = try AppFixture()
        #expect(try model(f).buildNote == nil)
        let missing = try model(f, buildProblems: [.unset(key: LicensingBuildSettings.portalKeyKey)])
        let note = try #require(missing.buildNote)
        #expect(note.contains("Development build") && note.contains(LicensingBuildSettings.portalKeyKey))
        #expect(note.contains("first portal"))
    }

    func day(_ date: Date) -> String { String(date.ISO8601Format().prefix(10)) }

    @Test("Given a new diary, then the trial is said with its end, writing is allowed and the products are offered")
    func trial() async throws {
        let f = try AppFixture()
        let licence = try model(f)
        #expect(licence.canWrite, "before the licence is read, nothing is held back")
        await licence.load()
        #expect(licence.summary.contains(day(f.clock.now.addingTimeInterval(30 * 86_400))))
        #expect(licence.summary.hasPrefix("Trial"))
        #expect(licence.canWrite && licence.offersPurchase)
        #expect(licence.products.map(\.price) == ["9,99 €"])
    }

    @Test("Given a purchase, then the portal's token makes it bought, and the products are no longer offered")
    func buying() async throws {
        let f = try AppFixture()
        let licence = try model(f)
        await licence.load()
        await licence.buy(try #require(licence.products.first))
        #expect(licence.problem == nil)
        #expect(
            licence.report?.state == .active(product: "yearly", until: f.clock.now.addingTimeInterval(365 * 86_400)))
        #expect(licence.summary == "Bought, until \(day(f.clock.now.addingTimeInterval(365 * 86_400))).")
        #expect(!licence.offersPurchase)
    }

    @Test(
        "Given Ask to Buy, a cancelled purchase, nothing to restore, a shared purchase, no account, then each is said")
    func outcomes() async throws {
        let f = try AppFixture()
        let pending = try model(f, store: Store(outcome: .pending))
        await pending.load()
        await pending.buy(try #require(pending.products.first))
        #expect(pending.note?.contains("waits for approval") == true)
        #expect(pending.report?.state.name == "trial")

        let cancelled = try model(f, store: Store(outcome: .cancelled))
        await cancelled.load()
        await cancelled.buy(try #require(cancelled.products.first))
        #expect(cancelled.note == nil && cancelled.problem == nil)

        let nothing = try model(f)
        await nothing.restore()
        #expect(nothing.note == "This Apple ID owns no purchase of the app.")

        let shared = try model(f, store: Store(owned: ["someone-else's"]))
        await shared.restore()
        #expect(shared.problem?.contains("already unlocks another account") == true)

        let g = try AppFixture()
        let anonymous = try model(g, signedIn: false)
        await anonymous.load()
        await anonymous.buy(try #require(anonymous.products.first))
        #expect(anonymous.problem != nil)
        #expect(anonymous.report?.state.name == "trial")
    }

    @Test("Given the trial over, then the diary is read-only, said plainly, and its records are all still there")
    func readOnly() async throws {
        let f = try AppFixture()
        let licence = try model(f)
        await licence.load()
        let before = try await f.diary.read { try $0.trips.list().count }
        f.clock.advance(by: 31 * 86_400)
        await licence.load()
        #expect(!licence.canWrite)
        #expect(licence.summary.hasPrefix("Read-only"))
        #expect(licence.offersPurchase)
        #expect(try await f.diary.read { try $0.trips.list().count } == before)
        await #expect(throws: StoreError.readOnly) {
            try await f.diary.write { try $0.spots.add(SpotDraft(name: "New bay", latitude: 60.1, longitude: 24.9)) }
        }
        // Setting the clock back does not bring the trial back.
        f.clock.advance(by: -20 * 86_400)
        await licence.load()
        #expect(!licence.canWrite)
        #expect(licence.report?.signals == [.clockSetBack])
    }
}
