import Foundation
import HTTPServer
import Portal
import PortalStore
import SyncClient
import SyncProtocol
import TestSupport
import Testing

/// Licensing as an attacker uses it (T13, issue 17): a loop of redemptions or refreshes is capped
/// per account, a flood of notifications per address, a device reporting the same signal in a
/// loop leaves one line a hour — and deleting an account frees its purchase, holding nothing.
@Suite("Licensing under abuse (T13)", .timeLimit(.minutes(2)))
struct LicensingAbuseTests {
    @Test(
        "Given small caps, then the third refresh and the third notification from one address are refused with 429, and a repeated signal is recorded once",
        arguments: Backend.available)
    func caps(backend: Backend) async throws {
        let portal = try PortalHarness(
            backend, clock: TestClock(LicensingFixtures.now), licensing: try LicensingEndpointTests.configuration(),
            licensingLimiters: LicensingLimiters(
                notifications: AttemptLimiter(maximumFailures: 2, window: 600),
                account: AttemptLimiter(maximumFailures: 2, window: 3_600)))
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let token = try LicensingEndpointTests.token(phone)
        for _ in 0..<2 {
            #expect(
                await LicensingEndpointTests.refusal {
                    try await phone.sync.api.refreshEntitlement(signals: ["clock_set_back"], token: token)
                } == "entitlement_required")
        }
        let third = try await portal.client.send(
            .post, "/v1/entitlements/current", headers: ["Authorization": "Bearer \(token)"],
            json: EntitlementRequest(signals: []))
        #expect(third.status.code == 429 && third.headers["Retry-After"] != nil)
        #expect(try portal.store.licences.events().filter { $0.kind == "signal" }.count == 1)

        let body = AppStoreNotificationBody(signedPayload: "not even a JWS")
        let codes = try await (0..<3).asyncMap {
            _ in try await portal.client.send(.post, "/v1/app-store/notifications", json: body).status.code
        }
        #expect(codes == [400, 400, 429])
    }

    @Test(
        "Given an account holding a purchase, when it is deleted and purged, then the purchase is free for another account and its history stays anonymous",
        arguments: Backend.available)
    func deletionFreesThePurchase(backend: Backend) async throws {
        let portal = try LicensingEndpointTests.portal(backend, try LicensingEndpointTests.configuration())
        let fixtures = LicensingFixtures.shared
        let anna = try await portal.device("anna", email: "anna@example.org", signUp: true)
        _ = try await anna.sync.api.redeemAppStore(
            signedTransaction: fixtures.jws("ok"), token: LicensingEndpointTests.token(anna))
        let account = try #require(try anna.diary.sync.account()?.accountId)
        try portal.store.accounts.delete(account, typedEmail: "anna@example.org", password: "correct horse")
        portal.clock.advance(by: AccountStore.accountRestoreWindow + 60)
        #expect(try portal.store.accounts.purgeDeleted() == 1)
        let (licence, events) = try #require(try portal.store.licences.licence("2000000100"))
        #expect(licence.accounts.isEmpty && licence.devices == 0)
        #expect(events.allSatisfy { $0.account == nil })
        let boris = try await portal.device("boris", email: "boris@example.org", signUp: true)
        let answer = try await boris.sync.api.redeemAppStore(
            signedTransaction: fixtures.jws("ok"), token: LicensingEndpointTests.token(boris))
        #expect(answer.product == "org.hobbystory.fishing.yearly")
    }
}

extension Sequence {
    /// The results of `transform` on each element, in order, one after the other.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
