/// Why a report formula was refused or could not run, with the position (a character offset into
/// the formula, from 0) the problem starts at (T18).
public struct ReportError: Error, Sendable, Equatable, CustomStringConvertible {
    public let position: Int?
    public let message: String

    public init(_ message: String, at position: Int? = nil) {
        self.position = position
        self.message = message
    }

    public var description: String {
        position.map { "at position \($0): \(message)" } ?? message
    }

    /// Points at the problem under the formula, for a terminal or an editor.
    public func pointing(into formula: String) -> String {
        guard let position else { return description }
        return "\(formula)\n\(String(repeating: " ", count: min(position, formula.count)))^\n\(description)"
    }
}
