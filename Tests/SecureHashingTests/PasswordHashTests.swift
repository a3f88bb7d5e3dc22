import SecureHashing
import Testing

@Suite("PIN hashing")
struct PasswordHashTests {
    @Test("Given a PIN, when hashed, then it verifies, is Argon2id, salted and never contains the PIN")
    func hashAndVerify() throws {
        let a = try PasswordHash.make("4821")
        let b = try PasswordHash.make("4821")
        #expect(a.hasPrefix("$argon2id$"))
        #expect(a != b)
        #expect(!a.contains("4821"))
        #expect(PasswordHash.verify("4821", against: a))
        #expect(!PasswordHash.verify("4822", against: a))
        #expect(!PasswordHash.verify("", against: a))
    }

    @Test("Given a malformed hash, when verifying, then it is a mismatch, not a crash")
    func malformedHash() {
        #expect(!PasswordHash.verify("1234", against: ""))
        #expect(!PasswordHash.verify("1234", against: "$argon2id$garbage"))
        #expect(!PasswordHash.verify("1234", against: "plain"))
    }
}
