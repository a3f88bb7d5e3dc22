import DiaryServices
import Foundation
import Licensing

extension HobbyStoryCLI {
    /// `licence status` and `licence redeem --signed-transaction FILE` (T13, issue 17): where the
    /// licence stands — trial, active, grace, expired (read-only; export and pull still work) —
    /// and the command line's stand-in for an App Store purchase: a StoreKit signed transaction
    /// from a file, verified and bound by the portal, which answers the entitlement token kept here.
    static let licenceCommands: [Command] = [
        Command(name: "licence status") { c in
            let service = try c.licenceService()
            let report = try c.waitForSync { try await service.status() }
            c.output(licenceJSON(report), text: licenceText(report))
        },
        Command(name: "licence redeem", spec: OptionSpec(values: ["signed-transaction"])) { c in
            guard let path = c.text("signed-transaction") else {
                throw UsageError("licence redeem needs --signed-transaction FILE (a StoreKit transaction's JWS)")
            }
            guard let data = FileManager.default.contents(atPath: path), data.count <= 65_536,
                let text = String(data: data, encoding: .utf8)
            else {
                throw UsageError("--signed-transaction \(path.prefix(200)) cannot be read as a text of at most 64 KiB")
            }
            let jws = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let service = try c.licenceService()
            let report = try c.waitForSync { try await service.redeem(signedTransaction: jws) }
            c.output(licenceJSON(report), text: licenceText(report))
        },
    ]

    static func licenceJSON(_ report: LicenceReport) -> JSONValue {
        var object: [String: JSONValue] = [
            "state": .string(report.state.name), "canWrite": .bool(report.state.canWrite),
            "signals": .array(report.signals.map { .string($0.rawValue) }),
            "product": report.product.map(JSONValue.string) ?? .null,
            "validUntil": report.validUntil.map { .string($0.ISO8601Format()) } ?? .null,
        ]
        switch report.state {
        case .trial(let end), .grace(let end): object["ends"] = .string(end.ISO8601Format())
        case .active(_, let until): object["until"] = until.map { .string($0.ISO8601Format()) } ?? .null
        case .expired(let since): object["since"] = .string(since.ISO8601Format())
        }
        return .object(object)
    }

    static func licenceText(_ report: LicenceReport) -> String {
        let day = { (date: Date) in String(date.ISO8601Format().prefix(10)) }
        switch report.state {
        case .trial(let end):
            return "Trial: the diary reads and writes until \(day(end)); buy the app to keep adding records."
        case .active(let product, let until):
            return "Active: \(product)" + (until.map { ", until \(day($0))" } ?? ", for good")
                + (report.validUntil.map { " (sync before \(day($0)) to keep it confirmed)" } ?? "")
        case .grace(let end):
            return "Grace: the purchase was not confirmed lately; sync before \(day(end)) to keep writing."
        case .expired(let since):
            return
                "Expired since \(day(since)): the diary is read-only. Reading, export and pulling still work; nothing is deleted. Buy or restore with `hobbystory licence redeem`."
        }
    }
}

extension CommandContext {
    /// The chosen diary's licence, checked with ``licenceKey`` or else the portal's key pinned
    /// at the first redemption.
    func licenceService() throws -> LicenceService {
        LicenceService(
            diary: try diaryQueue(), transport: portalTransports(timeout: .seconds(15)), shippedKey: licenceKey)
    }
}
