import DiaryServices
import DiaryStore
import Foundation
import PortalStore
import SyncClient
import SyncProtocol
import TestSupport
import Testing

/// App Attest as the app goes through it (T13, issue 17): `LicenceService.attestDevice` asks the
/// portal for a challenge, has the platform attest a key, sends it; then every push carries a
/// fresh assertion over its body, signed by the simulated device key, and a portal that requires
/// attestation takes the changes.
@Suite("App Attest through the app's flow (T13)", .timeLimit(.minutes(2)))
struct AppAttestFlowTests {
    static let fixtures = LicensingFixtures.shared

    /// The platform played by the fixture's key: the attestation Python made, assertions signed here.
    struct SimulatedAttester: AppAttesting {
        let simulator = AppAttestSimulator(fixtures: AppAttestFlowTests.fixtures)
        var isSupported: Bool { true }
        func generateKey() async throws -> String { AppAttestFlowTests.fixtures.appAttest.keyId }
        func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data {
            Data(base64Encoded: AppAttestFlowTests.fixtures.appAttest.attestations["ok"]!.attestation)!
        }
        func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data {
            simulator.assertion(clientDataHash: clientDataHash)
        }
    }

    /// The portal, except that the challenge it hands out is the one the fixture was made for.
    struct FixtureChallengeTransport: SyncTransport {
        let inner: InProcessTransport
        let store: PortalStore
        let account: UUID
        let device: UUID

        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            guard request.target == PortalEndpoint.attestationChallenge.target() else {
                return try await inner.send(request)
            }
            let challenge = AppAttestFlowTests.fixtures.appAttest.challenge
            do {
                try store.attestation.storeChallenge(
                    Data(base64Encoded: challenge)!, account: account, device: device)
                return SyncHTTPResponse(
                    status: 200, body: try JSONEncoder().encode(AttestationChallenge(challenge: challenge)))
            } catch {
                throw SyncTransportError("\(error)")
            }
        }
    }

    @Test(
        "Given a portal requiring attestation, when the app attests its key and signs its pushes, then its changes go, sync after sync",
        arguments: Backend.available)
    func attestedPushes(backend: Backend) async throws {
        let portal = try LicensingEndpointTests.portal(
            backend, try LicensingEndpointTests.configuration(requiresAttestation: true))
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let account = try #require(try phone.diary.sync.account()?.accountId)
        let device = try phone.diary.replicaId()
        let transport = FixtureChallengeTransport(
            inner: portal.transport(), store: portal.store, account: account, device: device)
        let licence = LicenceService(diary: phone.queue, transport: { _ in transport }, clock: { portal.clock.now })
        let attester = SimulatedAttester()
        #expect(try await licence.attestDevice(with: attester))
        #expect(try await licence.attestDevice(with: attester), "attested once, kept")
        #expect(try portal.store.attestation.attestedKey(account: account, device: device)?.counter == 0)

        phone.sync.api.requestAsserter = licence.requestAsserter(with: attester)
        _ = try phone.logTrip(catches: 1)
        let first = try await phone.synchronise()
        #expect(first.pushed == 3)
        _ = try phone.logTrip(catches: 2)
        let second = try await phone.synchronise()
        #expect(second.pushed == 4)
        #expect(try phone.diary.outbox.pending().isEmpty)
        #expect(try portal.store.attestation.attestedKey(account: account, device: device)?.counter == 2)
    }
}
