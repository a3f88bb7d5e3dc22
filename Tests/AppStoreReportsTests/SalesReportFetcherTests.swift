import AppStoreReports
import Foundation
import TestSupport
import Testing

/// The App Store Connect API side of counting downloads (T12): ES256 tokens checked with the
/// `openssl` command as an independent verifier, and report fetches against a local stand-in.
@Suite("App Store Connect API: tokens and report fetches (T12)", .timeLimit(.minutes(1)))
struct SalesReportFetcherTests {
    static let fixtures = AppStoreConnectFixtureServer.fixturesFolder

    static func key() throws -> AppStoreConnectKey {
        try AppStoreConnectKey(
            issuerId: "57246542-96fe-1a63-e053-0824d011072a", keyId: "2X9R4HXF34",
            privateKeyPEM: try String(contentsOf: fixtures.appendingPathComponent("test-only-key.p8"), encoding: .utf8))
    }

    static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    @Test(
        "Given an API key, when a token is made, then its header and claims are App Store Connect's and openssl verifies its ES256 signature"
    )
    func tokenVerifies() throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let token = try Self.key().token(now: now)
        let parts = token.split(separator: ".")
        try #require(parts.count == 3)
        let header =
            try JSONSerialization.jsonObject(with: try #require(Self.base64URLDecoded(parts[0]))) as! [String: Any]
        #expect(header["alg"] as? String == "ES256")
        #expect(header["kid"] as? String == "2X9R4HXF34")
        #expect(header["typ"] as? String == "JWT")
        let claims =
            try JSONSerialization.jsonObject(with: try #require(Self.base64URLDecoded(parts[1]))) as! [String: Any]
        #expect(claims["iss"] as? String == "57246542-96fe-1a63-e053-0824d011072a")
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        #expect(claims["iat"] as? Int == 1_780_000_000)
        #expect(claims["exp"] as? Int == 1_780_000_900, "15 minutes, within the 20 App Store Connect accepts")
        let signature = try #require(Self.base64URLDecoded(parts[2]))
        #expect(signature.count == 64, "r and s, not DER")
        #expect(try Self.opensslVerifies(Data("\(parts[0]).\(parts[1])".utf8), signature: signature))
        var forged = signature
        forged[forged.startIndex + 40] ^= 0x01
        #expect(try !Self.opensslVerifies(Data("\(parts[0]).\(parts[1])".utf8), signature: forged))
    }

    @Test(
        "Given a file that is not a P-256 private key, when used as the API key, then it is refused before anything is fetched"
    )
    func badKeys() throws {
        let secp256k1 = try Self.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:secp256k1"])
        let encrypted = try Self.openssl([
            "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-aes256", "-pass", "pass:pike",
        ])
        let publicKey = try String(
            contentsOf: Self.fixtures.appendingPathComponent("test-only-key.pub.pem"), encoding: .utf8)
        for pem in [
            "", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", publicKey, secp256k1, encrypted,
        ] {
            #expect(throws: AppStoreConnectKeyError.self, "\(pem.prefix(40))") {
                try AppStoreConnectKey(issuerId: "i", keyId: "k", privateKeyPEM: pem)
            }
        }
    }

    /// What the `openssl` command prints.
    static func openssl(_ arguments: [String]) throws -> String {
        let run = try commandInScratchFolder(["openssl"] + arguments)
        try? FileManager.default.removeItem(at: run.folder)
        return String(decoding: run.output, as: UTF8.self)
    }

    @Test(
        "Given the API, when reports are fetched, then a day's gzip report comes back, a day without one is nil, and a refusal says why"
    )
    func fetches() async throws {
        let server = try AppStoreConnectFixtureServer()
        let fetcher = SalesReportFetcher(
            key: try Self.key(), vendorNumber: "85912345", baseURL: URL(string: server.origin)!)
        let report = try #require(try await fetcher.report(day: "2026-06-02"))
        #expect(report == (try Data(contentsOf: Self.fixtures.appendingPathComponent("sales_2026-06-02.txt.gz"))))
        #expect(try await fetcher.report(day: "2026-06-03") == nil)
        let first = try #require(server.received.first)
        #expect(
            first.query == [
                "frequency": "DAILY", "reportDate": "2026-06-02", "reportSubType": "SUMMARY", "reportType": "SALES",
                "vendorNumber": "85912345", "version": "1_0",
            ])
        #expect(first.authorization?.hasPrefix("Bearer ey") == true)

        let rejected = SalesReportFetcher(
            key: try Self.key(), vendorNumber: "rejected", baseURL: URL(string: server.origin)!)
        await #expect(
            throws: SalesReportFetchError.refused(
                status: 401, detail: "Provide a properly configured and signed bearer token.")
        ) {
            try await rejected.report(day: "2026-06-02")
        }
        await server.stop()
        let offline = SalesReportFetcher(
            key: try Self.key(), vendorNumber: "85912345", baseURL: URL(string: server.origin)!, timeout: 2)
        await #expect(throws: SalesReportFetchError.self) { try await offline.report(day: "2026-06-02") }
    }

    /// Whether `openssl dgst -verify` accepts an ES256 signature (r‖s, converted to DER here).
    static func opensslVerifies(_ message: Data, signature: Data) throws -> Bool {
        func integer(_ bytes: Data) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(signature.prefix(32)) + integer(signature.suffix(32))
        let der = Data([0x30, UInt8(body.count)] + body)
        let run = try commandInScratchFolder([
            "openssl", "dgst", "-sha256", "-verify", fixtures.appendingPathComponent("test-only-key.pub.pem").path,
            "-signature", "signature.der", "message",
        ]) { folder in
            try message.write(to: folder.appendingPathComponent("message"))
            try der.write(to: folder.appendingPathComponent("signature.der"))
        }
        try? FileManager.default.removeItem(at: run.folder)
        return run.status == 0
    }
}
