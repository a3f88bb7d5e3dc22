/// Why a signed App Store object or an App Attest object was refused (T13, issue 17): a stable
/// ``code`` the portal answers with and the app understands, and a sentence saying what is wrong.
public struct StoreVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal, as the problem `code` of the portal's answer.
    public enum Code: String, Sendable, CaseIterable {
        /// Not a compact JWS, not base64url, not JSON, a field missing or of the wrong type.
        case malformed
        /// A header algorithm other than ES256 (`none`, HMAC…).
        case unsupportedAlgorithm = "unsupported_algorithm"
        /// The signature does not match the signed bytes and the leaf certificate's key.
        case badSignature = "bad_signature"
        /// The chain does not lead to a configured root.
        case untrustedChain = "untrusted_chain"
        case certificateExpired = "certificate_expired"
        case certificateNotYetValid = "certificate_not_yet_valid"
        /// Apple's marker extension is missing from the leaf or the intermediate.
        case missingMarker = "missing_marker"
        case wrongBundle = "wrong_bundle"
        case wrongEnvironment = "wrong_environment"
        case unknownProduct = "unknown_product"
        /// Signed later than now (beyond a few minutes of clock difference).
        case signedInFuture = "signed_in_future"
        case wrongNonce = "wrong_nonce"
        case wrongRelyingParty = "wrong_rp_id"
        case wrongCounter = "wrong_counter"
        case wrongAAGUID = "wrong_aaguid"
        case wrongKeyId = "wrong_key_id"
    }

    public let code: Code
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
