import ReportOutput
import Reports

/// The report builder (issue 33 §4; T18): an angler picks what to count, by what, which years,
/// spot, species and fish, the order and how many; each choice writes the formula (which stays
/// visible and editable below), suggests the report's name and shows the result at once. A
/// built-in or saved report opens in it when its formula reads back into choices; a formula
/// written by hand beyond the builder keeps the builder off until it is cleared.
extension ReportsModel {
    public static let change = Control("reports.change", .link, opens: "page.formula")
    public static let measure = Control("reports.measure", .picker)
    public static let also = Control("reports.also", .picker)
    public static let dimension = Control("reports.dimension", .picker)
    public static let thenBy = Control("reports.thenBy", .picker)
    public static let year = Control("reports.year", .picker)
    public static let spot = Control("reports.spot", .picker)
    public static let species = Control("reports.species", .picker)
    public static let released = Control("reports.released", .picker)
    public static let largestFirst = Control("reports.largestFirst", .toggle)
    public static let top = Control("reports.top", .picker)
    static let builderControls = [measure, also, dimension, thenBy, year, spot, species, released, largestFirst, top]

    /// The choices the builder shows: the formula's, a fresh start while it is empty, nil while
    /// a hand-written formula says more than the builder can.
    public var builder: ReportRecipe? {
        formulaText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? ReportRecipe() : recipe
    }

    /// Changes one choice: the formula is rewritten, the name follows while it is the builder's
    /// own suggestion, the chart follows while it is the one the choices suit, and the result is
    /// shown again.
    public func choose(_ change: (inout ReportRecipe) -> Void) async {
        guard let before = builder else { return }
        var after = before
        change(&after)
        after = after.fitted
        let title = titleText.trimmingCharacters(in: .whitespaces)
        if title.isEmpty || title == suggestedTitle(before) { titleText = suggestedTitle(after) }
        if chart == before.chart { chart = after.chart }
        formulaText = after.formula
        await runFormula()
    }

    /// The name the builder suggests for `recipe`, in the angler's language.
    public func suggestedTitle(_ recipe: ReportRecipe) -> String {
        recipe.title { catalog.text($0, language, $1) }
    }

    public func name(_ measure: ReportRecipe.Measure) -> String { catalog.text(measure.textKey, language) }

    public func name(_ dimension: ReportRecipe.Dimension) -> String { catalog.text(dimension.textKey, language) }

    /// The years filter's options: every year, each year of the diary, and the recipe's own
    /// several years (this year against last) when it has them.
    public var yearOptions: [[Int]] {
        var options = [[]] + choices.years.map { [$0] }
        if let years = builder?.years, years.count > 1 { options.insert(years, at: 1) }
        return options
    }

    /// "All years", "2026", "2025, 2026".
    public func yearsText(_ years: [Int]) -> String {
        years.isEmpty ? catalog.text("recipe.allYears", language) : years.map(String.init).joined(separator: ", ")
    }

    /// Options with the recipe's own value kept when the diary no longer has it (a spot renamed).
    public var spotOptions: [String] { Self.keeping(builder?.spot, in: choices.spots) }
    public var speciesOptions: [String] { Self.keeping(builder?.species, in: choices.species) }

    private static func keeping(_ value: String?, in names: [String]) -> [String] {
        guard let value, !names.contains(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) else {
            return names
        }
        return [value] + names
    }

    /// "Kept and released", "Released only", "Kept only".
    public func releasedText(_ released: Bool?) -> String {
        switch released {
        case nil: catalog.text("recipe.releasedAny", language)
        case true?: catalog.text("recipe.releasedOnly", language)
        case false?: catalog.text("recipe.keptOnly", language)
        }
    }

    /// "All" or "Top 5".
    public func topText(_ top: Int?) -> String {
        top.map { catalog.text("recipe.top", language, ["count": "\($0)"]) } ?? catalog.text("recipe.noTop", language)
    }
}
