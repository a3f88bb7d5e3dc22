import Diagnostics
import DirectoryData
import FishingModel
import Foundation
import HTTPServer
import PortalStore

/// `hobbystory-portal`: serves the portal, or runs one administration command against its
/// database (T3, T5, T12). Exit codes: 0 done, 1 refused input, 2 usage, 3 not found, 4 the
/// database or the network failed.
public struct PortalCommandLine {
    public struct Failure: Error, CustomStringConvertible {
        public let exitCode: Int32
        public let description: String
    }

    static let usage = """
        usage: hobbystory-portal [--host 127.0.0.1] [--port 8080] [--data DIR] [--database-url URL] [--media-quota-mb N] [--history-days N] [--trusted-proxy ADDR[,ADDR]]
                                 [--log-file PATH] [--log-level debug|info|notice|warning|error] [--connections-per-client N]
                                 [--map-packs DIR] [--diagnostics-days 90]
                                 [--app-store-root-ca PEM --bundle-id ID --products ID,ID [--app-store-environment Production|Sandbox]]
                                 [--app-attest-root-ca PEM --team-id ID [--app-attest-development]] [--licence-key FILE]
                                 [--purchase-accounts 1] [--purchase-devices 10] [--token-days 7]
                                 [--require-entitlement] [--require-attestation]      (docs/licensing.md)
               hobbystory-portal [--data DIR | --database-url URL] admin create-admin --email E --password-stdin
               hobbystory-portal ... admin directory add species|baits|methods|water-body-types --name NAME [--latin LATIN] [--name-ru NAME]
               hobbystory-portal ... admin directory rename KIND ID [--name NAME] [--name-ru NAME]
               hobbystory-portal ... admin directory retire KIND ID --replacement ID
               hobbystory-portal ... admin stats [--json]
               hobbystory-portal ... admin purge-tombstones
               hobbystory-portal ... admin restore-account --email E      (within 30 days of its deletion on the site)
               hobbystory-portal ... admin purge-deleted-accounts
               hobbystory-portal ... admin collect-media
               hobbystory-portal ... admin errors list [--status new|acknowledged|resolved|regressed] [--sort count|recent] [--json]
               hobbystory-portal ... admin errors show FINGERPRINT [--json] | admin errors resolve FINGERPRINT [--in-version V]
               hobbystory-portal ... admin errors acknowledge FINGERPRINT | admin errors crash-free [--json]
               hobbystory-portal ... admin errors digest [--since-hours 24] [--json]   (new and regressed groups, for a daily mail)
               hobbystory-portal ... admin errors problems [--json]                    ("Report a problem" submissions)
               hobbystory-portal ... admin licences list|events [--json] | admin licences show ORIGINAL_TRANSACTION_ID [--json]
               hobbystory-portal ... admin licences key                               (the public key the app ships with)
               hobbystory-portal ... admin import-sales [--app APPLE_ID] REPORT...   (App Store Connect Sales Summary, .txt or .gz)
               hobbystory-portal ... admin fetch-sales --vendor N --issuer ID --key-id ID --key-file KEY.p8 [--app APPLE_ID] [--days 7]
        The database is PostgreSQL with --database-url (or $DATABASE_URL when --data is not given), else SQLite in --data (default ./portal-data).
        Photos and videos are kept under --data/media in either case (10240 MB per account unless --media-quota-mb says otherwise).
        """

    let positionals: [String]
    let options: [String: String]
    let flags: Set<String>
    let environment: [String: String]
    let readStandardInput: () -> String?
    let print: (String) -> Void

    public init(
        arguments: [String], environment: [String: String], readStandardInput: @escaping () -> String? = { readLine() },
        print: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    ) throws {
        let valueNames = Set(
            [
                "host", "port", "data", "database-url", "email", "name", "latin", "name-ru", "replacement",
                "media-quota-mb", "history-days", "trusted-proxy", "app", "vendor", "issuer", "key-id", "key-file",
                "days",
                "api-url", "log-file", "log-level", "connections-per-client", "map-packs", "diagnostics-days", "status",
                "sort", "in-version", "since-hours",
            ] + Self.licensingValueNames)
        let flagNames = Set(["password-stdin", "json", "help"] + Self.licensingFlagNames)
        var positionals: [String] = []
        var options: [String: String] = [:]
        var flags: Set<String> = []
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            guard token.hasPrefix("--") else {
                positionals.append(token)
                continue
            }
            let name = String(token.dropFirst(2))
            if flagNames.contains(name) {
                flags.insert(name)
            } else if valueNames.contains(name) {
                guard index < arguments.count else {
                    throw Failure(exitCode: 2, description: "--\(name) needs a value")
                }
                options[name] = arguments[index]
                index += 1
            } else {
                throw Failure(exitCode: 2, description: "unknown option --\(name)\n\(Self.usage)")
            }
        }
        self.positionals = positionals
        self.options = options
        self.flags = flags
        self.environment = environment
        self.readStandardInput = readStandardInput
        self.print = print
    }

    /// Opens the configured database, migrated and with its directories seeded.
    public func openStore() throws -> PortalStore {
        let database: any PortalDatabase
        do {
            // An explicit option wins; DATABASE_URL applies only when --data is not given.
            let url = options["database-url"] ?? (options["data"] == nil ? environment["DATABASE_URL"] : nil)
            if let url, !url.isEmpty {
                database = PostgresPortalDatabase(url: url)
            } else {
                database = try SQLitePortalDatabase(folder: URL(fileURLWithPath: options["data"] ?? "portal-data"))
            }
            try database.migrate()
            let data = URL(fileURLWithPath: options["data"] ?? "portal-data")
            var store = PortalStore(
                database: database, blobs: try FileMediaBlobStore(root: data.appendingPathComponent("media")))
            if let megabytes = options["media-quota-mb"] {
                guard let value = Int64(megabytes), value >= 0 else {
                    throw Failure(exitCode: 2, description: "--media-quota-mb must be a whole number of megabytes")
                }
                store.mediaQuotaBytes = value << 20
            }
            if let days = options["history-days"] {
                guard let value = Int(days), (1...36_500).contains(value) else {
                    throw Failure(exitCode: 2, description: "--history-days must be a number of days, 1–36500")
                }
                store.historyRetention = Double(value) * 86_400
            }
            if let days = options["diagnostics-days"] {
                guard let value = Int(days), (1...3_650).contains(value) else {
                    throw Failure(exitCode: 2, description: "--diagnostics-days must be a number of days, 1–3650")
                }
                store.diagnosticsRetentionDays = value
            }
            let bundled = try BundledDirectories.load()
            try store.directories.seed(bundled.entries, version: bundled.version)
            return store
        } catch let error as PortalStoreError {
            throw Failure(exitCode: 4, description: error.description)
        }
    }

    /// Runs the command; `serve` returns when the server has stopped (SIGINT/SIGTERM).
    public func run() async throws {
        if flags.contains("help") {
            print(Self.usage)
            return
        }
        guard let first = positionals.first else { return try await serve() }
        guard first == "admin" else {
            throw Failure(exitCode: 2, description: "unknown command \(first)\n\(Self.usage)")
        }
        let store = try openStore()
        do {
            try await admin(Array(positionals.dropFirst()), store: store)
        } catch let error as PortalStoreError {
            switch error {
            case .notFound, .unknownAccount: throw Failure(exitCode: 3, description: error.description)
            case .unavailable, .corrupt: throw Failure(exitCode: 4, description: error.description)
            default: throw Failure(exitCode: 1, description: error.description)
            }
        }
    }

    private func serve() async throws {
        let store = try openStore()
        let licensing = try licensingConfiguration()
        let host = options["host"] ?? "127.0.0.1"
        var trustedProxies = Set<String>()
        for text in (options["trusted-proxy"] ?? "").split(separator: ",") {
            guard let address = IPAddress.canonical(String(text)) else {
                throw Failure(exitCode: 2, description: "--trusted-proxy \"\(text)\" is not an IP address")
            }
            trustedProxies.insert(address)
        }
        guard let port = Int(options["port"] ?? "8080"), (0...65_535).contains(port) else {
            throw Failure(exitCode: 2, description: "--port must be 0–65535")
        }
        let perClient = Int(options["connections-per-client"] ?? "64") ?? -1
        guard perClient >= 0 else {
            throw Failure(exitCode: 2, description: "--connections-per-client must be a whole number (0 for no limit)")
        }
        let logger = Logger(category: "http", sink: try logSink())
        var maps = MapShelf()
        if let folder = options["map-packs"] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw Failure(
                    exitCode: 2,
                    description: "--map-packs \(folder) is not a folder (make packs with scripts/make-map-pack.sh)")
            }
            maps = MapShelf(folder: URL(fileURLWithPath: folder), logger: logger.category("maps"))
            logger.notice("serving \(maps.packs.count) map pack(s) from \(folder)")
        }
        let server: HTTPServer
        do {
            server = try HTTPServer.start(
                PortalApplication(
                    store: store, trustedProxies: trustedProxies, logger: logger, maps: maps,
                    replicaFolder: URL(fileURLWithPath: options["data"] ?? "portal-data").appendingPathComponent(
                        "replicas"), licensing: licensing
                ).application(),
                configuration: .init(
                    host: host, port: port, perClientConnectionLimit: perClient, unlimitedAddresses: trustedProxies))
        } catch {
            throw Failure(exitCode: 4, description: "\(error)")
        }
        let signals = await ShutdownSignalHandler.install(for: server)
        let upkeep = Task {
            while !Task.isCancelled {
                Self.hourlyUpkeep(store, logger: logger.category("upkeep"))
                try? await Task.sleep(for: .seconds(3_600))
            }
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        print("hobbystory-portal listening on http://\(shownHost):\(server.port) (\(store.database.backend))")
        await server.waitUntilStopped()
        upkeep.cancel()
        signals.cancel()
    }

    /// The portal's log (JSON lines): `--log-file PATH` or standard error, from `--log-level`
    /// (info unless said). Installed as the process's sink too, once, so every module's records
    /// (the store's, the upkeep's) land in the same place.
    private func logSink() throws -> JSONLinesLogSink {
        let levelName = options["log-level"] ?? "info"
        guard let level = LogLevel(rawValue: levelName) else {
            throw Failure(
                exitCode: 2,
                description: "--log-level \"\(levelName)\" is not one of debug, info, notice, warning, error")
        }
        let sink: JSONLinesLogSink
        if let path = options["log-file"] {
            do {
                sink = try JSONLinesLogSink(path: path, minimumLevel: level)
            } catch {
                throw Failure(exitCode: 4, description: "--log-file \(path) cannot be opened: \(error)")
            }
        } else {
            sink = JSONLinesLogSink(minimumLevel: level)
        }
        Diagnostics.install(sink)
        return sink
    }

    /// Purges expired tombstones and uploads, deletes expired links' photos and collects unnamed
    /// media; a failure is logged and does not stop the other tasks (they run again in an hour).
    private static func hourlyUpkeep(_ store: PortalStore, logger: Logger) {
        func report(_ task: String, _ problem: String) {
            logger.error("\(task) failed", ["problem": problem])
        }
        do { try store.records.purgeTombstones() } catch { report("purging tombstones", "\(error)") }
        do { try store.media.purgeExpiredUploads() } catch { report("purging expired uploads", "\(error)") }
        do { try store.records.trimHistory() } catch { report("trimming the history", "\(error)") }
        do { try store.accounts.purgeDeleted() } catch { report("purging deleted accounts", "\(error)") }
        do { try store.diagnostics.expire() } catch { report("expiring error reports", "\(error)") }
        do { try store.shares.deleteExpiredPhotos() } catch { report("deleting expired links' photos", "\(error)") }
        do {
            for failure in try store.media.collect().failures { report("collecting media", failure) }
        } catch {
            report("collecting media", "\(error)")
        }
    }

    private func admin(_ words: [String], store: PortalStore) async throws {
        switch words.first {
        case "create-admin":
            guard let email = options["email"], flags.contains("password-stdin") else {
                throw Failure(exitCode: 2, description: "admin create-admin needs --email E --password-stdin")
            }
            let password = (readStandardInput() ?? "").trimmingCharacters(in: .newlines)
            do {
                try store.accounts.signUp(email: email, password: password, isAdmin: true)
            } catch PortalStoreError.emailTaken {
                try store.accounts.grantAdmin(email: email)
            }
            print("\(email.lowercased()) is an administrator")
        case "stats":
            let stats = try store.accounts.stats()
            if flags.contains("json") {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(stats), as: UTF8.self))
            } else {
                print(
                    "accounts \(stats.accounts), devices \(stats.devices), active: last day \(stats.activeLastDay), 7 days \(stats.activeLast7Days), 30 days \(stats.activeLast30Days)"
                )
                print(
                    stats.lastSalesDay.map {
                        "App Store downloads \(stats.downloads) (last 30 days \(stats.downloadsLast30Days)), redownloads \(stats.redownloads), updates \(stats.updates); reports up to \($0)"
                    } ?? "App Store downloads: no sales report imported yet (admin import-sales)")
            }
        case "purge-tombstones":
            print("purged \(try store.records.purgeTombstones()) tombstone(s) older than 90 days")
        case "restore-account":
            guard let email = options["email"] else {
                throw Failure(exitCode: 2, description: "admin restore-account needs --email E")
            }
            try store.accounts.restore(email: email)
            print("restored \(email); its owner can sign in again")
        case "purge-deleted-accounts":
            print("purged \(try store.accounts.purgeDeleted()) account(s) deleted more than 30 days ago")
        case "import-sales":
            try importSales(files: Array(words.dropFirst()), store: store)
        case "fetch-sales":
            try await fetchSales(store: store)
        case "collect-media":
            let run = try store.media.collect()
            print(
                "media content: \(run.unreferenced) newly unreferenced, \(run.referencedAgain) referenced again, \(run.collected) collected (\(run.collectedBytes) bytes freed)"
            )
            guard run.failures.isEmpty else {
                throw Failure(exitCode: 1, description: run.failures.joined(separator: "\n"))
            }
        case "licences":
            try licences(Array(words.dropFirst()), store: store)
        case "errors":
            try errors(Array(words.dropFirst()), store: store)
        case "directory":
            try directory(Array(words.dropFirst()), store: store)
        default:
            throw Failure(exitCode: 2, description: Self.usage)
        }
    }

    private func directory(_ words: [String], store: PortalStore) throws {
        guard words.count >= 2, let kind = DirectoryKind(rawValue: words[1]) else {
            throw Failure(
                exitCode: 2, description: "name a directory: species, baits, methods or water-body-types\n\(Self.usage)"
            )
        }
        switch words[0] {
        case "add":
            guard let name = options["name"] else { throw Failure(exitCode: 2, description: "add needs --name NAME") }
            let entry = try store.directories.addEntry(
                DirectoryEntry(
                    kind: kind, id: "", nameEn: name, nameRu: options["name-ru"] ?? "", latin: options["latin"]))
            print("added \(kind.rawValue) \(entry.id)")
        case "rename":
            guard words.count == 3 else { throw Failure(exitCode: 2, description: "rename needs KIND ID") }
            try store.directories.renameEntry(kind, id: words[2], nameEn: options["name"], nameRu: options["name-ru"])
            print("renamed \(kind.rawValue) \(words[2])")
        case "retire":
            guard words.count == 3, let replacement = options["replacement"] else {
                throw Failure(exitCode: 2, description: "retire needs KIND ID --replacement ID")
            }
            try store.directories.retireEntry(kind, id: words[2], replacement: replacement)
            print("retired \(kind.rawValue) \(words[2]); records move to \(replacement)")
        default:
            throw Failure(exitCode: 2, description: Self.usage)
        }
    }
}
