import FishingModel
import Foundation

/// A validation issue as the angler reads it at the field (T19): in their language, a range in
/// their units. Issues of no known rule keep the core's English message.
public struct FieldMessages: Sendable {
    public let formatter: MeasureFormatter
    let catalog: Catalog

    public init(formatter: MeasureFormatter, catalog: Catalog = .shared) {
        self.formatter = formatter
        self.catalog = catalog
    }

    /// Errors other than a field's, in the same language.
    public var problems: ProblemMessages { ProblemMessages(language: formatter.language, catalog: catalog) }

    var language: Language { formatter.language }

    public func message(for issue: ValidationIssue) -> String {
        switch issue.rule {
        case .required: return catalog.text("field.required", language)
        case .range(let lower, let upper, let unit, let excludingLower):
            let key = excludingLower ? "field.rangeAbove" : "field.range"
            return catalog.text(key, language, ["lower": shown(lower, unit), "upper": shown(upper, unit)])
        case .text(let maximum): return catalog.text("field.text", language, ["maximum": "\(maximum)"])
        case .date: return catalog.text("field.date", language)
        case .directory: return catalog.text("field.directory", language)
        case .endBeforeStart: return catalog.text("field.endBeforeStart", language)
        case .other: return issue.message
        }
    }

    /// Each field's first message, keyed by field; nil when an issue names no attribute of
    /// `Field` (the form has no row to show it at).
    public func messages<Field: RecordField>(for issues: [ValidationIssue], as _: Field.Type = Field.self)
        -> [Field: String]?
    {
        var messages: [Field: String] = [:]
        for issue in issues {
            guard let field = issue.field(of: Field.self) else { return nil }
            if messages[field] == nil { messages[field] = message(for: issue) }
        }
        return messages
    }

    /// A bound in the angler's units (a weight limit in pounds for an imperial angler).
    private func shown(_ value: Double, _ unit: String) -> String {
        switch unit {
        case "kg": formatter.weight(kilograms: value)
        case "cm": formatter.length(centimetres: value)
        case "m": formatter.depth(metres: value)
        case "°C": formatter.temperature(celsius: value)
        default: formatter.number(value, digits: 2)
        }
    }
}

/// Turns what the angler typed in their units back into the diary's SI figures, accepting a
/// decimal comma or point; nil for an empty field.
public struct MeasureParser: Sendable {
    public let preferences: UnitPreferences

    public init(preferences: UnitPreferences) { self.preferences = preferences }

    /// Why a typed figure was not taken.
    public struct NotANumber: Error, Equatable {
        public let text: String
    }

    public func kilograms(_ text: String) throws(NotANumber) -> Double? {
        try number(text).map { preferences.system == .imperial ? $0 * Conversion.kilogramsPerPound : $0 }
    }

    public func centimetres(_ text: String) throws(NotANumber) -> Double? {
        try number(text).map { preferences.system == .imperial ? $0 * Conversion.centimetresPerInch : $0 }
    }

    public func metres(_ text: String) throws(NotANumber) -> Double? {
        try number(text).map { preferences.system == .imperial ? $0 * Conversion.metresPerFoot : $0 }
    }

    public func celsius(_ text: String) throws(NotANumber) -> Double? {
        try number(text).map { preferences.system == .imperial ? Conversion.celsius(fahrenheit: $0) : $0 }
    }

    func number(_ text: String) throws(NotANumber) -> Double? {
        // A decimal comma, and the minus sign (U+2212) some keyboards type, read as Swift reads numbers.
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
            .replacingOccurrences(of: "\u{2212}", with: "-")
        guard !trimmed.isEmpty else { return nil }
        guard let value = Double(trimmed), value.isFinite else { throw NotANumber(text: text) }
        return value
    }
}
