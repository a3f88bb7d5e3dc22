import Foundation

/// Where the camera and the photo library hand files over before the import pipeline copies
/// them into the library (T16, T17): a fresh folder per hand-over under one root in the
/// temporary directory. Making a folder sweeps those untouched for a day, whose imports are long
/// done (the library keeps its own copy; nothing here is the only copy of anything imported).
public struct CaptureFolder: Sendable {
    public static let keptFor: TimeInterval = 86_400
    public let root: URL

    public init(root: URL = FileManager.default.temporaryDirectory.appendingPathComponent("hobbystory-captures")) {
        self.root = root
    }

    /// A new empty folder for one hand-over.
    public func fresh(now: Date = Date()) throws -> URL {
        sweep(now: now)
        let folder = root.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the hand-over folders untouched for more than ``keptFor`` before `now`.
    public func sweep(now: Date = Date()) {
        let manager = FileManager.default
        let folders =
            (try? manager.contentsOfDirectory(
                at: root, includingPropertiesForKeys: [.contentModificationDateKey], options: [.skipsHiddenFiles]))
            ?? []
        for folder in folders {
            let made =
                (try? folder.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate)
                ?? .distantPast
            if now.timeIntervalSince(made) > Self.keptFor { try? manager.removeItem(at: folder) }
        }
    }

    /// The name a photo or video taken at `date` gets in the gallery: "Photo 2026-06-01 07.30.12.jpg".
    public static func name(of mode: CaptureMode, at date: Date, pathExtension: String, timeZone: TimeZone = .current)
        -> String
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let stamp = "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)).\(two(c.minute)).\(two(c.second))"
        let ext = pathExtension.isEmpty ? (mode == .photo ? "jpg" : "mov") : pathExtension.lowercased()
        return "\(mode == .photo ? "Photo" : "Video") \(stamp).\(ext)"
    }
}
