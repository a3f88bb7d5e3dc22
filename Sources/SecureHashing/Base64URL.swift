import Foundation

/// base64url without padding (RFC 7515 §2), as JSON Web Tokens carry their parts: App Store
/// Connect tokens (T12), App Store signed objects and the portal's entitlement tokens (T13).
/// Decoding is strict: any other character, or an impossible length, makes it unreadable.
public enum Base64URL {
    public static func decode(_ text: some StringProtocol) -> Data? {
        guard text.utf8.allSatisfy({ $0.isBase64URL }), text.utf8.count % 4 != 1 else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard)
    }

    public static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self) || self == 0x2D
            || self == 0x5F
    }
}
