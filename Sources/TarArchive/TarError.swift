/// Why an archive cannot be written or read: what is wrong, the member it concerns, and what was
/// found (issue 34 §2: a damaged or hostile archive is refused with its reason, never half-read).
public struct TarError: Error, Equatable, CustomStringConvertible {
    public enum Reason: String, Sendable {
        case badName, badSize, badHeader, notAFile, truncated, tooLarge, unreadable
    }

    public let reason: Reason
    /// The member's name as far as it could be read ("" before any).
    public let name: String
    public let detail: String

    public init(_ reason: Reason, name: String, detail: String) {
        self.reason = reason
        self.name = name
        self.detail = detail
    }

    public var description: String {
        let member = name.isEmpty ? "" : " \"\(name)\""
        return switch reason {
        case .badName: "the archive's member\(member) has a name it may not have (\(detail))"
        case .badSize: "the archive's member\(member) has a size that is not a size (\(detail))"
        case .badHeader: "the archive has a damaged header\(name.isEmpty ? "" : " after \"\(name)\"") (\(detail))"
        case .notAFile: "the archive's member\(member) is not a plain file (\(detail)); only files are read"
        case .truncated: "the archive ends inside\(member.isEmpty ? " a header" : member) (\(detail))"
        case .tooLarge: "the archive's member\(member) is larger than allowed (\(detail))"
        case .unreadable: "the archive could not be read (\(detail))"
        }
    }
}
