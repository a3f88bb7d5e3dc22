import DiaryBackup
import DiaryStore
import FishingModel
import Foundation

extension HobbyStoryCLI {
    /// `backup create --to FILE`, `backup verify FILE`, `backup restore FILE [--as NAME]` (issue 34
    /// §2, §6; T2, T3): the whole diary with its photos and videos in one archive, checked byte for
    /// byte, and restored only as a new profile — never merged into one that exists.
    static let backupCommands: [Command] = [
        Command(name: "backup create", spec: OptionSpec(values: ["to"])) { c in
            guard let path = c.text("to") else { throw UsageError("backup create needs --to FILE") }
            let url = URL(fileURLWithPath: path)
            let contents = try BackupWriter.create(
                diary: try c.diary(), to: url, madeBy: "hobbystory \(version)", now: c.cli.now())
            c.output(contents, file: url, "Backed up \(contents.header.profileName) to \(url.path)")
        },
        Command(name: "backup verify", operands: ["FILE"]) { c in
            let url = URL(fileURLWithPath: c.operands[0])
            let contents = try BackupReader.verify(url)
            let header = contents.header
            c.output(
                contents, file: url,
                "\(url.path) is a whole backup of \(header.profileName), made \(DiaryTime.iso8601(header.createdAt, utcOffsetSeconds: 0)) by \(header.madeBy)",
                then: "every byte matches its SHA-256")
        },
        Command(name: "backup restore", operands: ["FILE"], spec: OptionSpec(values: ["as"])) { c in
            let url = URL(fileURLWithPath: c.operands[0])
            let header = try BackupReader.header(of: url)
            let draft = ProfileDraft(
                displayName: c.text("as") ?? header.profileName, pin: c.text("pin"), units: header.units)
            let (profile, contents) = try BackupReader.restore(url, as: draft, in: try c.storage())
            c.output(
                contents, file: url, "Restored \(url.path) as the new profile \(profile.displayName)",
                then: "open it with --profile \"\(profile.displayName)\"; it is signed out, so sign in again to sync")
        },
    ]
}

extension CommandContext {
    /// Prints what a backup holds: its JSON with `--json`, else `sentence`, what it holds, `then`,
    /// and what its photos and videos not in it mean.
    func output(_ contents: BackupContents, file: URL, _ sentence: String, then: String? = nil) {
        let missing = contents.manifest.unavailableMedia.count
        let note =
            missing == 0
            ? ""
            : "\n\(missing) of the photos and videos the diary names \(missing == 1 ? "was" : "were") not on the device that made it (not yet downloaded, or damaged), so \(missing == 1 ? "it is" : "they are") not in the backup; the portal keeps synced ones."
        output(
            json(contents, file: file), text: "\(sentence): \(text(contents))" + (then.map { "; \($0)" } ?? "") + note)
    }

    /// A backup's contents as `--json` prints them.
    func json(_ contents: BackupContents, file: URL) -> JSONValue {
        let diary = contents.manifest.diary
        func counts(_ values: [String: Int]) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: values.map { ($0.key, .integer(Int64($0.value))) }))
        }
        return .object([
            "file": .string(file.path), "format": .string(contents.header.format),
            "version": .integer(Int64(contents.header.version)),
            "createdAt": .string(DiaryTime.iso8601(contents.header.createdAt, utcOffsetSeconds: 0)),
            "madeBy": .string(contents.header.madeBy), "profile": .string(contents.header.profileName),
            "schemaVersion": .integer(Int64(diary.schemaVersion)), "live": counts(diary.live),
            "trashed": counts(diary.trashed), "mediaInArchive": .integer(Int64(contents.manifest.media.count)),
            "mediaBytes": .integer(contents.manifest.mediaBytes), "archiveBytes": .integer(contents.archiveBytes),
            "unavailableMedia": .array(contents.manifest.unavailableMedia.map { .string($0.sha256) }),
        ])
    }

    /// "3 spots, 12 trips, 40 catches, 5 photos and videos (12.3 MB) and 2 more in the Trash;
    /// 12.5 MB in all".
    func text(_ contents: BackupContents) -> String {
        let diary = contents.manifest.diary
        func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
        func size(_ bytes: Int64) -> String {
            bytes < 1_000_000 ? "\((bytes + 999) / 1_000) KB" : String(format: "%.1f MB", Double(bytes) / 1e6)
        }
        let trashed = diary.trashed.values.reduce(0, +)
        let parts = [
            count(diary.live[RecordKind.spot.rawValue] ?? 0, "spot", "spots"),
            count(diary.live[RecordKind.trip.rawValue] ?? 0, "trip", "trips"),
            count(diary.live[RecordKind.catch.rawValue] ?? 0, "catch", "catches"),
            count(contents.manifest.media.count, "photo or video", "photos and videos")
                + " (\(size(contents.manifest.mediaBytes)))",
        ]
        return parts.joined(separator: ", ") + (trashed > 0 ? " and \(trashed) more in the Trash" : "")
            + "; \(size(contents.archiveBytes)) in all"
    }
}
