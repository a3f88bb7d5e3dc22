import FishingModel
import HTTPServer
import ReportOutput
import Site

/// The report builder's query (issue 33 §4; T18), read back into a ``ReportRecipe``: each choice
/// by its name in ``ReportBuilderForm/Field``; anything else is refused naming the choice, the
/// value and what is allowed, and changes nothing.
extension SiteRoutes {
    typealias Field = ReportBuilderForm.Field

    /// The most years one report may compare.
    static let recipeYears = 20

    /// The builder's choices in `request`, or nil when it names no measure.
    static func recipe(_ request: HTTPRequest) throws -> ReportRecipe? {
        func value(_ field: Field) throws -> String? {
            guard let text = try request.queryValue(field.rawValue), !text.isEmpty else { return nil }
            return text
        }
        func refuse(_ field: Field, _ text: String, _ allowed: String) -> HTTPError {
            HTTPError.badRequest(
                code: .invalid(field.rawValue), "\(field.rawValue) \"\(text.prefix(40))\" must be \(allowed)")
        }
        func choice<T>(_ field: Field, _ allowed: [T], _ name: (T) -> String) throws -> T? {
            guard let text = try value(field) else { return nil }
            guard let chosen = allowed.first(where: { name($0) == text }) else {
                throw refuse(field, text, "one of \(allowed.map(name).joined(separator: ", "))")
            }
            return chosen
        }
        func name(_ field: Field) throws -> String? {
            guard let text = try value(field) else { return nil }
            guard text.count <= Limits.nameLength, text.utf8.count <= 4 * Limits.nameLength else {
                throw refuse(field, text, "at most \(Limits.nameLength) characters (\(4 * Limits.nameLength) bytes)")
            }
            return text
        }
        guard let measure = try choice(.measure, ReportRecipe.Measure.allCases, \.rawValue) else { return nil }
        var years: [Int] = []
        if let text = try value(.year) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let allowed = "years from 1 to 9999 separated by commas, at most \(recipeYears)"
            guard parts.count <= recipeYears else { throw refuse(.year, text, allowed) }
            for part in parts {
                guard let year = Int(part), (1...9999).contains(year) else { throw refuse(.year, text, allowed) }
                years.append(year)
            }
        }
        return ReportRecipe(
            measure: measure, also: try choice(.also, ReportRecipe.Measure.allCases, \.rawValue),
            dimension: try choice(.by, ReportRecipe.Dimension.allCases, \.rawValue),
            thenBy: try choice(.then, ReportRecipe.Dimension.allCases, \.rawValue), years: years,
            spot: try name(.spot), species: try name(.species),
            released: try choice(.released, [true, false]) { "\($0)" },
            largestFirst: try choice(.order, ["desc"]) { $0 } != nil,
            top: try choice(.top, ReportRecipe.tops) { String($0) })
    }
}
