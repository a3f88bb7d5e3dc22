/// Why a file could not be exported or imported (issue 34 §1): each case says what is wrong and
/// where, so the front ends can say how to fix it. Nothing is saved when one is thrown.
public enum InterchangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's format is not one the diary reads (`--format` names the allowed ones).
    case unknownFormat(String)
    /// The file is larger than an import reads.
    case tooLarge(bytes: Int64, limit: Int64)
    /// The file could not be read or written.
    case io(path: String, reason: String)
    /// An export's destination already holds a file, which is never replaced.
    case destinationExists(String)
    /// The text is not in an encoding the importer reads, at a row or line.
    case encoding(place: String, detail: String)
    /// A limit on the file's shape was passed (rows, columns, a field's bytes, nesting).
    case limit(place: String, what: String, limit: Int)
    /// The file's structure is broken at a place (an unterminated quote, unbalanced XML).
    case malformed(place: String, detail: String)
    /// The file holds nothing the diary can import.
    case nothingToImport(String)
    /// The columns of a spreadsheet could not be mapped to the diary's fields.
    case mapping(String)

    public var description: String {
        switch self {
        case .unknownFormat(let name):
            "\(name) is not a format the diary reads; use csv, gpx, kml or kmz"
        case .tooLarge(let bytes, let limit):
            "the file is \(bytes) bytes; an import reads files of at most \(limit) bytes (split it)"
        case .io(let path, let reason): "\(path): \(reason)"
        case .destinationExists(let path): "\(path): a file is already there; choose another name or remove it"
        case .encoding(let place, let detail): "\(place): \(detail)"
        case .limit(let place, let what, let limit): "\(place): more than \(limit) \(what)"
        case .malformed(let place, let detail): "\(place): \(detail)"
        case .nothingToImport(let detail): detail
        case .mapping(let detail): detail
        }
    }
}

/// The bounds every import keeps, whatever a file claims (issue 34 §1 "bad input"): counted in
/// bytes as well as items, so that no file can exhaust memory or time.
public enum InterchangeLimits {
    /// The largest file an import reads (a KMZ's document after inflating counts too).
    public static let fileBytes: Int64 = 256 << 20
    /// Rows of a spreadsheet, header included.
    public static let rows = 1_000_000
    /// Columns of a spreadsheet.
    public static let columns = 256
    /// Bytes of one spreadsheet cell or one XML text or attribute value.
    public static let fieldBytes = 64 << 10
    /// Bytes of the text inside one XML element (a KML description with its markup).
    public static let textBytes = 1 << 20
    /// Nesting of XML elements.
    public static let depth = 64
    /// Attributes of one XML element.
    public static let attributes = 64
    /// Records of one import (spots, trips and catches together).
    public static let records = 1_000_000
    /// Points of the tracks one file gives: a day recorded at a fix a second is 86,400. More is
    /// refused before it is simplified (whose time grows with the points).
    public static let trackPoints = 100_000
}
