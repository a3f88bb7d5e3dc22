import Foundation

/// What a photo or video file says about itself: when and where it was taken, its size and
/// orientation, and for a video its length.
///
/// The app reads it when a photo or video is captured (T16) or imported (T17), and stores it with
/// the media in its database (T4) so a catch can be dated and placed on the map without the user
/// typing anything. Every field but `format` is optional: nil means the file does not say, or says
/// something out of range (a latitude beyond 90°, a month 13, an orientation 9).
///
/// Time: `capturedAt` is an absolute instant when the file says which one. EXIF stores a wall-clock
/// time; with an `OffsetTimeOriginal` tag it is turned into the true instant and the offset is kept
/// in `captureUTCOffsetSeconds`. Without that tag the wall-clock time is read as if it were UTC and
/// `captureUTCOffsetSeconds` is nil: callers must treat such a `capturedAt` as "local time, zone
/// unknown" (show it with a UTC formatter, do not convert it). MP4 and MOV creation times are UTC
/// in the file, so they are absolute and their offset is nil.
public struct MediaMetadata: Sendable, Equatable {
    /// The container format, recognised from the bytes.
    public var format: MediaFormat
    /// The capture instant (see the type's notes on time zones).
    public var capturedAt: Date?
    /// The capture place's offset from UTC in seconds, from EXIF `OffsetTimeOriginal`.
    public var captureUTCOffsetSeconds: Int?
    /// WGS84 latitude in degrees, north positive.
    public var latitude: Double?
    /// WGS84 longitude in degrees, east positive.
    public var longitude: Double?
    /// Altitude in metres, negative below sea level.
    public var altitude: Double?
    /// EXIF orientation 1...8 (for a video, the track matrix's rotation as 1, 3, 6 or 8).
    public var orientation: Int?
    /// Stored width in pixels, before any orientation is applied.
    public var pixelWidth: Int?
    /// Stored height in pixels, before any orientation is applied.
    public var pixelHeight: Int?
    /// A video's length in seconds.
    public var durationSeconds: Double?

    /// `.photo` or `.video`, always the kind of `format`.
    public var kind: MediaKind { format.kind }

    /// Metadata of the given format; every other field defaults to unknown.
    public init(
        format: MediaFormat, capturedAt: Date? = nil, captureUTCOffsetSeconds: Int? = nil, latitude: Double? = nil,
        longitude: Double? = nil, altitude: Double? = nil, orientation: Int? = nil, pixelWidth: Int? = nil,
        pixelHeight: Int? = nil, durationSeconds: Double? = nil
    ) {
        self.format = format
        self.capturedAt = capturedAt
        self.captureUTCOffsetSeconds = captureUTCOffsetSeconds
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.orientation = orientation
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.durationSeconds = durationSeconds
    }
}
