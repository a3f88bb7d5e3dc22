import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import SyncClient
import SyncProtocol

extension HobbyStoryCLI {
    /// `account signup|login|logout`, `sync` and `sync status` (T3): the diary of the chosen
    /// profile syncs with a portal account.
    static let syncCommands: [Command] = [
        Command(
            name: "account signup",
            spec: OptionSpec(values: ["portal", "email", "device-name"], flags: ["password-stdin"])
        ) { c in
            let (portal, email, password) = try c.credentials()
            let client = c.syncClient(portal)
            _ = try c.waitForSync { try await client.signUp(email: email, password: password) }
            try c.signIn(client, portal: portal, email: email, password: password)
        },
        Command(
            name: "account login",
            spec: OptionSpec(values: ["portal", "email", "device-name"], flags: ["password-stdin"])
        ) { c in
            let (portal, email, password) = try c.credentials()
            try c.signIn(c.syncClient(portal), portal: portal, email: email, password: password)
        },
        Command(name: "account logout") { c in
            let diary = try c.diary()
            guard let account = try diary.syncAccount(), let token = account.token else {
                c.output(.object(["signedIn": .bool(false)]), text: "Not signed in.")
                return
            }
            let client = c.syncClient(account.portalURL)
            let revoked = (try? c.waitForSync { try await client.signOut(token: token) }) != nil
            try diary.clearSyncToken()
            c.output(
                .object(["signedIn": .bool(false), "revokedOnPortal": .bool(revoked)]),
                text: revoked
                    ? "Signed out of \(account.portalURL)." : "Signed out here; the portal could not be told (offline)."
            )
        },
        Command(name: "sync") { c in
            let diary = try c.diary()
            guard let account = try diary.syncAccount() else { throw SyncError.notSignedIn }
            let client = c.syncClient(account.portalURL)
            let box = DiaryBox(diary: diary)
            let media = try c.mediaStore()
            let contentURL: @Sendable (String) -> URL = { [root = media.root] in MediaStore.contentURL(root, $0) }
            let report = try c.waitForSync { try await client.sync(box.diary, contentURL: contentURL) }
            try c.storage().adoptDirectories(from: diary)
            c.output(
                .object([
                    "pushed": .integer(Int64(report.pushed)), "pulled": .integer(Int64(report.pulled)),
                    "conflicts": .integer(Int64(report.conflicts)), "rejected": .integer(Int64(report.rejected)),
                    "directoryVersion": .integer(Int64(report.directoryVersion)),
                    "mediaUploaded": .integer(Int64(report.mediaUploaded)),
                    "mediaWaiting": .integer(Int64(report.mediaWaiting)),
                ]),
                text:
                    "Synced with \(account.portalURL): \(report.pushed) sent, \(report.pulled) received, \(report.conflicts) conflict(s) resolved, \(report.rejected) refused (see `hobbystory sync status`)."
            )
        },
        Command(name: "sync status") { c in
            let diary = try c.diary()
            let account = try diary.syncAccount()
            let pending = try diary.pendingChanges(limit: 100_000)
            let rejections = try diary.syncRejections()
            let parked = try diary.parkedChanges()
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
                    "\(pending.count) change(s) waiting to be sent.",
                ]
                    + rejections.map {
                        "refused: \($0.entityType.rawValue) \($0.entityId.uuidString.lowercased()): \($0.reason)"
                    }
                    + parked.map {
                        "waiting: \($0.entityType.rawValue) \($0.entityId.uuidString.lowercased()): \($0.problem)"
                    })
                    .joined(separator: "\n"))
        },
    ]
}

/// Hands the diary to the async sync client while the command's thread waits; only that task
/// uses it in the meantime.
struct DiaryBox: @unchecked Sendable {
    let diary: Diary
}

extension CommandContext {
    func syncClient(_ portal: String) -> SyncClient {
        SyncClient(transport: URLSessionSyncTransport(baseURL: URL(string: portal)!, timeout: 15))
    }

    /// `--portal URL --email E --password-stdin`, checked.
    func credentials() throws -> (String, String, String) {
        guard let portal = text("portal"), let url = URL(string: portal), ["http", "https"].contains(url.scheme ?? ""),
            url.host != nil
        else {
            throw InvalidInput(description: "--portal must be the portal's http(s) URL, e.g. http://127.0.0.1:8080")
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

    /// Signs this profile's diary in as a device of the account.
    func signIn(_ client: SyncClient, portal: String, email: String, password: String) throws {
        let diary = try diary()
        let deviceName = text("device-name") ?? "\(ProcessInfo.processInfo.hostName) (\(diary.profile.displayName))"
        let box = DiaryBox(diary: diary)
        let session = try waitForSync {
            try await client.signIn(
                box.diary, portalURL: portal, email: email, password: password, deviceName: deviceName)
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
