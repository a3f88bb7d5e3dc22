import Foundation
import SecureHashing

/// The id an imported record takes when its file gives none (issue 34 §1 "idempotent"): worked
/// out from what the file says about it, so the same file imported again names the same records
/// and creates nothing. A name-based UUID (RFC 9562 version 8) from the SHA-256 of the kind and
/// the record's key.
enum ImportIdentity {
    static func id(_ kind: String, _ key: String) -> UUID {
        let hex = Array(SHA256Digest.hex(of: Data("hobbystory-import\u{0}\(kind)\u{0}\(key)".utf8)).prefix(32))
        var bytes = stride(from: 0, to: 32, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! }
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
