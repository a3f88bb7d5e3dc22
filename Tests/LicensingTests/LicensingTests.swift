import Foundation
import Licensing
import SecureHashing
import TestSupport
import Testing

/// The device's licence check (T13, issue 17): entitlement tokens against a token Python's
/// `cryptography` signed (Ed25519 is deterministic: the Swift signer must give the same bytes),
/// forged tokens refused, and the state machine trial → active → grace → expired, with the clock
/// set back a month gaining nothing.
@Suite struct LicensingTests {
    let fixture = LicensingFixtures.shared.entitlement
    let day: TimeInterval = 86_400

    var publicKey: Data { Data(base64Encoded: fixture.publicKey)! }
    var seed: Data { Data(base64Encoded: fixture.seed)! }

    @Test func aTokenSignedByPythonIsReadAndSwiftSignsTheSameBytes() throws {
        let token = try EntitlementToken(verifying: fixture.token, publicKey: publicKey)
        #expect(token.claims.product == "org.hobbystory.fishing.yearly")
        #expect(token.claims.account == UUID(uuidString: "5f0c2b1e-8d4a-4c3b-9e2f-1a2b3c4d5e6f"))
        #expect(token.claims.validUntilDate == Date(timeIntervalSince1970: 1_797_292_800))
        #expect(Ed25519.publicKey(seed: seed) == publicKey)
        let parts = fixture.token.split(separator: ".")
        let signature = Ed25519.sign(Data("\(parts[0]).\(parts[1])".utf8), seed: seed)
        #expect(signature.map(Base64URL.encode) == String(parts[2]))
    }

    @Test func aTokenOfOurOwnRoundTrips() throws {
        let claims = EntitlementToken.Claims(
            account: UUID(), device: UUID(), product: "p", expires: nil, issued: Date(timeIntervalSince1970: 1),
            validUntil: Date(timeIntervalSince1970: 2))
        let token = try EntitlementToken.sign(claims, seed: seed)
        #expect(try EntitlementToken(verifying: token.text, publicKey: publicKey).claims == claims)
    }

    @Test func forgedTokensAreRefused() throws {
        let parts = fixture.token.split(separator: ".").map(String.init)
        var claims = try JSONSerialization.jsonObject(with: Base64URL.decode(parts[1])!) as! [String: Any]
        claims["expires"] = 4_102_444_800_000 as Int64
        let extended = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
        let otherKey = try EntitlementToken.sign(
            try EntitlementToken(verifying: fixture.token, publicKey: publicKey).claims, seed: Ed25519.newSeed())
        let none = Base64URL.encode(Data(#"{"alg":"none"}"#.utf8))
        let forgeries = [
            "\(parts[0]).\(extended).\(parts[2])", otherKey.text, "\(none).\(parts[1]).", "\(parts[0]).\(parts[1])",
            "", String(repeating: "a.", count: 3000),
        ]
        for forgery in forgeries {
            #expect(throws: LicenceError.self) { try EntitlementToken(verifying: forgery, publicKey: publicKey) }
        }
    }

    func token(expires: Date?, issued: Date, validDays: Double = 7) throws -> EntitlementToken {
        try EntitlementToken.sign(
            .init(
                account: UUID(), device: UUID(), product: "yearly", expires: expires, issued: issued,
                validUntil: issued.addingTimeInterval(validDays * day)), seed: seed)
    }

    @Test func theTrialEndsInReadOnlyThatKeepsReading() {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let during = LicenceCheck.evaluate(token: nil, trialStarted: start, highWater: nil, deviceNow: start + 29 * day)
        #expect(during.state == .trial(endsAt: start + 30 * day))
        #expect(during.state.canWrite)
        let after = LicenceCheck.evaluate(token: nil, trialStarted: start, highWater: nil, deviceNow: start + 31 * day)
        #expect(after.state == .expired(since: start + 30 * day))
        #expect(!after.state.canWrite)
    }

    @Test func aPurchaseIsActiveThenInGraceOfflineThenExpired() throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let issued = start + 40 * day
        let token = try token(expires: issued + 365 * day, issued: issued)
        func state(at time: Date) -> LicenceState {
            LicenceCheck.evaluate(token: token, trialStarted: start, highWater: nil, deviceNow: time).state
        }
        #expect(state(at: issued + day) == .active(product: "yearly", until: issued + 365 * day))
        #expect(state(at: issued + 8 * day) == .grace(endsAt: issued + 21 * day))
        #expect(state(at: issued + 22 * day) == .expired(since: issued + 21 * day))
        let lapsed = try self.token(expires: issued + 2 * day, issued: issued)
        let lapsedState = LicenceCheck.evaluate(
            token: lapsed, trialStarted: start, highWater: nil, deviceNow: issued + 3 * day)
        #expect(lapsedState.state == .grace(endsAt: issued + 16 * day))
    }

    @Test func settingTheClockBackAMonthGainsNothingAndIsSignalled() throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let seen = start + 31 * day
        let back = LicenceCheck.evaluate(token: nil, trialStarted: start, highWater: seen, deviceNow: start + day)
        #expect(back.state == .expired(since: start + 30 * day))
        #expect(back.now == seen)
        #expect(back.highWater == seen)
        #expect(back.signals == [.clockSetBack])
        // A token's issue time is a floor too: a device whose clock is behind cannot stretch it.
        let issued = start + 100 * day
        let token = try token(expires: nil, issued: issued)
        let early = LicenceCheck.evaluate(token: token, trialStarted: start, highWater: nil, deviceNow: start)
        #expect(early.now == issued)
        let stretched = LicenceCheck.evaluate(
            token: token, trialStarted: start, highWater: issued + 30 * day, deviceNow: issued + day)
        #expect(stretched.state == .expired(since: issued + 21 * day))
        // Small steps back (time zones, network time) are not tampering.
        let small = LicenceCheck.evaluate(token: nil, trialStarted: start, highWater: start + 600, deviceNow: start)
        #expect(small.signals.isEmpty)
    }
}

/// Signs of a re-signed app (T13): a provisioning profile naming another team is signalled; an
/// App Store build (no profile) and the team's own builds are not.
@Suite struct SigningIdentityTests {
    static func profile(team: String) -> Data {
        // A provisioning profile is a CMS envelope around an XML property list; the bytes around
        // the list stand for the signature.
        Data([0x30, 0x80, 0x06, 0x09])
            + Data(
                """
                <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
                <key>AppIDName</key><string>Fishing</string>
                <key>TeamIdentifier</key><array>
                    <string>\(team)</string>
                </array><key>TeamName</key><string>Someone</string></dict></plist>
                """.utf8) + Data([0xA0, 0x82, 0xFF])
    }

    @Test func aProfileOfAnotherTeamIsSignalled() {
        #expect(
            TamperSignal.signingIdentity(
                provisioningProfile: Self.profile(team: "EVILTEAM99"), expectedTeam: "HOBBYTEAM1")
                == [.unexpectedSigningIdentity])
        #expect(
            TamperSignal.signingIdentity(
                provisioningProfile: Self.profile(team: "HOBBYTEAM1"), expectedTeam: "HOBBYTEAM1"
            ).isEmpty)
        #expect(TamperSignal.signingIdentity(provisioningProfile: nil, expectedTeam: "HOBBYTEAM1").isEmpty)
        #expect(
            TamperSignal.signingIdentity(provisioningProfile: Data("garbage".utf8), expectedTeam: "HOBBYTEAM1").isEmpty)
    }
}
