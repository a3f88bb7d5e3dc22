import Foundation
import SecureHashing

/// A compact JWS as Apple signs App Store transactions, renewal infos and server notifications
/// (T13, issue 17): header `{"alg":"ES256","x5c":[leaf, intermediate, root]}`, a JSON payload,
/// and r ‖ s over `header.payload`, checked the way Apple's App Store Server Library describes:
///
/// 1. the algorithm is ES256 and the chain has exactly three certificates;
/// 2. the signature matches the leaf's key (so nothing in header or payload changed);
/// 3. leaf and intermediate lead to a configured root — never to the root the object carries —
///    valid at the payload's `signedDate` (an old transaction stays genuine after its leaf
///    expires, as in Apple's library with online checks off), with Apple's marker extensions;
/// 4. `signedDate` is not in the future (five minutes of clock difference allowed).
public struct AppleSignedObject: Sendable {
    /// The most a signed object may take: transactions are 2–4 KB, notifications carry two.
    public static let maximumBytes = 64 * 1024
    /// Apple's marker in the leaf of App Store receipt signing.
    public static let leafMarker = "1.2.840.113635.100.6.11.1"
    /// Apple's marker in the Worldwide Developer Relations intermediate.
    public static let intermediateMarker = "1.2.840.113635.100.6.2.1"

    /// The verified payload's JSON bytes.
    public let payload: Data
    /// When Apple signed it.
    public let signedDate: Date

    /// Verifies `text` against `chain` as of `now`; the payload is returned only when every
    /// check passed.
    public init(verifying text: String, chain: CertificateChain, now: Date) throws(StoreVerificationError) {
        guard text.utf8.count <= Self.maximumBytes else {
            throw StoreVerificationError(
                .malformed, "the signed object is \(text.utf8.count) bytes; at most \(Self.maximumBytes) are taken")
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1])
        else { throw StoreVerificationError(.malformed, "it is not a compact JWS (three base64url parts)") }
        guard let header = try? JSONDecoder().decode(Header.self, from: headerBytes) else {
            throw StoreVerificationError(.malformed, "its header is not JSON with \"alg\"")
        }
        guard header.alg == "ES256" else {
            throw StoreVerificationError(
                .unsupportedAlgorithm, "its algorithm is \"\(header.alg.prefix(20))\"; only ES256 is accepted")
        }
        let certificates = (header.x5c ?? []).compactMap { Data(base64Encoded: $0).flatMap(Certificate.init(der:)) }
        guard certificates.count == 3, header.x5c?.count == 3 else {
            throw StoreVerificationError(
                .malformed, "its x5c must hold three DER certificates (leaf, intermediate, root)")
        }
        guard let signature = Base64URL.decode(parts[2]), let key = certificates[0].p256PublicKey,
            key.isValid(rawSignature: signature, for: Data("\(parts[0]).\(parts[1])".utf8))
        else {
            throw StoreVerificationError(
                .badSignature, "the signature does not match the signed bytes and the leaf's key")
        }
        guard let dated = try? JSONDecoder().decode(Dated.self, from: payload) else {
            throw StoreVerificationError(.malformed, "its payload is not JSON with a signedDate")
        }
        let signed = Date(timeIntervalSince1970: Double(dated.signedDate) / 1000)
        try chain.verify(
            leaf: certificates[0], intermediates: [certificates[1]], at: signed, strict: true,
            leafMarker: Self.leafMarker,
            intermediateMarker: Self.intermediateMarker)
        guard signed <= now.addingTimeInterval(300) else {
            throw StoreVerificationError(.signedInFuture, "it says it was signed at \(signed), later than now")
        }
        self.payload = payload
        self.signedDate = signed
    }

    /// Decodes the verified payload as `type`.
    public func decode<T: Decodable>(_ type: T.Type) throws(StoreVerificationError) -> T {
        do {
            return try JSONDecoder().decode(type, from: payload)
        } catch {
            throw StoreVerificationError(.malformed, "its payload lacks a field or has one of the wrong type: \(error)")
        }
    }

    private struct Header: Decodable {
        let alg: String
        let x5c: [String]?
    }

    private struct Dated: Decodable {
        let signedDate: Int64
    }
}
