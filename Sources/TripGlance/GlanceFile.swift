import Foundation

/// The glance's file in the app group's container (issue 33 §5): written whole and atomically by
/// the app, read by the widget extension. A file that is missing, too large or not a glance
/// reads as none, so the widget asks to open the app instead of failing.
public enum GlanceFile {
    /// Larger than any glance the app writes (under 2 KiB): a file beyond it is not read.
    public static let byteLimit = 64 * 1024

    /// Replaces the file at `url` with `glance` in one step: a reader sees the old glance or
    /// the new one, never half of one.
    public static func write(_ glance: TripGlance, to url: URL) throws {
        try JSONEncoder().encode(glance).write(to: url, options: .atomic)
    }

    /// The glance at `url`, or nil when there is none to read.
    public static func read(from url: URL) -> TripGlance? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: byteLimit + 1), data.count <= byteLimit else { return nil }
        return try? JSONDecoder().decode(TripGlance.self, from: data)
    }
}
