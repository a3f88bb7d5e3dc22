import Foundation

/// The signed App Store objects, App Attest objects and entitlement token made by
/// `tools/make_licensing_fixtures.py` with Python's `cryptography` and `cbor2` (T13, issue 17):
/// each case with the refusal code the Swift side must give, or "ok".
public struct LicensingFixtures: Decodable, Sendable {
    public struct Transaction: Decodable, Sendable {
        public let jws: String
        public let expect: String
        /// What Apple's App Store Server Library said: "accepted" or its verification status.
        public let apple: String
    }

    public struct Notification: Decodable, Sendable {
        public let signedPayload: String
        public let expect: String
        public let apple: String
    }

    public struct AppAttest: Decodable, Sendable {
        public struct Attestation: Decodable, Sendable {
            public let attestation: String
            public let expect: String
        }

        public struct Assertion: Decodable, Sendable {
            public let name: String
            public let clientData: String
            public let assertion: String
        }

        public let root: String
        public let otherRoot: String
        public let teamId: String
        public let keyId: String
        public let publicKey: String
        /// The simulated device key's private half (PKCS #8 PEM), to assert bodies in tests.
        public let devicePrivateKey: String
        public let challenge: String
        public let attestations: [String: Attestation]
        public let assertions: [Assertion]
    }

    public struct Entitlement: Decodable, Sendable {
        public let seed: String
        public let publicKey: String
        public let token: String
    }

    public let bundleId: String
    public let products: [String]
    public let appStoreRoot: String
    public let otherRoot: String
    public let transactions: [String: Transaction]
    public let notifications: [String: Notification]
    public let appAttest: AppAttest
    public let entitlement: Entitlement

    /// The fixtures' "now": after every signing date, before every subscription's end but the
    /// lapsed one's.
    public static let now = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01

    /// The fixture file, read once.
    public static let shared: LicensingFixtures = {
        let url = Bundle.module.url(forResource: "licensing", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(LicensingFixtures.self, from: Data(contentsOf: url))
    }()

    /// The signed transaction of case `name`.
    public func jws(_ name: String) -> String { transactions[name]!.jws }
}
