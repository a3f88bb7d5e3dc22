import FishingModel
import Foundation
import HTTPServer
import PortalStore
import ReportOutput
import Reports
import Site

/// The reports page (issue 16 §1; T18): built-in reports and formulas run by the app's report
/// engine on a copy of the visitor's diary (``AccountReplicas``), drawn on the server as an SVG
/// chart and a table, and downloadable as CSV. A formula's problem is shown with the app's words.
extension SiteRoutes {
    func addReportPages(to router: inout Router) {
        on(&router, .reports, handleReports)
        on(&router, .reportChart, handleReportChart)
        on(&router, .reportCSV, handleReportCSV)
    }

    /// Answers ``SitePage/reports``.
    func handleReports(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let account = try visit.signedIn().accountId
        let replica = try replicas.upToDate(account, store: store)
        let request = try Self.reportRequest(visit.request, saved: replica.savedReports)
        let outcome: ReportPages.Outcome? =
            request.isEmpty ? nil : try Self.run(request, on: replica, language: visit.language)
        let status: HTTPStatus = if case .problem = outcome { .badRequest } else { .ok }
        let saved = replica.savedReports.map { ReportPages.Saved(id: $0.id, title: $0.title, formula: $0.formula) }
        let formula = request.formula(builtIns: Self.builtIns(), saved: saved)
        let builder = ReportPages.Builder(
            recipe: formula.map { ReportRecipe(formula: $0) } ?? ReportRecipe(),
            choices: try ReportEngine(databaseURL: replica.file).recipeChoices(),
            dropped: request.recipe?.dropsCatchChoices ?? false)
        return visit.page(
            ReportPages.page(
                visit.context(email: try store.accounts.account(account).email), builtIns: Self.builtIns(),
                saved: saved, request: request, builder: builder, outcome: outcome),
            status: status)
    }

    /// Answers ``SitePage/reportChart``.
    func handleReportChart(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let result = try Self.result(of: visit, store: store, replicas: replicas)
        return HTTPResponse(
            headers: [
                "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "private, no-store",
                "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
            ],
            body: .bytes(Data(SVGChartRenderer.render(result.chart, width: 720, height: 400).utf8)))
    }

    /// Answers ``SitePage/reportCSV``.
    func handleReportCSV(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let result = try Self.result(of: visit, store: store, replicas: replicas)
        return HTTPResponse(
            headers: [
                "Content-Type": "text/csv; charset=utf-8", "Cache-Control": "private, no-store",
                "Content-Disposition": "attachment; filename=\"report.csv\"",
            ],
            body: .bytes(Data(CSVWriter.csv(result.table).utf8)))
    }

    /// The result the visit's query asks for (the chart and the CSV).
    static func result(of visit: SiteVisit, store: PortalStore, replicas: AccountReplicas) throws -> ReportResult {
        let replica = try replicas.upToDate(try visit.signedIn().accountId, store: store)
        return try result(
            try reportRequest(visit.request, saved: replica.savedReports), on: replica, language: visit.language)
    }

    static func builtIns() -> [BuiltInReport] {
        BuiltInReports.all(currentYear: Calendar(identifier: .gregorian).component(.year, from: Date()))
    }

    /// The request's report: `report` (a built-in's slug), `saved` (the id of one of `saved`, the
    /// visitor's own), the builder's choices (``recipe(_:)``), or `formula` (at most
    /// `Limits.formulaLength` characters and `Limits.formulaBytes` bytes), and `chart`; anything
    /// else is refused naming what is allowed.
    static func reportRequest(_ request: HTTPRequest, saved: [SavedReport]) throws -> ReportPages.Request {
        var asked = ReportPages.Request()
        if let slug = try request.queryValue("report"), !slug.isEmpty {
            guard builtIns().contains(where: { $0.slug == slug }) else {
                throw HTTPError.notFound("There is no built-in report \"\(slug.prefix(40))\".")
            }
            asked.report = slug
        }
        if let text = try request.queryValue("saved"), !text.isEmpty {
            guard let id = UUID(uuidString: text) else {
                throw HTTPError.badRequest(
                    code: .invalidSavedReport, "saved \"\(text.prefix(40))\" must be a saved report's id (a UUID)")
            }
            guard saved.contains(where: { $0.id == id }) else {
                throw HTTPError.notFound("There is no saved report \(id.uuidString.lowercased()) in your diary.")
            }
            asked.saved = id
        }
        asked.recipe = try recipe(request)
        if let formula = try request.queryValue("formula")?.trimmingCharacters(in: .whitespacesAndNewlines),
            !formula.isEmpty
        {
            guard formula.count <= Limits.formulaLength, formula.utf8.count <= Limits.formulaBytes else {
                throw HTTPError.badRequest(
                    code: .invalidFormula,
                    "formula is at most \(Limits.formulaLength) characters (\(Limits.formulaBytes) bytes); it has \(formula.count)"
                )
            }
            asked.formula = formula
        }
        if let chart = try request.queryValue("chart"), !chart.isEmpty {
            guard let kind = ChartKind(rawValue: chart) else {
                throw HTTPError.badRequest(
                    code: .invalidChart,
                    "chart \"\(chart.prefix(40))\" must be one of \(ChartKind.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            asked.chart = kind
        }
        return asked
    }

    /// Runs the request (a formula, when both are given, is what the angler typed last).
    static func run(_ request: ReportPages.Request, on replica: AccountReplicas.Replica, language: SiteLanguage)
        throws -> ReportPages.Outcome
    {
        do {
            let result = try result(request, on: replica, language: language)
            return .result(title: result.chart.title, table: result.displayTable)
        } catch let error as ReportError {
            return .problem(formula: request.formula ?? request.recipe?.formula ?? "", error)
        }
    }

    /// A named report — built in or saved — as the engine runs it.
    private struct Named {
        var title: String
        var formula: String
        var chart: ChartKind?
        var valueLabel: String?
    }

    /// A built-in or saved report keeps its name, the builder's is named in the visitor's language.
    static func result(_ request: ReportPages.Request, on replica: AccountReplicas.Replica, language: SiteLanguage)
        throws -> ReportResult
    {
        let engine = try ReportEngine(databaseURL: replica.file)
        let named: Named? =
            if let report = builtIns().first(where: { $0.slug == request.report }) {
                Named(title: report.title, formula: report.formula, chart: report.chart, valueLabel: report.valueLabel)
            } else if let report = replica.savedReports.first(where: { $0.id == request.saved }) {
                Named(title: report.title, formula: report.formula, chart: ChartKind(rawValue: report.chart))
            } else if let recipe = request.recipe {
                Named(
                    title: ReportBuilderForm.title(recipe, language), formula: recipe.formula, chart: recipe.chart)
            } else { nil }
        guard let formula = request.formula ?? named?.formula else {
            throw HTTPError.badRequest(code: .missingReport, "Ask for a report or a formula.")
        }
        // A formula changed after choosing a report is the angler's own: it keeps no name.
        let name = named?.formula == formula ? named : nil
        return try engine.run(
            formula: formula, title: name?.title, chart: request.chart ?? name?.chart, valueLabel: name?.valueLabel,
            columns: ReportRecipe(formula: formula).map { ReportBuilderForm.columns($0, language) })
    }
}
