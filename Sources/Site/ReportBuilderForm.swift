import Foundation
import ReportOutput

/// The report builder on the site's reports page (issue 33 §4; T18): the app's choices, named in
/// the app's words (the catalogue's `recipe.*` texts), sent as a query that the portal reads back
/// into a ``ReportRecipe`` and writes as a formula. ``Field`` is the one list of the query's names,
/// for the form, the chart and CSV links, and the portal's reading.
public enum ReportBuilderForm {
    /// A choice's name in the query.
    public enum Field: String, CaseIterable, Sendable {
        case measure, also, by, then, year, spot, species, released, order, top
    }

    /// The recipe as a query: a choice left at "all" or "none" is left out.
    public static func query(_ recipe: ReportRecipe) -> [URLQueryItem] {
        let recipe = recipe.fitted
        let values: [(Field, String?)] = [
            (.measure, recipe.measure.rawValue), (.also, recipe.also?.rawValue), (.by, recipe.dimension?.rawValue),
            (.then, recipe.thenBy?.rawValue),
            (.year, recipe.years.isEmpty ? nil : recipe.years.map(String.init).joined(separator: ",")),
            (.spot, recipe.spot), (.species, recipe.species), (.released, recipe.released.map { "\($0)" }),
            (.order, recipe.largestFirst ? "desc" : nil), (.top, recipe.top.map(String.init)),
        ]
        return values.compactMap { field, value in value.map { URLQueryItem(name: field.rawValue, value: $0) } }
    }

    /// The report's name the builder suggests, in the visitor's language.
    public static func title(_ recipe: ReportRecipe, _ language: SiteLanguage) -> String {
        recipe.title { ReportMessages.text($0, language, $1) }
    }

    /// The result's column titles for `recipe`, in the visitor's language.
    public static func columns(_ recipe: ReportRecipe, _ language: SiteLanguage) -> [String] {
        recipe.columnTitles { ReportMessages.text($0, language, $1) }
    }

    /// The form: what to count and by what, then which fish and trips, as `builder` has them
    /// chosen (a fresh start under a formula beyond the builder, which it says).
    static func form(_ context: SiteContext, _ builder: ReportPages.Builder) -> HTML {
        let (recipe, choices, language) = (builder.recipe ?? ReportRecipe(), builder.choices, context.language)
        func text(_ key: String, _ values: [String: String] = [:]) -> String {
            ReportMessages.text(key, language, values)
        }
        func select(_ field: Field, _ control: String, _ options: [(value: String, label: String)], _ selected: String?)
            -> HTML
        {
            Controls.select(
                context, id: "recipe-\(field.rawValue)", name: field.rawValue, label: text("label.reports.\(control)"),
                help: text("help.reports.\(control)"), options: options, selected: selected)
        }
        let measures = ReportRecipe.Measure.allCases.map { (value: $0.rawValue, label: text($0.textKey)) }
        let dimensions = ReportRecipe.Dimension.allCases.map { (value: $0.rawValue, label: text($0.textKey)) }
        let years = recipe.years.count > 1 ? [recipe.years] : []
        let yearOptions =
            [(value: "", label: text("recipe.allYears"))]
            + (years + choices.years.map { [$0] }).map { years in
                let value = years.map(String.init).joined(separator: ",")
                return (value: value, label: value.replacingOccurrences(of: ",", with: ", "))
            }
        func names(_ all: String, _ names: [String], _ chosen: String?) -> [(value: String, label: String)] {
            let kept = chosen.map { chosen in names.contains(chosen) ? [] : [chosen] } ?? []
            return [(value: "", label: text(all))] + (kept + names).map { (value: $0, label: $0) }
        }
        let released = [
            (value: "", label: text("recipe.releasedAny")), (value: "true", label: text("recipe.releasedOnly")),
            (value: "false", label: text("recipe.keptOnly")),
        ]
        let tops =
            [(value: "", label: text("recipe.noTop"))]
            + ReportRecipe.tops.map { (value: String($0), label: text("recipe.top", ["count": String($0)])) }
        let largestFirst: HTML = recipe.largestFirst ? " checked" : ""
        let note: HTML =
            if builder.recipe == nil {
                "<p class=\"hint\">\(context(SiteText.beyondBuilder))</p>"
            } else if builder.dropped {
                "<p class=\"hint\" role=\"status\">\(text("recipe.dropped", ["measure": text(recipe.measure.textKey)]))</p>"
            } else { .empty }
        return """
            <form method="get" action="\(SitePage.reports.pattern)" class="panel builder">
            <h2>\(text("reports.builder"))</h2>\(note)
            <div class="choices">
            \(select(.measure, "measure", measures, recipe.measure.rawValue))
            \(select(.by, "dimension", [(value: "", label: text("recipe.total"))] + dimensions, recipe.dimension?.rawValue))
            \(select(.then, "thenBy", [(value: "", label: text("recipe.none"))] + dimensions, recipe.thenBy?.rawValue))
            \(select(.also, "also", [(value: "", label: text("recipe.none"))] + measures, recipe.also?.rawValue))
            </div>
            <h3>\(text("reports.filters"))</h3>
            <div class="choices">
            \(select(.year, "year", yearOptions, recipe.years.map(String.init).joined(separator: ",")))
            \(select(.spot, "spot", names("recipe.allSpots", choices.spots, recipe.spot), recipe.spot))
            \(select(.species, "species", names("recipe.allSpecies", choices.species, recipe.species), recipe.species))
            \(select(.released, "released", released, recipe.released.map { "\($0)" }))
            \(select(.top, "top", tops, recipe.top.map(String.init)))
            <div class="field check"><label><input type="checkbox" name="\(Field.order.rawValue)" value="desc"\(largestFirst)> \(text("label.reports.largestFirst"))</label></div>
            </div>
            <div class="actions"><button type="submit" class="button primary">\(context(SiteText.showReport))</button></div>
            </form>
            """
    }
}
