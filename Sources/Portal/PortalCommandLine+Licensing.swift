import Foundation
import PortalStore
import SecureHashing
import StoreVerification

/// The portal's licensing options and `admin licences …` (T13, issue 17; docs/licensing.md).
extension PortalCommandLine {
    static let licensingValueNames = [
        "app-store-root-ca", "bundle-id", "products", "app-store-environment", "app-attest-root-ca", "team-id",
        "licence-key", "purchase-accounts", "purchase-devices", "token-days",
    ]
    static let licensingFlagNames = ["app-attest-development", "require-entitlement", "require-attestation"]

    /// The licensing configuration the options describe; the signing key is read from
    /// `--licence-key` (default `<data>/licence-key`), made on first start with mode 0600.
    func licensingConfiguration() throws -> LicensingConfiguration {
        var configuration = LicensingConfiguration(signingSeed: try licenceSeed())
        if let path = options["app-store-root-ca"] {
            guard let bundle = options["bundle-id"], let products = options["products"] else {
                throw Failure(exitCode: 2, description: "--app-store-root-ca needs --bundle-id ID and --products ID,ID")
            }
            let environments = Set(
                (options["app-store-environment"] ?? "Production").split(separator: ",").map(String.init))
            guard !environments.isEmpty, environments.isSubset(of: ["Production", "Sandbox"]) else {
                throw Failure(exitCode: 2, description: "--app-store-environment must be Production, Sandbox or both")
            }
            configuration.appStore = AppStoreVerifier(
                chain: try chain(path, option: "app-store-root-ca"), bundleId: bundle,
                products: Set(products.split(separator: ",").map(String.init)), environments: environments)
        }
        if let path = options["app-attest-root-ca"] {
            guard let team = options["team-id"], let bundle = options["bundle-id"] else {
                throw Failure(exitCode: 2, description: "--app-attest-root-ca needs --team-id ID and --bundle-id ID")
            }
            configuration.appAttest = AppAttestVerifier(
                chain: try chain(path, option: "app-attest-root-ca"), teamId: team, bundleId: bundle,
                allowsDevelopment: flags.contains("app-attest-development"))
        }
        configuration.limits = PurchaseLimits(
            accounts: try count("purchase-accounts", default: 1), devices: try count("purchase-devices", default: 10))
        configuration.tokenLifetime = TimeInterval(try count("token-days", default: 7)) * 86_400
        configuration.requiresEntitlement = flags.contains("require-entitlement")
        configuration.requiresAttestation = flags.contains("require-attestation")
        if configuration.requiresEntitlement, configuration.appStore == nil {
            throw Failure(
                exitCode: 2, description: "--require-entitlement needs --app-store-root-ca, --bundle-id and --products")
        }
        if configuration.requiresAttestation, configuration.appAttest == nil {
            throw Failure(exitCode: 2, description: "--require-attestation needs --app-attest-root-ca and --team-id")
        }
        return configuration
    }

    private func chain(_ path: String, option: String) throws -> CertificateChain {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Failure(exitCode: 2, description: "--\(option) \(path) cannot be read")
        }
        do {
            return try CertificateChain(rootsPEM: text)
        } catch {
            throw Failure(exitCode: 2, description: "--\(option) \(path): \(error)")
        }
    }

    private func count(_ name: String, default value: Int) throws -> Int {
        guard let text = options[name] else { return value }
        guard let number = Int(text), (1...10_000).contains(number) else {
            throw Failure(exitCode: 2, description: "--\(name) \"\(text.prefix(20))\" must be a whole number, 1–10000")
        }
        return number
    }

    /// The Ed25519 seed entitlement tokens are signed with: base64 in a file only the portal reads.
    private func licenceSeed() throws -> Data {
        let path =
            options["licence-key"]
            ?? URL(fileURLWithPath: options["data"] ?? "portal-data").appendingPathComponent("licence-key").path
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            guard let seed = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
                seed.count == Ed25519.seedBytes
            else {
                throw Failure(
                    exitCode: 2, description: "--licence-key \(path) does not hold a base64 32-byte Ed25519 seed")
            }
            return seed
        }
        let seed = Ed25519.newSeed()
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            guard
                FileManager.default.createFile(
                    atPath: path, contents: Data((seed.base64EncodedString() + "\n").utf8),
                    attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw Failure(exitCode: 4, description: "the licence key \(path) cannot be written: \(error)")
        }
        return seed
    }

    /// `admin licences list|show ID|events|key`.
    func licences(_ words: [String], store: PortalStore) throws {
        let json = flags.contains("json")
        switch words.first {
        case "list":
            let licences = try store.licences.list()
            try output(licences, json: json) {
                licences.isEmpty ? "no purchases" : licences.map(Self.line).joined(separator: "\n")
            }
        case "show":
            let id = try operand(words, "admin licences show needs ORIGINAL_TRANSACTION_ID")
            guard let (licence, events) = try store.licences.licence(id) else {
                throw Failure(exitCode: 3, description: "no purchase \(id.prefix(64))")
            }
            struct Shown: Encodable {
                let licence: LicenceSummary
                let events: [LicenceEvent]
            }
            try output(Shown(licence: licence, events: events), json: json) {
                ([Self.line(licence)] + events.map(Self.line)).joined(separator: "\n")
            }
        case "events":
            let events = try store.licences.events()
            try output(events, json: json) {
                events.isEmpty ? "no licence events" : events.map(Self.line).joined(separator: "\n")
            }
        case "key":
            print(try licensingConfiguration().publicKey)
        default:
            throw Failure(exitCode: 2, description: "admin licences needs list, show ID, events or key")
        }
    }

    static func line(_ licence: LicenceSummary) -> String {
        let standing =
            licence.revokedAt.map { "revoked \(day($0))" } ?? licence.expiresAt.map { "until \(day($0))" } ?? "lifetime"
        return
            "\(licence.originalTransactionId)  \(licence.productId)  \(licence.environment)  \(standing)  accounts: \(licence.accounts.joined(separator: ", "))  devices: \(licence.devices)  refused: \(licence.refusals)"
    }

    static func line(_ event: LicenceEvent) -> String {
        "  \(event.at.ISO8601Format())  \(event.kind)  \(event.originalTransactionId ?? "-")  \(event.account ?? "-")  \(event.detail)"
    }

    private static func day(_ date: Date) -> String { String(date.ISO8601Format().prefix(10)) }
}
