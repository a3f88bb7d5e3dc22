import FishingModel
import Foundation
import ReportOutput

/// The reports page (issue 16 §1; T18): the built-in reports, the ones the angler saved in the
/// app (synced), the report builder (issue 33 §4, ``ReportBuilderForm``), a formula box with the
/// app's clear errors, and a result drawn on the server — the chart as an SVG image, the table,
/// and a CSV download of the same numbers.
public enum ReportPages {
    /// What the page was asked to run: a built-in report by slug, a saved one by id, the
    /// builder's choices, or a formula.
    public struct Request: Sendable, Equatable {
        public var report: String?
        public var saved: UUID?
        public var recipe: ReportRecipe?
        public var formula: String?
        public var chart: ChartKind?

        public init(
            report: String? = nil, saved: UUID? = nil, recipe: ReportRecipe? = nil, formula: String? = nil,
            chart: ChartKind? = nil
        ) {
            self.report = report
            self.saved = saved
            self.recipe = recipe
            self.formula = formula
            self.chart = chart
        }

        public var isEmpty: Bool { report == nil && saved == nil && recipe == nil && formula == nil }

        /// The query that asks for the same result (the chart image and the CSV use it).
        public var query: [URLQueryItem] {
            [
                URLQueryItem(name: "report", value: report),
                URLQueryItem(name: "saved", value: saved?.uuidString.lowercased()),
            ] + (recipe.map(ReportBuilderForm.query) ?? []) + [
                URLQueryItem(name: "formula", value: formula), URLQueryItem(name: "chart", value: chart?.rawValue),
            ]
        }

        /// The formula the page shows and runs: typed, the builder's, or the chosen report's.
        public func formula(builtIns: [BuiltInReport], saved: [Saved]) -> String? {
            formula ?? recipe?.formula ?? builtIns.first { $0.slug == report }?.formula
                ?? saved.first { $0.id == self.saved }?.formula
        }
    }

    /// The builder as the page shows it: the choices the formula reads back into (nil when it
    /// says more than the builder can), what the filters offer, and whether choices of single
    /// catches were left out of a trip measure.
    public struct Builder: Sendable, Equatable {
        public var recipe: ReportRecipe?
        public var choices: RecipeChoices
        public var dropped: Bool

        public init(recipe: ReportRecipe?, choices: RecipeChoices, dropped: Bool = false) {
            self.recipe = recipe
            self.choices = choices
            self.dropped = dropped
        }
    }

    /// A report the angler saved in the app, as the page lists it.
    public struct Saved: Sendable, Equatable {
        public var id: UUID
        public var title: String
        public var formula: String

        public init(id: UUID, title: String, formula: String) {
            self.id = id
            self.title = title
            self.formula = formula
        }
    }

    /// What running it gave: a result, or the formula's problem.
    public enum Outcome: Sendable {
        case result(title: String, table: ReportTable)
        case problem(formula: String, ReportError)
    }

    public static func page(
        _ context: SiteContext, builtIns: [BuiltInReport], saved: [Saved], request: Request, builder: Builder,
        outcome: Outcome?
    ) -> HTML {
        let builtInLinks = builtIns.map {
            link($0.title, query: "report", $0.slug, current: request.report == $0.slug)
        }
        let savedLinks: HTML =
            saved.isEmpty
            ? "<p class=\"hint\">\(context(SiteText.noSavedReports))</p>"
            : "<ul class=\"buttons\">\(saved.map { link($0.title, query: "saved", $0.id.uuidString.lowercased(), current: request.saved == $0.id) })</ul>"
        let charts = [("", context(SiteText.chartAuto))] + ChartKind.allCases.map { ($0.rawValue, $0.rawValue) }
        let formula = request.formula(builtIns: builtIns, saved: saved) ?? ""
        return SiteLayout.page(
            context, title: context(SiteText.reports),
            """
            <section class="panel"><h2>\(context(SiteText.builtInReports))</h2><ul class="buttons">\(builtInLinks)</ul></section>
            <section class="panel"><h2>\(context(SiteText.savedReports))</h2>\(savedLinks)</section>
            \(ReportBuilderForm.form(context, builder))
            <form method="get" action="\(SitePage.reports.pattern)" class="panel formula">
            \(Controls.field(context, id: "formula", name: "formula", label: context(SiteText.formula), help: context(SiteText.formulaHelp), value: formula, required: true, maxLength: Limits.formulaLength))
            \(Controls.select(context, id: "chart", name: "chart", label: context(SiteText.chart), help: context(SiteText.chartHelp), options: charts.map { (value: $0.0, label: $0.1) }, selected: request.chart?.rawValue))
            <div class="actions"><button type="submit" class="button primary">\(context(SiteText.run))</button></div>
            </form>
            \(outcome.map { result(context, request, $0) })
            """)
    }

    /// A button that runs a built-in (`report`) or saved (`saved`) report.
    static func link(_ title: String, query name: String, _ value: String, current: Bool) -> HTML {
        let marker: HTML = current ? " aria-current=\"page\"" : ""
        return
            "<li><a class=\"button\" href=\"\(SitePage.reports.target(query: [URLQueryItem(name: name, value: value)]))\"\(marker)>\(title)</a></li>"
    }

    /// A formula's problem in the visitor's language, as the app says it.
    public static func message(_ error: ReportError, _ language: SiteLanguage) -> String {
        ReportMessages.message(error, language)
    }

    static func result(_ context: SiteContext, _ request: Request, _ outcome: Outcome) -> HTML {
        switch outcome {
        case .problem(let formula, let error):
            let pointer: HTML =
                if let position = error.position {
                    "<pre class=\"pointer\" aria-hidden=\"true\">\(formula)\n\(String(repeating: " ", count: min(position, formula.count)))^</pre>"
                } else { .empty }
            return
                "<section class=\"panel\">\(pointer)<p class=\"problem\" role=\"alert\">\(ReportMessages.message(error, context.language))</p></section>"
        case .result(let title, let table):
            let head = table.columns.map { column -> HTML in "<th scope=\"col\">\(column)</th>" }
            let rows = table.rows.map { row -> HTML in
                "<tr>\(row.map { value -> HTML in "<td>\(value.label)</td>" })</tr>"
            }
            return """
                <section class="panel result"><h2>\(title)</h2>
                <figure class="chart"><img src="\(SitePage.reportChart.target(query: request.query))" alt="\(context(SiteText.chartOf)) \(title)" width="720" height="400"></figure>
                <p><a class="button" href="\(SitePage.reportCSV.target(query: request.query))" download>\(context(SiteText.downloadCSV))</a></p>
                <div class="table-scroll"><table><thead><tr>\(head)</tr></thead><tbody>\(rows)</tbody></table></div>
                </section>
                """
        }
    }
}
