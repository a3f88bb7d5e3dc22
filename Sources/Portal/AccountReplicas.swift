import DiaryStore
import FishingModel
import Foundation
import PortalStore
import SyncProtocol
import Synchronization

/// Read-only copies of accounts' diaries that the site runs reports on (issue 16 §1: the same
/// report engine and formulas as the app, T18). Each is an ordinary diary database kept up to
/// date the way a device's is: by pulling the account's changes after its cursor and applying
/// them through the device's own code, in-process. A cache: deleting the folder only costs a
/// rebuild; one account's copy is brought up to date by one request at a time.
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
        let file = folder.appendingPathComponent("\(account.uuidString.lowercased()).sqlite")
        let diary = try Diary(
            profile: Profile(id: account, displayName: "site", hasPin: false, units: .metric, createdAt: Date()),
            fileURL: file, sharedDirectoryURL: nil)
        if try diary.syncAccount() == nil {
            try diary.saveSyncAccount(
                portalURL: "http://replica.invalid", email: "replica", accountId: account, token: "replica")
        }
        let directories = try store.directories()
        if try diary.directoryVersion() != directories.version { try diary.installDirectories(directories) }
        while true {
            let token = try diary.syncAccount()?.cursor ?? ""
            let cursor = SyncCursor(token: token) ?? SyncCursor(seq: 0)
            let page = try store.pull(after: cursor, limit: SyncLimits.changesPerPull, account: account)
            let response = try JSONDecoder().decode(PullResponse.self, from: Data(page.json().joined()))
            _ = try diary.applyPulled(response)
            if !response.hasMore { return Replica(file: file, savedReports: try diary.savedReports()) }
        }
    }
}
