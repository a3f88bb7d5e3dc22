import DeviceCheck
import DiaryServices
import Foundation

/// App Attest through DeviceCheck (T13, issue 17): a key in the Secure Enclave that Apple
/// attests, then assertions over each push. Unsupported devices (the Simulator) attest nothing
/// and sync wherever the portal does not require it.
struct AppAttester: AppAttesting {
    var isSupported: Bool { DCAppAttestService.shared.isSupported }

    func generateKey() async throws -> String { try await DCAppAttestService.shared.generateKey() }

    func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data {
        try await DCAppAttestService.shared.attestKey(keyId, clientDataHash: clientDataHash)
    }

    func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data {
        try await DCAppAttestService.shared.generateAssertion(keyId, clientDataHash: clientDataHash)
    }
}
