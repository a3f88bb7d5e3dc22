import Foundation

/// The bounds of every attribute, in one place. The Swift validation and the database schema's
/// CHECK constraints are both written from these numbers, so the two never disagree (T19).
public enum Limits {
    public static let profileNameLength = 60
    public static let pinDigits = 4...12
    public static let nameLength = 120
    public static let titleLength = 200
    public static let companionsLength = 500
    public static let notesLength = 4_000
    /// A saved report's formula (T18), in characters; and in bytes, for what a query string or a
    /// form carries (four per character at most in UTF-8).
    public static let formulaLength = 2_000
    public static let formulaBytes = 4 * formulaLength
    /// A directory entry's id (a species, a bait…): an ASCII slug of 1–80 bytes, the same in the
    /// diary's and the portal's schemas (T5).
    public static let directoryIdBytes = 80

    public static let latitude = -90.0...90.0
    public static let longitude = -180.0...180.0
    /// Metres; the deepest sea is about 11 km.
    public static let depthM = 0.0...11_000.0
    /// Kilograms, above zero; the heaviest fish ever landed on a rod is about 1.2 t, a beluga can pass 1.5 t.
    public static let weightKg = 0.0...1_600.0
    /// Centimetres, above zero; large belugas reach about 7 m.
    public static let lengthCm = 0.0...800.0
    public static let count = 1...10_000
    /// Degrees Celsius of liquid water a fish lives in.
    public static let waterTempC = -2.0...40.0
    /// Characters of a trip's stored track (``TripTrack``): one synced text field's worth, a few
    /// thousand points once simplified.
    public static let trackCharacters = 20_000
    /// Seconds east of UTC; real zones span −12 h to +14 h.
    public static let utcOffsetSeconds = -43_200...50_400

    /// Nothing in the diary predates 1900.
    public static let earliestDate = Date(timeIntervalSince1970: -2_208_988_800)
    /// A catch may be logged a little ahead of the device clock (time zones, clock drift).
    public static let catchFutureSlack: TimeInterval = 86_400
    /// A trip may be planned up to a year ahead.
    public static let tripFutureSlack: TimeInterval = 366 * 86_400

    // Photos and videos (T4). What a file says beyond these bounds is stored as unknown.

    /// Characters kept of a photo or video's original file name.
    public static let mediaNameLength = 255
    /// Capture times a file may give: from 1900 to the end of year 9999.
    public static let mediaCaptureDates = earliestDate...Date(timeIntervalSince1970: 253_402_300_799)
    /// Metres above sea level (negative below): the deepest trench to a stratospheric balloon.
    public static let altitudeM = -11_000.0...50_000.0
    /// Pixels along one side of a picture or video frame.
    public static let pixelDimension = 1...1_000_000
    /// Seconds of video: up to 30 days.
    public static let mediaDurationSeconds = 0.0...2_592_000.0
}
