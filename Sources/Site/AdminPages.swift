import FishingModel
import Foundation
import SyncProtocol

/// The administration's pages (issue 16 §1; T5 directories, T12 counts): statistics with the
/// App Store downloads chart, and the directories — list, add, rename, retire with a
/// replacement — as `hobbystory-portal admin directory` does them.
public enum AdminPages {
    public static func overview(_ context: SiteContext, stats: PortalStats, directoryVersion: Int, hasSales: Bool)
        -> HTML
    {
        let numbers: [(Phrase, String)] = [
            (SiteText.accounts, "\(stats.accounts)"), (SiteText.devices, "\(stats.devices)"),
            (SiteText.activeDay, "\(stats.activeLastDay)"), (SiteText.activeWeek, "\(stats.activeLast7Days)"),
            (SiteText.activeMonth, "\(stats.activeLast30Days)"), (SiteText.downloads, "\(stats.downloads)"),
            (SiteText.downloadsMonth, "\(stats.downloadsLast30Days)"), (SiteText.redownloads, "\(stats.redownloads)"),
            (SiteText.updates, "\(stats.updates)"),
        ]
        let cards = numbers.map { name, value -> HTML in
            "<li class=\"stat\"><span>\(context(name))</span> <strong>\(value)</strong></li>"
        }
        let chart: HTML =
            hasSales
            ? """
            <figure class="chart"><img src="\(SitePage.downloadsChart.pattern)" alt="\(context(SiteText.downloadsChartTitle))" width="720" height="320">\
            <figcaption>\(context(SiteText.downloadsChartTitle)) · \(context(SiteText.lastReport)) \(stats.lastSalesDay ?? "")</figcaption></figure>
            """
            : "<p class=\"empty\">\(context(SiteText.noSales))</p>"
        let directories = DirectoryKind.allCases.map { kind -> HTML in
            "<li><a class=\"button\" href=\"\(SitePage.directory.target(["kind": kind.rawValue]))\">\(context(kindName(kind)))</a></li>"
        }
        return SiteLayout.page(
            context, title: context(SiteText.administration),
            """
            <section class="panel"><h2>\(context(SiteText.statistics))</h2><ul class="stats">\(cards)</ul>\(chart)</section>
            <section class="panel"><h2>\(context(SiteText.directories))</h2>
            <p>\(context(SiteText.directoryVersion)) <strong>\(directoryVersion)</strong></p>
            <ul class="buttons">\(directories)</ul></section>
            <section class="panel"><h2>\(context(ErrorText.title))</h2>
            <p><a class="button" href="\(SitePage.errors.pattern)">\(context(ErrorText.openErrors))</a></p></section>
            <section class="panel"><h2>\(context(LicenceText.title))</h2>
            <p><a class="button" href="\(SitePage.licences.pattern)">\(context(LicenceText.open))</a></p></section>
            """)
    }

    /// One directory: its entries and the form that adds one.
    public static func directory(
        _ context: SiteContext, kind: DirectoryKind, entries: [DirectoryEntry], replacements: [String: String],
        version: Int, notice: String?, problem: String?
    ) -> HTML {
        let rows = entries.map { entry -> HTML in
            let status: HTML =
                entry.retired
                ? "\(context(SiteText.retired))\(replacements[entry.id].map { " → \($0)" } ?? "")"
                : "<a href=\"\(SitePage.directoryEntry.target(["kind": kind.rawValue, "id": entry.id]))\">\(context(SiteText.edit))<span class=\"visually-hidden\"> \(entry.nameEn)</span></a>"
            return
                "<tr><td><code>\(entry.id)</code></td><th scope=\"row\">\(entry.nameEn)</th><td>\(entry.nameRu)</td><td>\(status)</td></tr>"
        }
        let latin: HTML =
            kind == .species
            ? Controls.field(
                context, id: "latin", name: "latin", label: context(SiteText.latinName),
                help: context(SiteText.latinHelp),
                required: true, maxLength: 200)
            : .empty
        return SiteLayout.page(
            context, title: context(kindName(kind)),
            """
            <p><a href="\(SitePage.admin.pattern)">← \(context(SiteText.administration))</a> · \(context(SiteText.directoryVersion)) <strong>\(version)</strong></p>
            \(AccountPages.noticeBox(notice))\(AccountPages.problemBox(problem))
            <section class="panel"><h2>\(context(SiteText.addEntry))</h2>
            <form method="post" action="\(SitePage.addDirectoryEntry.target(["kind": kind.rawValue]))" class="narrow">\(Controls.formToken(context))
            \(Controls.field(context, id: "name", name: "name", label: context(SiteText.englishName), help: context(SiteText.englishNameHelp), required: true, maxLength: 200))
            \(Controls.field(context, id: "name-ru", name: "nameRu", label: context(SiteText.russianName), help: context(SiteText.russianNameHelp), maxLength: 200))
            \(latin)
            <button type="submit" class="button primary">\(context(SiteText.add))</button></form></section>
            <section class="panel"><h2>\(context(SiteText.entries)) (\(entries.count))</h2><div class="table-scroll"><table>
            <thead><tr><th scope="col">Id</th><th scope="col">\(context(SiteText.englishName))</th>\
            <th scope="col">\(context(SiteText.russianName))</th><th scope="col">\(context(SiteText.state))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div></section>
            """)
    }

    /// One entry: rename it, or retire it in favour of another (asked again before it happens).
    public static func entry(
        _ context: SiteContext, _ entry: DirectoryEntry, others: [DirectoryEntry], version: Int, problem: String?
    ) -> HTML {
        let path = ["kind": entry.kind.rawValue, "id": entry.id]
        let options = others.filter { !$0.retired && $0.id != entry.id }.map {
            (value: $0.id, label: "\($0.nameEn) (\($0.id))")
        }
        return SiteLayout.page(
            context, title: entry.nameEn,
            """
            <p><a href="\(SitePage.directory.target(["kind": entry.kind.rawValue]))">← \(context(kindName(entry.kind)))</a> · \
            \(context(SiteText.directoryVersion)) <strong>\(version)</strong> · <code>\(entry.id)</code></p>
            \(AccountPages.problemBox(problem))
            <section class="panel"><h2>\(context(SiteText.rename))</h2>
            <form method="post" action="\(SitePage.renameDirectoryEntry.target(path))" class="narrow">\(Controls.formToken(context))
            \(Controls.field(context, id: "name", name: "name", label: context(SiteText.englishName), help: context(SiteText.englishNameHelp), value: entry.nameEn, required: true, maxLength: 200))
            \(Controls.field(context, id: "name-ru", name: "nameRu", label: context(SiteText.russianName), help: context(SiteText.russianNameHelp), value: entry.nameRu, required: true, maxLength: 200))
            <button type="submit" class="button primary">\(context(SiteText.saveNames))</button></form></section>
            <section class="panel"><h2>\(context(SiteText.retire))</h2><p class="hint">\(context(SiteText.retireHint))</p>
            <form method="get" action="\(SitePage.confirmRetireDirectoryEntry.target(path))" class="narrow">
            \(Controls.select(context, id: "replacement", name: "replacement", label: context(SiteText.replacement), help: context(SiteText.replacementHelp), options: options, selected: nil))
            <button type="submit" class="button danger">\(context(SiteText.retire))…</button></form></section>
            """)
    }

    static func kindName(_ kind: DirectoryKind) -> Phrase {
        switch kind {
        case .species: SiteText.species
        case .baits: SiteText.baits
        case .methods: SiteText.methods
        case .waterBodyTypes: SiteText.waterBodyTypes
        }
    }
}
