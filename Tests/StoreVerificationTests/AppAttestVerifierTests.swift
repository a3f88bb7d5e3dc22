import Foundation
import StoreVerification
import TestSupport
import Testing

/// App Attest attestation and assertion objects built by Python's `cryptography` and `cbor2`
/// (tools/make_licensing_fixtures.py), checked by the Swift verifier (T13): a genuine key is
/// taken; a wrong nonce, relying party, counter, AAGUID, key id or root is refused; assertions
/// must count up.
@Suite struct AppAttestVerifierTests {
    let fixtures = LicensingFixtures.shared.appAttest
    let now = LicensingFixtures.now

    func verifier(root: String? = nil, development: Bool = false) throws -> AppAttestVerifier {
        AppAttestVerifier(
            chain: try CertificateChain(rootsPEM: root ?? fixtures.root), teamId: fixtures.teamId,
            bundleId: LicensingFixtures.shared.bundleId, allowsDevelopment: development)
    }

    func attestation(_ name: String) throws -> Data {
        let text = try #require(fixtures.attestations[name]).attestation
        return try #require(Data(base64Encoded: text))
    }

    var keyId: Data { Data(base64Encoded: fixtures.keyId)! }
    var challenge: Data { Data(base64Encoded: fixtures.challenge)! }

    @Test func aGenuineKeyIsAttested() throws {
        let key = try verifier().attestation(try attestation("ok"), keyId: keyId, challenge: challenge, now: now)
        #expect(key.environment == "production")
        #expect(key.publicKey.suffix(65) == Data(base64Encoded: fixtures.publicKey))
        #expect(key.receipt == Data("test receipt".utf8))
        let development = try verifier(development: true).attestation(
            try attestation("development"), keyId: keyId, challenge: challenge, now: now)
        #expect(development.environment == "development")
    }

    @Test(arguments: ["wrong_nonce", "wrong_rp_id", "nonzero_counter", "unknown_aaguid", "other_root"])
    func aForgedAttestationIsRefused(_ name: String) throws {
        let expected = try #require(fixtures.attestations[name]).expect
        let object = try attestation(name)
        #expect(
            refusal { try verifier().attestation(object, keyId: keyId, challenge: challenge, now: now) } == expected)
    }

    @Test func aDevelopmentKeyAnotherChallengeOrAnotherKeyIdIsRefused() throws {
        let cases: [(Data, Data, Data, StoreVerificationError.Code)] = [
            (try attestation("development"), keyId, challenge, .wrongAAGUID),
            (try attestation("ok"), keyId, Data("a challenge the portal never gave".utf8), .wrongNonce),
            (try attestation("ok"), Data(repeating: 7, count: 32), challenge, .wrongKeyId),
        ]
        for (object, keyId, challenge, code) in cases {
            #expect(
                refusal { try verifier().attestation(object, keyId: keyId, challenge: challenge, now: now) }
                    == code.rawValue)
        }
    }

    @Test func assertionsMustCountUpAndSignTheRequest() throws {
        let verifier = try verifier()
        let key = try verifier.attestation(try attestation("ok"), keyId: keyId, challenge: challenge, now: now)
        func assertion(_ name: String) throws -> (Data, Data) {
            let found = try #require(fixtures.assertions.first { $0.name == name })
            return (Data(base64Encoded: found.assertion)!, Data(base64Encoded: found.clientData)!)
        }
        let (first, firstRequest) = try assertion("first")
        let counter = try verifier.assertion(
            first, clientData: firstRequest, publicKey: key.publicKey, previousCounter: 0)
        #expect(counter == 1)
        let (second, secondRequest) = try assertion("second")
        #expect(
            try verifier.assertion(second, clientData: secondRequest, publicKey: key.publicKey, previousCounter: 1) == 2
        )
        let (lower, lowerRequest) = try assertion("lower")
        let (otherRP, otherRequest) = try assertion("other_rp")
        let refusals: [(Data, Data, UInt32, StoreVerificationError.Code)] = [
            (second, secondRequest, 2, .wrongCounter),  // replayed
            (lower, lowerRequest, 2, .wrongCounter),  // rolled back
            (second, firstRequest, 1, .badSignature),  // signs another request
            (otherRP, otherRequest, 2, .wrongRelyingParty),
        ]
        for (object, request, previous, code) in refusals {
            let verdict = refusal {
                try verifier.assertion(object, clientData: request, publicKey: key.publicKey, previousCounter: previous)
            }
            #expect(verdict == code.rawValue)
        }
    }

    @Test func cborThatLiesAboutItsLengthsIsRefused() throws {
        let lies: [[UInt8]] = [
            [0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // a byte string of 2⁶⁴ bytes
            [0x9B, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00],  // an array of 2³² items
            [0xBA, 0x7F, 0xFF, 0xFF, 0xFF],  // a map of 2³¹ pairs
            [0x5F, 0x41, 0x00, 0xFF],  // an indefinite length
            Array(repeating: 0x81, count: 100) + [0x00],  // nested 100 deep
            [0x62, 0xC3, 0x28],  // text that is not UTF-8
            [0x00, 0x00],  // trailing bytes
        ]
        for lie in lies { #expect(CBOR.decode(Data(lie)) == nil, "\(lie.prefix(9))") }
        #expect(CBOR.decode(Data([0xA1, 0x61, 0x61, 0x20])) == .map([(.text("a"), .negative(0))]))
        var random = SeededRandom(seed: 5)
        let genuine = try attestation("ok")
        for _ in 0..<300 {
            var bytes = [UInt8](genuine)
            for _ in 0..<3 {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = .random(in: 0...255, using: &random)
            }
            _ = try? verifier().attestation(Data(bytes), keyId: keyId, challenge: challenge, now: now)
        }
    }
}
