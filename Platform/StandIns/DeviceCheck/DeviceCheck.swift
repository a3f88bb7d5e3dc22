import Foundation

// A stand-in for Apple's DeviceCheck on Linux (issue 17), written from its public documentation:
// only App Attest, as the app's attester uses it. Linux is no Apple device: nothing is supported.

/// App Attest: keys in the Secure Enclave whose genuineness Apple attests.
public final class DCAppAttestService: @unchecked Sendable {
    public static let shared = DCAppAttestService()

    /// Whether this device can attest keys.
    public var isSupported: Bool { false }

    /// Makes a key; its id.
    public func generateKey() async throws -> String { throw DCError(.featureUnsupported) }

    /// Apple's attestation object for `keyId` over `clientDataHash`.
    public func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data {
        throw DCError(.featureUnsupported)
    }

    /// An assertion by `keyId` over `clientDataHash`.
    public func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data {
        throw DCError(.featureUnsupported)
    }
}

/// Why DeviceCheck failed.
public struct DCError: Error, Sendable {
    public enum Code: Int, Sendable {
        case unknownSystemFailure = 0
        case featureUnsupported, invalidInput, invalidKey, serverUnavailable
    }

    public let code: Code

    public init(_ code: Code) { self.code = code }
}
