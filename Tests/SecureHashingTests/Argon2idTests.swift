import Foundation
import Testing

@testable import SecureHashing

#if canImport(CSodium)
    import CSodium
#endif

/// Argon2id in Swift (issue 31 §1.2, T15): the RFC's vectors, libsodium's hashes of random
/// inputs (Linux, the oracle), and each side's encoded strings accepted by the other.
@Suite("Argon2id in Swift")
struct Argon2idTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("Given RFC 7693's example, when hashed with BLAKE2b-512, then the digest is the RFC's")
    func blake2bVector() {
        #expect(
            Self.hex(Blake2b.hash(Array("abc".utf8), length: 64))
                == "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")
        // Exactly one block, and one byte more: the last block is compressed with the final flag.
        var one = Blake2b(outputLength: 32)
        one.update([UInt8](repeating: 7, count: 128))
        var split = Blake2b(outputLength: 32)
        split.update([UInt8](repeating: 7, count: 100))
        split.update([UInt8](repeating: 7, count: 28))
        #expect(one.finish() == split.finish())
    }

    @Test(
        "Given RFC 9106 §5.3's inputs (4 lanes, 32 KiB, 3 passes, a secret and associated data), when hashed, then the tag is the RFC's"
    )
    func rfcVector() throws {
        let tag = try #require(
            Argon2id(.init(memoryKiB: 32, passes: 3, lanes: 4, tagLength: 32)).hash(
                password: [UInt8](repeating: 1, count: 32), salt: [UInt8](repeating: 2, count: 16),
                secret: [UInt8](repeating: 3, count: 8), associatedData: [UInt8](repeating: 4, count: 12)))
        #expect(Self.hex(tag) == "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
    }

    @Test("Given parameters past what a verifier will spend, when hashing, then nothing is computed")
    func refusesCosts() {
        let salt = [UInt8](repeating: 0, count: 16)
        for parameters in [
            Argon2id.Parameters(memoryKiB: 2 << 20, passes: 1), Argon2id.Parameters(memoryKiB: 64, passes: 0),
            Argon2id.Parameters(memoryKiB: 64, passes: 1, lanes: 0), Argon2id.Parameters(memoryKiB: 4, passes: 1),
            Argon2id.Parameters(memoryKiB: 64, passes: 99),
        ] {
            #expect(Argon2id(parameters).hash(password: [1], salt: salt) == nil, "\(parameters)")
        }
        #expect(Argon2id(.init(memoryKiB: 64, passes: 1)).hash(password: [1], salt: [1, 2]) == nil, "short salt")
    }

    @Test(
        "Given malformed or overpriced encoded hashes, when a PIN is verified against them, then each is a mismatch, never a crash or a gigabyte"
    )
    func malformedStrings() {
        let hashing = Argon2idPasswordHashing(parameters: .init(memoryKiB: 64, passes: 1))
        for hash in [
            "", "$argon2id$", "$argon2i$v=19$m=64,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNo",
            "$argon2id$v=16$m=64,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNo",
            "$argon2id$v=19$m=99999999999,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNo",
            "$argon2id$v=19$m=64,t=1,p=0$c29tZXNhbHQ$aGFzaGhhc2hoYXNo",
            "$argon2id$v=19$t=1,m=64,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNo",
            "$argon2id$v=19$m=64,t=1,p=1$c29t!!!$aGFzaGhhc2hoYXNo", "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$",
            "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNo$extra",
            "$argon2id$v=19$m=٦٤,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNo",
        ] {
            #expect(!hashing.verify("1234", against: hash), "\(hash)")
        }
        let made = try? hashing.make("1234")
        #expect(made.map { hashing.verify("1234", against: $0) } == true)
        #expect(made.map { hashing.verify("1235", against: $0) } == false)
    }

    #if canImport(CSodium)
        @Test(
            "Given 40 random passwords and salts at random small costs, when hashed here and by libsodium's crypto_pwhash, then the tags are the same"
        )
        func matchesLibsodium() throws {
            #expect(sodium_init() >= 0)
            var random = SystemRandomNumberGenerator()
            for _ in 0..<40 {
                let password = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255) }
                let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
                let memoryKiB = Int.random(in: 8...300, using: &random)
                let passes = Int.random(in: 1...4, using: &random)
                let length = Int.random(in: 16...64, using: &random)
                var theirs = [UInt8](repeating: 0, count: length)
                let characters = password.map { CChar(bitPattern: $0) }
                let rc = crypto_pwhash(
                    &theirs, UInt64(length), characters, UInt64(password.count), salt, UInt64(passes),
                    memoryKiB * 1024, crypto_pwhash_ALG_ARGON2ID13)
                #expect(rc == 0)
                let ours = Argon2id(.init(memoryKiB: memoryKiB, passes: passes, tagLength: length)).hash(
                    password: password, salt: salt)
                #expect(ours == theirs, "m=\(memoryKiB) t=\(passes) length=\(length)")
            }
        }

        @Test(
            "Given a PIN hashed by libsodium (as diaries before this hold) and one hashed here, when each side verifies the other's, then both open and a wrong PIN does not"
        )
        func stringsInterchange() throws {
            #expect(sodium_init() >= 0)
            let hashing = Argon2idPasswordHashing(parameters: .init(memoryKiB: 256, passes: 2))
            var theirs = [CChar](repeating: 0, count: Int(crypto_pwhash_argon2id_strbytes()))
            #expect(crypto_pwhash_argon2id_str(&theirs, "4821", 4, 2, 256 * 1024) == 0)
            let libsodiumHash = String(decoding: theirs.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #expect(hashing.verify("4821", against: libsodiumHash))
            #expect(!hashing.verify("4822", against: libsodiumHash))

            let ours = try hashing.make("4821")
            #expect(ours.hasPrefix("$argon2id$v=19$m=256,t=2,p=1$"))
            #expect(crypto_pwhash_argon2id_str_verify(ours, "4821", 4) == 0)
            #expect(crypto_pwhash_argon2id_str_verify(ours, "4822", 4) != 0)
        }
    #endif
}
