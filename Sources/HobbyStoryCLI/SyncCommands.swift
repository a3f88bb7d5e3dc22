import CurlTransport
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import SyncClient
import SyncProtocol

extension HobbyStoryCLI {
    /// `account signup|login|logout`, `sync`, `sync status`, `sync history` and
    /// `sync restore-version` (T3): the diary of the chosen profile syncs with a portal account,
    /// and any version another device's change replaced can be brought back.
    static let syncCommands: [Command] = [
        Command(
            name: "account signup",
            spec: OptionSpec(values: ["portal", "email", "device-name"], flags: ["password-stdin"])
        ) { c in
            try c.signIn(signingUp: true)
        },
        Command(
            name: "account login",
            spec: OptionSpec(values: ["portal", "email", "device-name"], flags: ["password-stdin"])
        ) { c in
            try c.signIn(signingUp: false)
        },
        Command(name: "account logout") { c in
            let portal = try c.diary().sync.account()?.portalURL ?? "the portal"
            let service = try c.syncService()
            let outcome = try c.waitForSync { try await service.signOut() }
            guard outcome.wasSignedIn else {
                c.output(.object(["signedIn": .bool(false)]), text: "Not signed in.")
                return
            }
            c.output(
                .object(["signedIn": .bool(false), "revokedOnPortal": .bool(outcome.revokedOnPortal)]),
                text: outcome.revokedOnPortal
                    ? "Signed out of \(portal)." : "Signed out here; the portal could not be told (offline)."
            )
        },
        Command(name: "sync") { c in
            let service = try c.syncService()
            let report = try c.waitForSync { try await service.sync() }
            let portal = try c.diary().sync.account()?.portalURL ?? "the portal"
            let question =
                try CommandContext.askedAboutErrorReports(c) ? "\n" + CommandContext.errorReportsQuestion : ""
            c.output(
                .object([
                    "pushed": .integer(Int64(report.pushed)), "pulled": .integer(Int64(report.pulled)),
                    "conflicts": .integer(Int64(report.conflicts)), "rejected": .integer(Int64(report.rejected)),
                    "directoryVersion": .integer(Int64(report.directoryVersion)),
                    "mediaUploaded": .integer(Int64(report.mediaUploaded)),
                    "mediaWaiting": .integer(Int64(report.mediaWaiting)),
                ]),
                text:
                    "Synced with \(portal): \(report.pushed) sent, \(report.pulled) received, \(report.conflicts) conflict(s) resolved, \(report.rejected) refused (see `hobbystory sync status`)."
                    + (report.conflicts > 0
                        ? " The versions that lost are kept: `hobbystory sync history` lists them, `sync restore-version` brings one back."
                        : "") + question
            )
        },
        Command(name: "sync status") { c in
            let service = try c.syncService()
            let status = try c.waitForSync { try await service.status() }
            let (account, pending, rejections, parked) = (
                status.account, status.pending, status.refused, status.waiting
            )
            let time: (Date?) -> JSONValue = { JSONValue($0.map { DiaryTime.iso8601($0, utcOffsetSeconds: 0) }) }
            c.output(
                .object([
                    "portal": JSONValue(account?.portalURL), "email": JSONValue(account?.email),
                    "signedIn": .bool(account?.token != nil), "lastSyncAt": time(account?.lastSyncAt),
                    "pending": .integer(Int64(pending.count)),
                    "pendingChanges": .array(
                        pending.map {
                            .object([
                                "type": .string($0.entityType.rawValue),
                                "id": .string($0.entityId.uuidString.lowercased()),
                                "operation": .string($0.operation.rawValue), "changedAt": time($0.changedAt),
                            ])
                        }),
                    "rejected": .array(
                        rejections.map {
                            .object([
                                "type": .string($0.entityType.rawValue),
                                "id": .string($0.entityId.uuidString.lowercased()),
                                "reason": .string($0.reason), "rejectedAt": time($0.rejectedAt),
                            ])
                        }),
                    "waiting": .array(
                        parked.map {
                            .object([
                                "type": .string($0.entityType.rawValue),
                                "id": .string($0.entityId.uuidString.lowercased()),
                                "problem": .string($0.problem),
                            ])
                        }),
                ]),
                text: ([
                    account.map {
                        "Portal \($0.portalURL) as \($0.email) — \($0.token == nil ? "signed out" : "signed in")"
                    }
                        ?? "Not signed in to a portal.",
                    pending.count == 1
                        ? "1 change waiting to be sent." : "\(pending.count) changes waiting to be sent.",
                ]
                    + rejections.map {
                        "refused: \($0.entityType.rawValue) \($0.entityId.uuidString.lowercased()): \($0.reason)"
                    }
                    + parked.map {
                        "waiting: \($0.entityType.rawValue) \($0.entityId.uuidString.lowercased()): \($0.problem)"
                    })
                    .joined(separator: "\n"))
        },
        Command(name: "sync history", optionalOperands: ["ID"], spec: OptionSpec(values: ["before"])) { c in
            let diary = try c.diary()
            let id = try c.operands.first.map { try c.recordId($0) }
            let before = try c.text("before").map { text in
                guard let number = Int64(text), number > 0 else {
                    throw UsageError("--before needs a version number, such as the last one a page showed")
                }
                return number
            }
            let page = try c.history(of: id, before: before)
            let entries = page.entries
            let thisDevice = try diary.replicaId()
            c.output(
                .object([
                    "nextBefore": JSONValue(page.nextBefore.map(Int.init)),
                    "entries": .array(
                        entries.map { entry in
                            .object([
                                "version": JSONValue(entry.seq.map(Int.init)), "reason": .string(entry.reason),
                                "type": .string(entry.kind.rawValue), "id": .string(entry.id.uuidString.lowercased()),
                                "deleted": .bool(entry.deleted), "modifiedAt": .string(Self.instant(entry.modifiedAt)),
                                "archivedAt": .string(Self.instant(entry.archivedAt)),
                                "fromThisDevice": .bool(entry.deviceId == thisDevice),
                                "fields": entry.fields.map(Self.json) ?? .null,
                            ])
                        }),
                ]),
                text: entries.isEmpty
                    ? (before == nil ? "The portal has set no versions aside." : "No older versions.")
                    : (entries.map { Self.historyLine($0, thisDevice: thisDevice) }
                        + (page.nextBefore.map { ["(older versions: --before \($0))"] } ?? []))
                        .joined(separator: "\n"))
        },
        Command(name: "sync restore-version", operands: ["ID"], spec: OptionSpec(values: ["version"])) { c in
            guard let text = c.text("version"), let version = Int64(text), (1..<Int64.max).contains(version) else {
                throw UsageError("sync restore-version needs --version N, a number `hobbystory sync history ID` shows")
            }
            let id = try c.recordId(c.operands[0])
            let service = try c.syncService()
            let entry = try c.waitForSync { try await service.restoreVersion(version, of: id) }
            let type = entry.kind.rawValue
            c.output(
                .object([
                    "type": .string(type), "id": .string(id.uuidString.lowercased()),
                    "restoredVersion": .integer(version),
                ]),
                text:
                    "Restored the \(type) \(id.uuidString.lowercased().prefix(8)) to version \(version) of \(Self.instant(entry.modifiedAt)); the next sync sends it."
            )
        },
    ]

    /// An instant in milliseconds since 1970 as ISO 8601 UTC.
    static func instant(_ milliseconds: Int64) -> String {
        DiaryTime.iso8601(Date(timeIntervalSince1970: Double(milliseconds) / 1000), utcOffsetSeconds: 0)
    }

    /// A record's fields as JSON.
    static func json(_ fields: RecordFields) -> JSONValue {
        .object(
            fields.mapValues { value in
                switch value {
                case .null: .null
                case .integer(let number): .integer(number)
                case .real(let number): .number(number)
                case .text(let text): .string(text)
                }
            })
    }

    /// One history entry as a line: its number, why it was set aside, the record, when it was
    /// made and by which device, and what the angler would recognise it by.
    static func historyLine(_ entry: HistoryEntry, thisDevice: UUID) -> String {
        let number = entry.seq.map { "v\($0)" } ?? "—"
        let origin = entry.deviceId == thisDevice ? "this device" : "another device"
        let summary = ["name", "title", "notes"].compactMap { key -> String? in
            guard case .text(let text)? = entry.fields?[key], !text.isEmpty else { return nil }
            return "\(key): \(text.prefix(60))"
        }
        let what = entry.deleted ? "deleted" : summary.joined(separator: "; ")
        return
            "\(number)  \(entry.reason)  \(entry.kind.rawValue) \(entry.id.uuidString.lowercased().prefix(8))  made \(instant(entry.modifiedAt)) on \(origin)  \(what)"
    }
}

extension CommandContext {
    /// A spot, trip or catch by its id or an unambiguous prefix; a whole UUID is taken as it is
    /// (the record may be gone from this diary).
    func recordId(_ text: String) throws -> UUID {
        if let id = UUID(uuidString: text) { return id }
        let diary = try diary()
        let found = try [RecordKind.spot, .trip, .catch].compactMap { type -> UUID? in
            do {
                return try diary.resolveId(text, type)
            } catch StoreError.notFound {
                return nil
            }
        }
        guard found.count == 1 else {
            if found.isEmpty { throw StoreError.notFound(entity: "record", id: text) }
            throw StoreError.ambiguousId(entity: "record", prefix: text, matches: found.count)
        }
        return found[0]
    }

    /// A page of the portal's history for this diary's account (of one record when `id` is
    /// given, numbered below `before` when given).
    func history(of id: UUID?, before: Int64? = nil) throws -> HistoryResponse {
        let service = try syncService()
        return try waitForSync { try await service.history(of: id, before: before) }
    }

    /// Whether this is the first sync since the angler could choose to send error reports: the
    /// question is put once (issue 18), and until they answer `on` nothing is sent.
    static func askedAboutErrorReports(_ c: CommandContext) throws -> Bool {
        let diary = try c.diary()
        guard try diary.diagnostics.sharing() == nil else { return false }
        try diary.diagnostics.setSharing(false)
        return !c.json
    }

    static let errorReportsQuestion = """
        Help fix problems? Error reports hold no notes, names, places or files; see exactly what
        would go with `hobbystory diagnostics preview`, then `hobbystory settings diagnostics on`
        to send them after each sync (off until you say so).
        """

    /// The sync use cases for the chosen profile's diary, over libcurl.
    func syncService() throws -> SyncService {
        let media = try mediaStore()
        return SyncService(
            diary: try diaryQueue(), sharedDirectoryURL: try storage().sharedDirectoryURL,
            contentURL: { [root = media.root] in MediaStore.contentURL(root, $0) },
            transport: portalTransports(timeout: .seconds(15)), diagnostics: try diagnosticsService(),
            licence: try licenceService())
    }

    /// The way to a portal: libcurl, verifying its certificate against the system's authorities
    /// or those of `--ca-file` (or `$HOBBYSTORY_CA_FILE`).
    func portalTransports(timeout: Duration) -> @Sendable (URL) -> any SyncTransport {
        let given = arguments.value("ca-file") ?? cli.environment["HOBBYSTORY_CA_FILE"]
        let caFile = given?.isEmpty == false ? given : nil
        return { CurlSyncTransport(baseURL: $0, timeout: timeout, certificateAuthorities: caFile) }
    }

    /// `--portal URL --email E --password-stdin`, checked.
    func credentials() throws -> (String, String, String) {
        guard let portal = text("portal") else {
            throw UsageError("--portal URL is required, e.g. https://portal.example.org")
        }
        if let problem = PortalAddress.problem(with: portal) {
            throw InvalidInput(description: "--portal \(portal.prefix(80)) \(problem)")
        }
        guard let email = text("email"), !email.isEmpty else { throw UsageError("--email E is required") }
        guard arguments.flag("password-stdin") else {
            throw UsageError("give the password on standard input with --password-stdin (never on the command line)")
        }
        let password = (console.readLine() ?? "").trimmingCharacters(in: .newlines)
        guard !password.isEmpty else {
            throw InvalidInput(description: "password: nothing was read from standard input")
        }
        return (portal, email, password)
    }

    /// Signs this profile's diary in as a device of the account (creating the account first
    /// when `signingUp`).
    func signIn(signingUp: Bool) throws {
        let (portal, email, password) = try credentials()
        let profileName = try diary().profile.displayName
        let deviceName = text("device-name") ?? "\(ProcessInfo.processInfo.hostName) (\(profileName))"
        let service = try syncService()
        let url = URL(string: portal)!
        let session = try waitForSync {
            signingUp
                ? try await service.signUp(portal: url, email: email, password: password, deviceName: deviceName)
                : try await service.signIn(portal: url, email: email, password: password, deviceName: deviceName)
        }
        output(
            .object([
                "portal": .string(portal), "email": .string(email.lowercased()),
                "accountId": .string(session.accountId.uuidString.lowercased()),
                "deviceId": .string(session.deviceId.uuidString.lowercased()),
            ]),
            text: "Signed in to \(portal) as \(email.lowercased()); run `hobbystory sync`.")
    }

    /// Runs a sync call to completion from the synchronous command.
    func waitForSync<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let result: Result<T, any Error> = waitFor {
            do {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
