import FishingModel
import Foundation

/// The names of the files the app makes for the angler to keep (a backup, an export).
enum FileNames {
    /// "Anna 2026-12-07.csv": whose and when, in a name any file system takes.
    static func dated(_ profile: String, _ time: Date, extension suffix: String) -> String {
        let safe = String(profile.map { "/\\:*?\"<>|".contains($0) || $0.isNewline ? "-" : $0 }.prefix(60))
        return "\(safe) \(DiaryTime.iso8601(time, utcOffsetSeconds: 0).prefix(10)).\(suffix)"
    }
}
