import Diagnostics
import Foundation
import HTTPServer
import PortalStore
import ReportOutput
import Site

/// The error reports' pages (T6, issue 18): the groups sorted and filtered, one group with its
/// chart of occurrences per day, and acknowledging or resolving it as `admin errors` does.
/// Administrators only, like every `/admin` page.
extension SiteRoutes {
    func addErrorPages(to router: inout Router) {
        on(&router, .errors, handleErrors)
        on(&router, .errorGroup, handleErrorGroup)
        on(&router, .updateErrorGroup, handleUpdateErrorGroup)
        on(&router, .errorChart, handleErrorChart)
    }

    /// Answers ``SitePage/errors``.
    func handleErrors(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let order = ErrorGroupOrder(rawValue: try visit.request.queryValue("sort") ?? "") ?? .count
        let status = try visit.request.queryValue("status").flatMap(ErrorGroupStatus.init(rawValue:))
        return visit.page(
            ErrorPages.list(
                try context(visit), groups: try store.diagnostics.errorGroups(status: status, order: order),
                crashFree: try store.diagnostics.crashFreeVersions(), order: order, status: status))
    }

    /// Answers ``SitePage/errorGroup``.
    func handleErrorGroup(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let notice: Phrase? =
            switch try visit.request.queryValue("done") {
            case "acknowledged": ErrorText.acknowledged
            case "resolved": ErrorText.resolved
            default: nil
            }
        return try groupPage(visit, notice: notice.map { $0(visit.language) })
    }

    /// Answers ``SitePage/updateErrorGroup``.
    func handleUpdateErrorGroup(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let fingerprint = visit.parameters["fingerprint"] ?? ""
        do {
            switch visit.form["status"] {
            case "acknowledged": try store.diagnostics.acknowledgeErrorGroup(fingerprint)
            case "resolved":
                let version = visit.form["version"]?.trimmingCharacters(in: .whitespaces)
                try store.diagnostics.resolveErrorGroup(
                    fingerprint, inVersion: version?.isEmpty == false ? version : nil)
            default: throw SiteProblem(status: .badRequest, SiteText.noSuchPage)
            }
        } catch PortalStoreError.notFound {
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        } catch let refusal as PortalStoreError {
            return try groupPage(visit, problem: refusal.description, status: .badRequest)
        }
        return visit.redirect(
            to: SitePage.errorGroup.target(
                ["fingerprint": fingerprint], query: [URLQueryItem(name: "done", value: visit.form["status"])]))
    }

    /// Answers ``SitePage/errorChart``.
    func handleErrorChart(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        guard let group = try store.diagnostics.errorGroup(visit.parameters["fingerprint"] ?? "") else {
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        }
        let days = group.days.suffix(60)
        return Self.svg(
            ChartSpec(
                kind: .bar, title: ErrorText.perDay(visit.language), categoryLabel: SiteText.day(visit.language),
                valueLabel: ErrorText.count(visit.language), unit: nil,
                categories: days.map { String($0.day.dropFirst(5)) },
                series: [ChartSeries(name: ErrorText.count(visit.language), values: days.map { Double($0.count) })])
        )
    }

    private func groupPage(_ visit: SiteVisit, notice: String? = nil, problem: String? = nil, status: HTTPStatus = .ok)
        throws -> HTTPResponse
    {
        guard let group = try store.diagnostics.errorGroup(visit.parameters["fingerprint"] ?? "") else {
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        }
        return visit.page(ErrorPages.group(try context(visit), group, notice: notice, problem: problem), status: status)
    }

    /// A chart as an image: no script runs in it, and its own style sheet is inline.
    static func svg(_ chart: ChartSpec) -> HTTPResponse {
        HTTPResponse(
            headers: [
                "Content-Type": "image/svg+xml; charset=utf-8",
                "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
            ],
            body: .bytes(Data(SVGChartRenderer.render(chart, width: 720, height: 320).utf8)))
    }
}
