import Foundation

/// The movie header box (`mvhd`), versions 0 (32-bit times) and 1 (64-bit times).
struct MovieHeader {
    /// Seconds from the QuickTime epoch, 1904-01-01 UTC, to the Unix epoch.
    static let secondsFrom1904To1970: Double = 2_082_844_800

    /// The creation time; 0 in the file means unknown.
    let createdAt: Date?
    /// duration / timescale; unknown when the timescale is 0 or the duration all ones.
    let durationSeconds: Double?

    init(_ reader: SourceReader, _ box: Box) throws(MediaMetadataError) {
        var cursor = try reader.payload(of: box)
        let (version, _) = try cursor.fullBoxHeader()
        let created: UInt64
        let timescale: UInt32
        let duration: UInt64
        let unknownDuration: UInt64
        switch version {
        case 0:
            created = UInt64(try cursor.uint32())
            try cursor.skip(4)  // modification_time
            timescale = try cursor.uint32()
            duration = UInt64(try cursor.uint32())
            unknownDuration = UInt64(UInt32.max)
        case 1:
            created = try cursor.uint64()
            try cursor.skip(8)  // modification_time
            timescale = try cursor.uint32()
            duration = try cursor.uint64()
            unknownDuration = UInt64.max
        default:
            throw cursor.error("unsupported mvhd version \(version)")
        }
        createdAt = created == 0 ? nil : Date(timeIntervalSince1970: Double(created) - Self.secondsFrom1904To1970)
        durationSeconds = timescale == 0 || duration == unknownDuration ? nil : Double(duration) / Double(timescale)
    }
}
