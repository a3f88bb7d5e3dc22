import Foundation
import SecureHashing
import SyncClient

/// App Attest as the platform offers it (T13, issue 17): the app's implementation calls
/// `DCAppAttestService`; tests give a simulated device. Keys live in the Secure Enclave; only
/// their ids (base64 SHA-256 of the public key) leave it.
public protocol AppAttesting: Sendable {
    /// Whether this device can attest (false on the Simulator and some Macs).
    var isSupported: Bool { get }
    /// A new key; its id.
    func generateKey() async throws -> String
    /// Apple's attestation object for `keyId` over `clientDataHash`.
    func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data
    /// An assertion by `keyId` over `clientDataHash`.
    func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data
}

extension LicenceService {
    /// Attests a new App Attest key with the portal, unless the diary already has one the portal
    /// accepted; answers whether a key is attested now. An unsupported device answers false and
    /// keeps working wherever the portal does not require attestation.
    @discardableResult
    public func attestDevice(with attester: any AppAttesting) async throws -> Bool {
        guard attester.isSupported else { return false }
        let now = clock()
        if try await diary.read({ try $0.licence.record(now: now).attestedKeyId }) != nil { return true }
        let (portal, session) = try await signedIn()
        let client = PortalClient(transport: transport(portal))
        let challenge = try await client.attestationChallenge(token: session)
        let keyId = try await attester.generateKey()
        let attestation = try await attester.attestKey(
            keyId, clientDataHash: Data(MessageDigest.digest(of: challenge, .sha256)))
        _ = try await client.attestDevice(keyId: keyId, attestation: attestation, challenge: challenge, token: session)
        try await diary.write { try $0.licence.saveAttestedKey(keyId) }
        return true
    }

    /// Signs push bodies with the diary's attested key, once there is one.
    public func requestAsserter(with attester: any AppAttesting) -> any RequestAsserting {
        AppAttestAsserter(service: self, attester: attester)
    }
}

/// Asserts each push body with the attested key the diary names (none before attestation).
struct AppAttestAsserter: RequestAsserting {
    let service: LicenceService
    let attester: any AppAttesting

    func assertion(for body: Data) async throws -> Data? {
        let now = service.clock()
        guard let keyId = try await service.diary.read({ try $0.licence.record(now: now).attestedKeyId }) else {
            return nil
        }
        return try await attester.generateAssertion(
            keyId, clientDataHash: Data(MessageDigest.digest(of: body, .sha256)))
    }
}
