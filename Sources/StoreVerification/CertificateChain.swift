import CCrypto
import Foundation

/// Checks that a leaf certificate leads through intermediates to one of the configured roots at a
/// given time, and that Apple's marker extensions are where Apple puts them (T13, issue 17).
///
/// The roots are the only trust: a root sent inside the object itself is never believed (an
/// attacker can send any root). Validity is checked at the moment given, every certificate of the
/// chain, by libcrypto's path validation (signatures, CA flags, path lengths, dates).
public struct CertificateChain: Sendable {
    /// The configured roots (Apple Root CA – G3 for the App Store; Apple App Attestation Root CA).
    public let roots: [Certificate]

    public init(roots: [Certificate]) { self.roots = roots }

    /// Reads the roots of a PEM file's text; fails when it holds none.
    public init(rootsPEM: String) throws(StoreVerificationError) {
        let roots = Certificate.all(pem: rootsPEM)
        guard !roots.isEmpty else {
            throw StoreVerificationError(.untrustedChain, "the configured root file holds no PEM certificate")
        }
        self.init(roots: roots)
    }

    /// Verifies `leaf` ← `intermediates` ← a root at `time` — `strict`ly (OpenSSL's X.509 strict
    /// mode, as Apple's App Store Server Library checks App Store chains: key identifiers, key
    /// usage, well-formed extensions) —; then that the leaf carries `leafMarker` and the first
    /// intermediate `intermediateMarker` (when given).
    public func verify(
        leaf: Certificate, intermediates: [Certificate], at time: Date, strict: Bool = false, leafMarker: String? = nil,
        intermediateMarker: String? = nil
    ) throws(StoreVerificationError) {
        guard let store = X509_STORE_new() else { throw StoreVerificationError(.untrustedChain, "out of memory") }
        defer { X509_STORE_free(store) }
        for root in roots { X509_STORE_add_cert(store, root.pointer) }
        if strict { X509_STORE_set_flags(store, UInt(X509_V_FLAG_X509_STRICT)) }
        guard let untrusted = OPENSSL_sk_new_null(), let context = X509_STORE_CTX_new() else {
            throw StoreVerificationError(.untrustedChain, "out of memory")
        }
        defer {
            X509_STORE_CTX_free(context)
            OPENSSL_sk_free(untrusted)
        }
        for certificate in intermediates { OPENSSL_sk_push(untrusted, UnsafeRawPointer(certificate.pointer)) }
        guard X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1 else {
            throw StoreVerificationError(.untrustedChain, "the chain could not be prepared")
        }
        X509_STORE_CTX_set_time(context, 0, time_t(time.timeIntervalSince1970.rounded(.down)))
        let verified = X509_verify_cert(context) == 1
        let failure = X509_STORE_CTX_get_error(context)
        ERR_clear_error()
        withExtendedLifetime((leaf, intermediates)) {}
        guard verified else {
            switch failure {
            case X509_V_ERR_CERT_HAS_EXPIRED:
                throw StoreVerificationError(.certificateExpired, "a certificate of the chain had expired at \(time)")
            case X509_V_ERR_CERT_NOT_YET_VALID:
                throw StoreVerificationError(
                    .certificateNotYetValid, "a certificate of the chain was not yet valid at \(time)")
            default:
                let reason = X509_verify_cert_error_string(Int(failure)).map { String(cString: $0) } ?? "\(failure)"
                throw StoreVerificationError(.untrustedChain, "the chain does not lead to a configured root: \(reason)")
            }
        }
        if let leafMarker, leaf.extensionValue(leafMarker) == nil {
            throw StoreVerificationError(.missingMarker, "the leaf certificate lacks the marker \(leafMarker)")
        }
        if let intermediateMarker, intermediates.first?.extensionValue(intermediateMarker) == nil {
            throw StoreVerificationError(
                .missingMarker, "the intermediate certificate lacks the marker \(intermediateMarker)")
        }
    }
}
