import FishingModel
import Foundation
import PortalStore
import Reports
import SyncProtocol
import Synchronization

/// Copies of accounts' records that the site runs reports on (issue 16 §1: the same report
/// engine and formulas as the app, T18), one ``ReportReplica`` per account: brought up to date
/// by pulling the account's changes after its cursor, in-process. A cache: deleting the folder
/// only costs a rebuild; one account's copy is brought up to date by one request at a time.
final class AccountReplicas: Sendable {
    let folder: URL
    private let locks = Mutex<[UUID: NSLock]>([:])

    init(folder: URL) {
        self.folder = folder
    }

    /// An account's copy, up to date: its file for the report engine (opened read-only there)
    /// and the reports its angler saved (T18), as the devices last synced them.
    struct Replica {
        var file: URL
        var savedReports: [SavedReport]
    }

    /// The kinds of record reports read.
    static let kinds: Set<RecordKind> = [.spot, .trip, .catch, .report]

    /// The account's copy brought up to the store's latest change.
    func upToDate(_ account: UUID, store: PortalStore) throws -> Replica {
        let lock = locks.withLock { locks in
            if let lock = locks[account] { return lock }
            let lock = NSLock()
            locks[account] = lock
            return lock
        }
        lock.lock()
        defer { lock.unlock() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let replica = try ReportReplica(fileURL: folder.appendingPathComponent("\(account.canonicalText).sqlite"))
        let directories = try store.directories.current()
        if try replica.directoryVersion() != directories.version { try replica.install(directories) }
        while true {
            let page = try store.records.pull(
                after: try replica.cursor(), limit: SyncLimits.changesPerPull, account: account, kinds: Self.kinds)
            let response = try JSONDecoder().decode(PullResponse.self, from: Data(page.json().joined()))
            try replica.apply(response)
            if !response.hasMore { return Replica(file: replica.fileURL, savedReports: try replica.savedReports()) }
        }
    }
}
