import CCrypto
import Foundation

/// One X.509 certificate, parsed by OpenSSL's libcrypto: what the App Store's `x5c` chains and
/// App Attest's credential certificates are made of (T13, issue 17).
public final class Certificate: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Parses DER bytes; nil when they are not exactly one certificate.
    public init?(der: Data) {
        let bytes = Array(der)
        let parsed = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            guard let certificate = d2i_X509(nil, &cursor, buffer.count) else { return nil }
            guard cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
                X509_free(certificate)
                return nil
            }
            return certificate
        }
        guard let parsed else { return nil }
        pointer = parsed
    }

    private init(owning pointer: OpaquePointer) { self.pointer = pointer }

    deinit { X509_free(pointer) }

    /// Every certificate of a PEM text (a configured root file may hold several).
    public static func all(pem: String) -> [Certificate] {
        let bytes = Array(pem.utf8)
        return bytes.withUnsafeBytes { buffer -> [Certificate] in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return [] }
            defer { BIO_free(bio) }
            var found: [Certificate] = []
            while let next = PEM_read_bio_X509(bio, nil, nil, nil) { found.append(Certificate(owning: next)) }
            ERR_clear_error()
            return found
        }
    }

    /// The DER contents of the extension `oid` (dotted, "1.2.840.113635.100.6.11.1"), or nil.
    public func extensionValue(_ oid: String) -> Data? {
        guard let object = OBJ_txt2obj(oid, 1) else { return nil }
        defer { ASN1_OBJECT_free(object) }
        let index = X509_get_ext_by_OBJ(pointer, object, -1)
        guard index >= 0, let entry = X509_get_ext(pointer, index), let data = X509_EXTENSION_get_data(entry),
            let start = ASN1_STRING_get0_data(data)
        else { return nil }
        return Data(bytes: start, count: Int(ASN1_STRING_length(data)))
    }

    /// The subject's public key, when it is an elliptic-curve P-256 key (ES256, App Attest).
    public var p256PublicKey: P256PublicKey? {
        guard let key = X509_get_pubkey(pointer) else { return nil }
        return P256PublicKey(owning: key)
    }
}
