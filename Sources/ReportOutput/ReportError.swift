/// Why a report formula was refused or could not run, with the position (a character offset into
/// the formula, from 0) the problem starts at (T18).
///
/// The message is a ``ReportProblem`` with its `{placeholders}` filled, so that each front end
/// can say it in the angler's language: the CLI prints ``message`` (English); the app looks up
/// `report.<problem>` in its catalogue and fills the same values, translating the ones that are
/// ``ReportPhrase``s.
public struct ReportError: Error, Sendable, Equatable, CustomStringConvertible {
    public let problem: ReportProblem
    public let values: [String: ReportArgument]
    public let position: Int?

    public init(_ problem: ReportProblem, _ values: [String: ReportArgument] = [:], at position: Int? = nil) {
        self.problem = problem
        self.values = values
        self.position = position
    }

    /// The message in English.
    public var message: String {
        ReportProblem.fill(problem.english, values.mapValues { $0.english })
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

/// A value filled into a problem's message: text from the formula (said the same in every
/// language) or a phrase the front end translates.
public enum ReportArgument: Sendable, Equatable, ExpressibleByStringInterpolation {
    case literal(String)
    case phrase(ReportPhrase)

    public init(stringLiteral value: String) { self = .literal(value) }

    public var english: String {
        switch self {
        case .literal(let text): text
        case .phrase(let phrase): phrase.english
        }
    }
}
