import CCrypto
import Foundation
import SecureHashing
import Synchronization

/// A device's App Attest key played in tests (T13, issue 17): the fixture's attested key, whose
/// private half tools/make_licensing_fixtures.py keeps, signing assertions over any request the
/// way the Secure Enclave does — authenticator data (relying party, counter) and an ECDSA
/// signature over SHA-256(authenticator data ‖ client data hash), in CBOR. The key is only read
/// after init and the counter is behind a lock, hence `@unchecked Sendable`.
public final class AppAttestSimulator: @unchecked Sendable {
    private let key: OpaquePointer
    private let relyingParty: Data
    private let counter = Mutex<UInt32>(0)

    public init(fixtures: LicensingFixtures) {
        let pem = Array(fixtures.appAttest.devicePrivateKey.utf8)
        key = pem.withUnsafeBytes { bytes in
            let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count))
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)!
        }
        relyingParty = Data(
            MessageDigest.digest(of: Data("\(fixtures.appAttest.teamId).\(fixtures.bundleId)".utf8), .sha256))
    }

    deinit { EVP_PKEY_free(key) }

    /// The next assertion over `clientDataHash`, its counter one above the last.
    public func assertion(clientDataHash: Data) -> Data {
        let count = counter.withLock { value in
            value += 1
            return value
        }
        let authData = relyingParty + Data([0x01]) + withUnsafeBytes(of: count.bigEndian) { Data($0) }
        let nonce = Data(MessageDigest.digest(of: authData + clientDataHash, .sha256))
        let context = EVP_MD_CTX_new()
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key)
        var length = 0
        let message = Array(nonce)
        EVP_DigestSign(context, nil, &length, message, message.count)
        var signature = [UInt8](repeating: 0, count: length)
        EVP_DigestSign(context, &signature, &length, message, message.count)
        return Self.cborMap([("signature", Data(signature.prefix(length))), ("authenticatorData", authData)])
    }

    /// A CBOR map of text keys to byte strings (all an assertion holds).
    private static func cborMap(_ entries: [(String, Data)]) -> Data {
        func head(_ major: UInt8, _ length: Int) -> Data {
            length < 24 ? Data([major << 5 | UInt8(length)]) : Data([major << 5 | 24, UInt8(length)])
        }
        var out = head(5, entries.count)
        for (key, value) in entries {
            out += head(3, key.utf8.count) + Data(key.utf8) + head(2, value.count) + value
        }
        return out
    }
}
