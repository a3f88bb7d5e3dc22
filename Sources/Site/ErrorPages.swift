import Diagnostics
import Foundation
import PortalViews

/// The error reports' pages for administrators (T6, issue 18): the groups, sortable by count and
/// recency and filtered by status, with crash-free devices per version; one group with its
/// breakdowns, occurrences per day as a chart, the breadcrumbs of its latest report, and the
/// forms that acknowledge or resolve it (with the fix's version, so a later version reopens it).
public enum ErrorPages {
    public static func list(
        _ context: SiteContext, groups: [ErrorGroupSummary], crashFree: [CrashFreeVersion], order: ErrorGroupOrder,
        status: ErrorGroupStatus?
    ) -> HTML {
        func link(_ phrase: Phrase, _ linkOrder: ErrorGroupOrder, _ linkStatus: ErrorGroupStatus?) -> HTML {
            let query = [
                URLQueryItem(name: "sort", value: linkOrder.rawValue),
                URLQueryItem(name: "status", value: linkStatus?.rawValue),
            ]
            let current: HTML = linkOrder == order && linkStatus == status ? " aria-current=\"page\"" : ""
            return
                "<a class=\"button\" href=\"\(SitePage.errors.target(query: query))\"\(current)>\(context(phrase))</a>"
        }
        let sorting = [link(ErrorText.byCount, .count, status), link(ErrorText.byRecency, .recent, status)]
        let filters =
            [link(ErrorText.allStatuses, order, nil)]
            + ErrorGroupStatus.allCases.map { link(ErrorText.status($0), order, $0) }
        let rows = groups.map { group -> HTML in
            """
            <tr><th scope="row"><a href="\(SitePage.errorGroup.target(["fingerprint": group.fingerprint]))">\(group.title)</a></th>\
            <td>\(context(ErrorText.status(group.status)))</td><td>\(group.count)</td><td>\(group.devices)</td><td>\(group.accounts)</td>\
            <td>\(SiteFormat.dateTime(group.lastSeen, offset: 0))</td><td>\(group.versions.joined(separator: ", "))</td></tr>
            """
        }
        let table: HTML =
            groups.isEmpty
            ? "<p class=\"empty\">\(context(ErrorText.noGroups))</p>"
            : """
            <div class="table-scroll"><table><thead><tr><th scope="col">\(context(ErrorText.problem))</th>\
            <th scope="col">\(context(SiteText.state))</th><th scope="col">\(context(ErrorText.count))</th>\
            <th scope="col">\(context(ErrorText.devices))</th><th scope="col">\(context(SiteText.accounts))</th>\
            <th scope="col">\(context(ErrorText.lastSeen))</th><th scope="col">\(context(ErrorText.versions))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
        let versions = crashFree.map { version -> HTML in
            let share = String(format: "%.1f %%", version.crashFreeShare * 100)
            return
                "<tr><th scope=\"row\">\(version.version)</th><td>\(version.devices)</td><td>\(version.crashed)</td><td>\(share)</td></tr>"
        }
        return SiteLayout.page(
            context, title: context(ErrorText.title),
            """
            <p><a href="\(SitePage.admin.pattern)">← \(context(SiteText.administration))</a></p>
            <section class="panel"><h2>\(context(ErrorText.groups)) (\(groups.count))</h2>
            <p class="hint">\(context(ErrorText.sortBy)) \(HTML.joined(sorting, separator: " "))</p>
            <p class="hint">\(context(ErrorText.show)) \(HTML.joined(filters, separator: " "))</p>
            \(table)</section>
            <section class="panel"><h2>\(context(ErrorText.crashFree))</h2><div class="table-scroll"><table>
            <thead><tr><th scope="col">\(context(ErrorText.version))</th><th scope="col">\(context(ErrorText.devices))</th>\
            <th scope="col">\(context(ErrorText.crashed))</th><th scope="col">\(context(ErrorText.crashFreeShare))</th></tr></thead>
            <tbody>\(versions)</tbody></table></div></section>
            """)
    }

    public static func group(_ context: SiteContext, _ group: ErrorGroupDetail, notice: String?, problem: String?)
        -> HTML
    {
        let summary = group.summary
        let target = SitePage.updateErrorGroup.target(["fingerprint": summary.fingerprint])
        let facts: [(Phrase, String)] = [
            (SiteText.state, context(ErrorText.status(summary.status))), (ErrorText.count, "\(summary.count)"),
            (ErrorText.devices, "\(summary.devices)"), (SiteText.accounts, "\(summary.accounts)"),
            (ErrorText.firstSeen, SiteFormat.dateTime(summary.firstSeen, offset: 0)),
            (ErrorText.lastSeen, SiteFormat.dateTime(summary.lastSeen, offset: 0)),
            (ErrorText.fixedIn, group.resolvedIn ?? "—"), (ErrorText.cameBackIn, group.regressedIn ?? "—"),
            (ErrorText.raisedAt, group.identity.site), (ErrorText.during, group.identity.operation),
        ]
        let items = facts.map { name, value -> HTML in "<dt>\(context(name))</dt><dd>\(value)</dd>" }
        let crumbs = group.breadcrumbs.map { crumb -> HTML in
            "<tr><td>\(SiteFormat.dateTime(crumb.time, offset: 0))</td><td>\(crumb.level.rawValue)</td><td>\(crumb.category)</td><td>\(crumb.message)</td></tr>"
        }
        let chartTitle = context(ErrorText.perDay)
        return SiteLayout.page(
            context, title: summary.title,
            """
            <p><a href="\(SitePage.errors.pattern)">← \(context(ErrorText.title))</a> · <code>\(summary.fingerprint)</code> · \(summary.kind.rawValue)</p>
            \(AccountPages.noticeBox(notice))\(AccountPages.problemBox(problem))
            <dl class="facts panel">\(items)</dl>
            <section class="panel"><figure class="chart"><img src="\(SitePage.errorChart.target(["fingerprint": summary.fingerprint]))" alt="\(chartTitle)" width="720" height="320">\
            <figcaption>\(chartTitle)</figcaption></figure></section>
            <section class="panel"><h2>\(context(ErrorText.triage))</h2>
            \(Controls.postForm(context, to: target, submit: context(ErrorText.acknowledge), fields: "<input type=\"hidden\" name=\"status\" value=\"acknowledged\">"))
            <form method="post" action="\(target)" class="narrow">\(Controls.formToken(context))<input type="hidden" name="status" value="resolved">
            \(Controls.field(context, id: "version", name: "version", label: context(ErrorText.fixVersion), help: context(ErrorText.fixVersionHelp), maxLength: 40))
            <button type="submit" class="button primary">\(context(ErrorText.resolve))</button></form></section>
            <section class="panel"><h2>\(context(ErrorText.breakdowns))</h2>
            \(shares(context, ErrorText.versions, group.byVersion))\(shares(context, ErrorText.systems, group.bySystem))\
            \(shares(context, ErrorText.models, group.byModel))</section>
            <section class="panel"><h2>\(context(ErrorText.breadcrumbs))</h2><div class="table-scroll"><table>
            <thead><tr><th scope="col">\(context(SiteText.time))</th><th scope="col">\(context(ErrorText.level))</th>\
            <th scope="col">\(context(ErrorText.part))</th><th scope="col">\(context(ErrorText.message))</th></tr></thead>
            <tbody>\(crumbs)</tbody></table></div></section>
            """)
    }

    private static func shares(_ context: SiteContext, _ title: Phrase, _ shares: [ErrorShare]) -> HTML {
        let rows = shares.map { "<tr><th scope=\"row\">\($0.name)</th><td>\($0.count)</td></tr>" as HTML }
        return """
            <div class="table-scroll"><table><caption>\(context(title))</caption>
            <thead><tr><th scope="col">\(context(title))</th><th scope="col">\(context(ErrorText.count))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
    }
}
