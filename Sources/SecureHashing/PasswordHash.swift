import Foundation

/// What can go wrong while hashing a secret.
public enum PasswordHashingFailure: Error, Sendable, CustomStringConvertible {
    case hashingFailed
    /// No hashing was given (a device storage made without one).
    case notConfigured

    public var description: String {
        switch self {
        case .hashingFailed: "hashing the secret failed (its cost parameters are out of range)"
        case .notConfigured: "no password hashing is configured in this build"
        }
    }
}

/// Slow, salted hashing of short secrets (T15: a profile with a PIN opens only with the right
/// PIN; the portal's passwords). Argon2id in the self-describing `$argon2id$…` form, so a hash
/// made on one platform verifies on another.
public protocol PasswordHashing: Sendable {
    func make(_ secret: String) throws(PasswordHashingFailure) -> String
    /// True when `secret` matches `hash`; any malformed hash is a mismatch.
    func verify(_ secret: String, against hash: String) -> Bool
}

/// Argon2id at the phone's cost (``platformDefault``), for callers that take none of their own.
public enum PasswordHash {
    /// The same Swift Argon2id on every platform (issue 31 §1.2).
    public static let platformDefault: (any PasswordHashing)? = Argon2idPasswordHashing()

    public static func make(_ secret: String) throws(PasswordHashingFailure) -> String {
        guard let hashing = platformDefault else { throw .notConfigured }
        return try hashing.make(secret)
    }

    public static func verify(_ secret: String, against hash: String) -> Bool {
        platformDefault?.verify(secret, against: hash) ?? false
    }
}

/// Argon2id in its self-describing form, `$argon2id$v=19$m=65536,t=2,p=1$<salt>$<tag>` (base64
/// without padding, as libsodium and the reference implementation write it), so the cost
/// travels with the hash and a PIN set on a phone opens the diary on a Mac, and a hash made by
/// libsodium before verifies here (T15, issue 31 §1.2).
public struct Argon2idPasswordHashing: PasswordHashing {
    /// What a new hash costs: 64 MiB and two passes, one lane (libsodium's "interactive" limits;
    /// docs/benchmarks.md has the time on this machine).
    public static let phoneParameters = Argon2id.Parameters(memoryKiB: 64 * 1024, passes: 2)

    public let parameters: Argon2id.Parameters

    public init(parameters: Argon2id.Parameters = Self.phoneParameters) {
        self.parameters = parameters
    }

    public func make(_ secret: String) throws(PasswordHashingFailure) -> String {
        var random = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        guard let tag = Argon2id(parameters).hash(password: Array(secret.utf8), salt: salt) else {
            throw .hashingFailed
        }
        let p = parameters
        return "$argon2id$v=19$m=\(p.memoryKiB),t=\(p.passes),p=\(p.lanes)$\(Self.base64(salt))$\(Self.base64(tag))"
    }

    public func verify(_ secret: String, against hash: String) -> Bool {
        let parts = hash.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].isEmpty, parts[1] == "argon2id", parts[2] == "v=19",
            let parameters = Self.parameters(parts[3]), let salt = Self.bytes(parts[4]),
            let tag = Self.bytes(parts[5]), (4...64).contains(tag.count)
        else { return false }
        var wanted = parameters
        wanted.tagLength = tag.count
        guard let computed = Argon2id(wanted).hash(password: Array(secret.utf8), salt: salt) else { return false }
        // Compared in constant time: how long a wrong PIN takes says nothing about the right one.
        return zip(computed, tag).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `m=…,t=…,p=…` in this order, each a plain decimal number.
    private static func parameters(_ text: Substring) -> Argon2id.Parameters? {
        let fields = text.split(separator: ",")
        guard fields.count == 3 else { return nil }
        var values: [Int] = []
        for (field, name) in zip(fields, ["m=", "t=", "p="]) {
            guard field.hasPrefix(name), field.count <= name.count + 10,
                field.dropFirst(2).allSatisfy(\.isASCII), let value = Int(field.dropFirst(2))
            else { return nil }
            values.append(value)
        }
        return Argon2id.Parameters(memoryKiB: values[0], passes: values[1], lanes: values[2])
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    private static func bytes(_ text: Substring) -> [UInt8]? {
        guard !text.isEmpty, text.count <= 128, !text.contains("=") else { return nil }
        let padded = String(text) + String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: padded).map(Array.init)
    }
}
