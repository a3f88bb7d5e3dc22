import Foundation

// A stand-in for Apple's DeviceCheck on Linux (issue 17), written from its public documentation:
// only App Attest, as the app's attester uses it. Linux is no Apple device: nothing is supported.

/// App Attest: keys in the Secure Enclave whose genuineness Apple attests.
open class DCAppAttestService: NSObject {
    /// The one service (Apple: a class property; the class is not `Sendable`).
    nonisolated(unsafe) private static let sharedService = DCAppAttestService()
    open class var shared: DCAppAttestService { sharedService }

    /// Whether this device can attest keys.
    open var isSupported: Bool { false }

    /// Makes a key; its id.
    open func generateKey() async throws -> String { throw DCError(.featureUnsupported) }

    /// Apple's attestation object for `keyId` over `clientDataHash`.
    open func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data {
        throw DCError(.featureUnsupported)
    }

    /// An assertion by `keyId` over `clientDataHash`.
    open func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data {
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
