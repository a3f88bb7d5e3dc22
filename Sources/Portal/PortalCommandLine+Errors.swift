import Diagnostics
import Foundation
import PortalStore

/// `admin errors …` (T6, issue 18): the error groups devices reported — list, one in full,
/// acknowledge, resolve with the fix's version, crash-free devices per version, the digest of
/// new and regressed groups for a daily mail, and "Report a problem" submissions.
extension PortalCommandLine {
    func errors(_ words: [String], store: PortalStore) throws {
        let json = flags.contains("json")
        switch words.first {
        case "list":
            var status: ErrorGroupStatus?
            if let text = options["status"] {
                guard let chosen = ErrorGroupStatus(rawValue: text) else {
                    throw Failure(
                        exitCode: 2,
                        description:
                            "--status \"\(text)\" is not one of \(ErrorGroupStatus.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                status = chosen
            }
            guard let order = ErrorGroupOrder(rawValue: options["sort"] ?? "count") else {
                throw Failure(exitCode: 2, description: "--sort must be count or recent")
            }
            let groups = try store.diagnostics.errorGroups(status: status, order: order)
            try output(groups, json: json) {
                groups.isEmpty ? "no error groups" : groups.map(Self.line).joined(separator: "\n")
            }
        case "show":
            let fingerprint = try operand(words, "admin errors show needs FINGERPRINT")
            guard let group = try store.diagnostics.errorGroup(fingerprint) else {
                throw Failure(exitCode: 3, description: "no error group \(fingerprint.prefix(64))")
            }
            try output(group, json: json) { Self.text(group) }
        case "resolve":
            let fingerprint = try operand(words, "admin errors resolve needs FINGERPRINT [--in-version V]")
            try refusals { try store.diagnostics.resolveErrorGroup(fingerprint, inVersion: options["in-version"]) }
            print(
                "\(fingerprint) resolved"
                    + (options["in-version"].map { " in \($0): a report from a newer version reopens it" } ?? ""))
        case "acknowledge":
            let fingerprint = try operand(words, "admin errors acknowledge needs FINGERPRINT")
            try refusals { try store.diagnostics.acknowledgeErrorGroup(fingerprint) }
            print("\(fingerprint) acknowledged")
        case "crash-free":
            let versions = try store.diagnostics.crashFreeVersions()
            try output(versions, json: json) {
                versions.map {
                    "\($0.version)\t\($0.devices) device(s)\t\($0.crashed) crashed\t"
                        + String(format: "%.1f%% crash-free", $0.crashFreeShare * 100)
                }.joined(separator: "\n")
            }
        case "digest":
            guard let hours = Int(options["since-hours"] ?? "24"), (1...8_760).contains(hours) else {
                throw Failure(exitCode: 2, description: "--since-hours must be 1–8760")
            }
            let digest = try store.diagnostics.errorDigest(since: Date().addingTimeInterval(-Double(hours) * 3_600))
            try output(digest, json: json) {
                "Error groups in the last \(hours) h: \(digest.new.count) new, \(digest.regressed.count) regressed\n"
                    + (digest.new.map { "new        " + Self.line($0) }
                    + digest.regressed.map { "regressed  " + Self.line($0) })
                    .joined(separator: "\n")
            }
        case "problems":
            let problems = try store.diagnostics.problemReports()
            try output(problems, json: json) {
                problems.isEmpty
                    ? "no problem reports"
                    : problems.map {
                        "\(Self.instant($0.receivedAt))  \($0.appVersion)  \($0.signedIn ? "signed in" : "anonymous")  integrity \($0.integrity)\n  \($0.comment)"
                    }.joined(separator: "\n")
            }
        default:
            throw Failure(
                exitCode: 2,
                description:
                    "admin errors takes list, show, resolve, acknowledge, crash-free, digest or problems\n\(Self.usage)"
            )
        }
    }

    func operand(_ words: [String], _ usage: String) throws -> String {
        guard words.count == 2 else { throw Failure(exitCode: 2, description: usage) }
        return words[1]
    }

    private func refusals(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch PortalStoreError.notFound(let what) {
            throw Failure(exitCode: 3, description: "no \(what)")
        } catch let error as PortalStoreError {
            throw Failure(exitCode: 1, description: error.description)
        }
    }

    func output(_ value: some Encodable, json: Bool, text: () -> String) throws {
        print(json ? String(decoding: try DiagnosticsWire.encode(value, pretty: true), as: UTF8.self) : text())
    }

    private static func line(_ group: ErrorGroupSummary) -> String {
        "\(group.fingerprint)  \(group.status.rawValue)  \(group.count)× on \(group.devices) device(s), \(group.accounts) account(s)  "
            + "\(group.title)  last \(instant(group.lastSeen))  versions \(group.versions.joined(separator: ","))"
    }

    private static func text(_ group: ErrorGroupDetail) -> String {
        func shares(_ list: [ErrorShare]) -> String { list.map { "\($0.name) \($0.count)" }.joined(separator: ", ") }
        let summary = group.summary
        return """
            \(summary.title) (\(summary.kind.rawValue)) — \(summary.status.rawValue)\(group.resolvedIn.map { ", fixed in \($0)" } ?? "")\(group.regressedIn.map { ", came back in \($0)" } ?? "")
            fingerprint \(summary.fingerprint); raised at \(group.identity.site) during "\(group.identity.operation)"
            \(summary.count) occurrence(s) on \(summary.devices) device(s), \(summary.accounts) account(s); first \(instant(summary.firstSeen)), last \(instant(summary.lastSeen))
            versions: \(shares(group.byVersion))
            systems: \(shares(group.bySystem))
            devices: \(shares(group.byModel))
            per day: \(group.days.map { "\($0.day) \($0.count)" }.joined(separator: ", "))
            breadcrumbs:
            """ + "\n"
                + group.breadcrumbs.map { "  \(instant($0.time)) \($0.level.rawValue) [\($0.category)] \($0.message)" }
                .joined(separator: "\n")
    }

    private static func instant(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}
