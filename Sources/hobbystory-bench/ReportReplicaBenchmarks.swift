import DiaryStore
import FishingModel
import Foundation
import Reports
import SyncProtocol

/// The site's reports run on the portal's own copy of an account (issue 32 §2): building it from
/// the account's pulled pages beside a device diary applying the same pages (what the portal did
/// before), and a report on each file.
func benchmarkReportReplica(catches: Int) throws {
    let source = try Setup("replica-source", tripCount: 500)
    _ = try source.diary.catches.add(contentsOf: drafts(catches, trips: source.trips, offset: 0))
    let mutations = try source.diary.outbox.outgoingMutations(limit: catches * 2)
    let pageSize = SyncLimits.changesPerPull
    let pages = stride(from: 0, to: mutations.count, by: pageSize).map { start in
        let slice = mutations[start..<min(start + pageSize, mutations.count)]
        return PullResponse(
            changes: slice.enumerated().map { index, mutation in
                RecordChange(
                    seq: Int64(start + index + 1), kind: mutation.kind, id: mutation.id, deleted: false,
                    modifiedAt: mutation.modifiedAt, fields: mutation.fields)
            },
            cursor: SyncCursor(seq: Int64(start + slice.count)).token, hasMore: start + pageSize < mutations.count,
            directoryVersion: 1)
    }
    let directories = DirectoriesResponse(
        version: 1,
        entries: try DirectoryKind.allCases.flatMap { try source.diary.directoryEntries($0, includeRetired: true) },
        replacements: [])

    let replicaFile = folder.appendingPathComponent("replica-\(UUID()).sqlite")
    let replica = try ReportReplica(fileURL: replicaFile)
    let replicaTime = try time {
        try replica.install(directories)
        for page in pages { try replica.apply(page) }
    }
    let storage = try DeviceStorage(root: folder.appendingPathComponent("replica-device"))
    try storage.addProfile(ProfileDraft(displayName: "Replica"))
    let device = try storage.openDiary(named: "Replica", pin: nil)
    try device.sync.saveAccount(portalURL: "http://bench.invalid", email: "bench", accountId: UUID(), token: "bench")
    let deviceTime = try time {
        try device.sync.installDirectories(directories)
        for page in pages { _ = try device.sync.applyPulled(page) }
    }
    let formula = "count(catch) by month"
    let onReplica = try ReportEngine(databaseURL: replicaFile)
    let onDevice = try ReportEngine(databaseURL: device.fileURL)
    let (copied, original) = (try onReplica.run(formula: formula).table, try onDevice.run(formula: formula).table)
    precondition(copied == original, "the copy and the device's diary disagree")
    let replicaReport = try medianTime(5) { _ = try onReplica.run(formula: formula) }
    let deviceReport = try medianTime(5) { _ = try onDevice.run(formula: formula) }
    print("the site's copy of an account for reports: \(mutations.count) records in \(pages.count) pulled pages")
    print(
        String(
            format: "  built: %.2f s   a device diary applying the same pages: %.2f s   copy/device: %.2f×",
            replicaTime, deviceTime, replicaTime / deviceTime))
    print(
        "  `\(formula)` on the copy: \(ms(replicaReport))   on the device's diary: \(ms(deviceReport))   copy/device: \(String(format: "%.2f", replicaReport / deviceReport))×"
    )
    print("")
}
