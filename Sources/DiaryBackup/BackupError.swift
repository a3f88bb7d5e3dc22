import TarArchive

/// Why a backup could not be made, verified or restored (issue 34 §2): what is wrong, the member
/// or file it concerns, and what was found. A restore that fails leaves no profile behind.
public struct BackupError: Error, Equatable, CustomStringConvertible {
    public enum Problem: String, Sendable {
        /// Not a backup of this app, or one made by a newer build.
        case notABackup, newerVersion
        /// A member the format does not have, one given twice, or out of place.
        case unexpectedMember, duplicateMember, missingMember
        /// A member's bytes differ from what the manifest (or a media member's name) says.
        case digestMismatch
        /// The diary inside disagrees with the manifest.
        case diaryMismatch
        case unreadableMember
        /// The tar stream itself is damaged or hostile.
        case archive
        /// A file could not be read, created or written (a full disk, a file gone).
        case io
        /// The file to write exists already.
        case destinationExists
    }

    public let problem: Problem
    public let member: String
    public let detail: String

    init(_ problem: Problem, _ member: String, _ detail: String) {
        self.problem = problem
        self.member = member
        self.detail = detail
    }

    init(_ error: TarError) {
        self.init(error.reason == .unreadable ? .io : .archive, error.name, error.description)
    }

    public var description: String {
        switch problem {
        case .notABackup: "this file is not a Hobby Story backup (\(detail))"
        case .newerVersion: "this backup was made by a newer build (\(detail)); update the app to read it"
        case .unexpectedMember: "the backup holds \"\(member)\", which a backup never holds (\(detail))"
        case .duplicateMember: "the backup holds \"\(member)\" twice"
        case .missingMember: "the backup lacks \"\(member)\" (\(detail))"
        case .digestMismatch: "the backup's \"\(member)\" is damaged: \(detail)"
        case .diaryMismatch: "the diary in the backup is not the one its manifest describes: \(detail)"
        case .unreadableMember: "the backup's \"\(member)\" cannot be read: \(detail)"
        case .archive: "the backup is damaged: \(detail)"
        case .io: "\(member.isEmpty ? "a file" : member) could not be read or written: \(detail)"
        case .destinationExists: "\(member) exists already; choose another file name or remove it first"
        }
    }
}
