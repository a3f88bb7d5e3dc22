import Foundation

/// One missing or invalid attribute: which field, the value given, and what is allowed.
///
/// `field` is the attribute's camelCase name as the CLI's JSON and the app's forms use it
/// (`weightKg`, `species`, …): a ``RecordField``'s raw value, or the name of a command-line
/// option that is no record's attribute. Serves T19 (nothing is saved without its mandatory attributes).
public struct ValidationIssue: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Which rule an issue breaks, for front ends that say it in the angler's language and units
    /// (the app's forms); `message` says it in English.
    public enum Rule: Sendable, Equatable {
        case required
        /// A number outside `lower...upper` (in `unit`, SI), the lower bound itself excluded when
        /// `excludingLower`.
        case range(lower: Double, upper: Double, unit: String, excludingLower: Bool)
        /// A text too long, or with characters it may not hold.
        case text(maximumCharacters: Int)
        /// A moment outside the years the diary accepts.
        case date
        /// A reference to no live entry of a directory.
        case directory
        /// An end before its start.
        case endBeforeStart
        /// Anything else; `message` says what.
        case other
    }

    public let field: String
    /// The offending value as text, or nil when the attribute is missing.
    public let value: String?
    public let message: String
    public let rule: Rule

    public init(field: String, value: String?, message: String, rule: Rule = .other) {
        self.field = field
        self.value = value
        self.message = message
        self.rule = rule
    }

    private enum CodingKeys: String, CodingKey { case field, value, message }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            field: try container.decode(String.self, forKey: .field),
            value: try container.decodeIfPresent(String.self, forKey: .value),
            message: try container.decode(String.self, forKey: .message))
    }

    /// An issue with a record's attribute.
    public init(field: some RecordField, value: String?, message: String, rule: Rule = .other) {
        self.init(field: field.rawValue, value: value, message: message, rule: rule)
    }

    public static func missing(_ field: some RecordField, _ what: String) -> ValidationIssue {
        ValidationIssue(field: field, value: nil, message: "is required: \(what)", rule: .required)
    }

    /// The attribute this issue names, when it is one of `type`'s.
    public func field<Field: RecordField>(of type: Field.Type) -> Field? { Field(rawValue: field) }

    public var description: String {
        if let value { "\(field) = \(value.debugDescription): \(message)" } else { "\(field): \(message)" }
    }
}

/// Every problem found in one object, reported together so the user can fix them all at once.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let entity: String
    public let issues: [ValidationIssue]

    public init(entity: String, issues: [ValidationIssue]) {
        self.entity = entity
        self.issues = issues
    }

    /// The fields named by the issues, in order.
    public var fields: [String] { issues.map(\.field) }

    public var description: String {
        "The \(entity) was not saved:\n" + issues.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// Collects issues while checking a draft; helpers cover the rules every entity shares.
public struct IssueCollector: Sendable {
    public private(set) var issues: [ValidationIssue] = []

    public init() {}

    public mutating func add(_ issue: ValidationIssue) { issues.append(issue) }

    public mutating func add(
        _ field: some RecordField, _ value: String?, _ message: String, rule: ValidationIssue.Rule = .other
    ) {
        issues.append(ValidationIssue(field: field, value: value, message: message, rule: rule))
    }

    /// A mandatory single-line text: present, not blank, within the length bound, no control characters.
    public mutating func requireName(_ field: some RecordField, _ value: String?, maxLength: Int, what: String) {
        guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            add(.missing(field, what))
            return
        }
        checkText(field, value, maxLength: maxLength, multiline: false)
    }

    /// An optional text within its bound; single-line texts refuse line breaks and control characters.
    public mutating func checkText(_ field: some RecordField, _ value: String?, maxLength: Int, multiline: Bool) {
        guard let value else { return }
        if let problem = TextBounds.problem(in: value, maximumCharacters: maxLength) {
            add(field, TextBounds.quotable(value), problem, rule: .text(maximumCharacters: maxLength))
            return
        }
        let forbidden = value.unicodeScalars.contains {
            CharacterSet.controlCharacters.contains($0) && !(multiline && ($0 == "\n" || $0 == "\t"))
        }
        if forbidden {
            add(
                field, TextBounds.quotable(value),
                multiline ? "contains control characters" : "must be a single line without control characters",
                rule: .text(maximumCharacters: maxLength))
        }
    }

    /// A number that must lie in `range` (and be finite).
    public mutating func checkRange(
        _ field: some RecordField, _ value: Double?, _ range: ClosedRange<Double>, unit: String,
        excludingLower: Bool = false
    ) {
        guard let value else { return }
        let ok = value.isFinite && range.contains(value) && !(excludingLower && value == range.lowerBound)
        if !ok {
            let allowed =
                excludingLower
                ? "more than \(format(range.lowerBound)) and at most \(format(range.upperBound))"
                : "from \(format(range.lowerBound)) to \(format(range.upperBound))"
            add(
                field, format(value), "must be \(allowed) \(unit)",
                rule: .range(
                    lower: range.lowerBound, upper: range.upperBound, unit: unit, excludingLower: excludingLower))
        }
    }

    /// A moment that must lie between 1900 and `latest`.
    public mutating func checkDate(_ field: some RecordField, _ value: Date?, latest: Date, latestText: String) {
        guard let value else { return }
        if value < Limits.earliestDate || value > latest {
            add(
                field, DiaryTime.iso8601(value, utcOffsetSeconds: 0), "must be between 1900-01-01 and \(latestText)",
                rule: .date)
        }
    }

    /// Throws a ``ValidationError`` for `entity` if any issue was found.
    public func check(_ entity: String) throws(ValidationError) {
        if !issues.isEmpty { throw ValidationError(entity: entity, issues: issues) }
    }

    private func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
