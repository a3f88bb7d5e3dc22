import Foundation
import ReportOutput

/// A report formula's problem in the visitor's language, in the app's own words (T18): the
/// messages are the app's String Catalog entries `report.*`, copied by `tools/catalog.py site`.
enum ReportMessages {
    private static let texts: [String: [String: String]] = {
        guard let url = Bundle.module.url(forResource: "report-messages", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let texts = try? JSONDecoder().decode([String: [String: String]].self, from: data)
        else { preconditionFailure("report-messages.json is missing from the site's resources") }
        return texts
    }()

    static func text(_ key: String, _ language: SiteLanguage, _ values: [String: String] = [:]) -> String {
        let template = texts[key]?[language.rawValue] ?? texts[key]?["en"] ?? key
        return ReportProblem.fill(template, values)
    }

    /// "Character 12: unknown field `wieght`; did you mean weight?"
    static func message(_ error: ReportError, _ language: SiteLanguage) -> String {
        let values = error.values.mapValues { argument in
            switch argument {
            case .literal(let text): text
            case .phrase(let phrase): text("report.phrase.\(phrase.rawValue)", language)
            }
        }
        let message = text("report.\(error.problem.rawValue)", language, values)
        guard let position = error.position else { return message }
        return "\(text("reports.position", language, ["position": String(position + 1)])): \(message)"
    }
}
