import FishingModel
import Foundation
import PortalViews

/// The diary on the site (issue 16 §1): trips newest first with their catches and conditions,
/// filtered by year, species, spot and words, a page at a time. Read-only: the app writes the
/// diary, the site shows it.
public enum DiaryPages {
    /// The names the pages give directory entries (species, baits, methods), by id.
    public struct Names: Sendable {
        public var species: [String: DirectoryName]
        public var baits: [String: DirectoryName]
        public var methods: [String: DirectoryName]

        public init(
            species: [String: DirectoryName], baits: [String: DirectoryName] = [:],
            methods: [String: DirectoryName] = [:]
        ) {
            self.species = species
            self.baits = baits
            self.methods = methods
        }

        static func name(_ id: String, in names: [String: DirectoryName], _ language: SiteLanguage) -> String {
            guard let name = names[id] else { return id }
            return language == .ru ? name.ru : name.en
        }
    }

    /// The list of trips with the filter form and the page links.
    public static func list(_ context: SiteContext, _ page: DiaryTripsPage, filter: DiaryFilter, names: Names) -> HTML {
        let trips =
            page.trips.isEmpty
            ? "<p class=\"empty\">\(context(filter == DiaryFilter() ? SiteText.noTrips : SiteText.noTripsMatch))</p>"
            : "<ol class=\"trips\">\(page.trips.map { entry(context, $0, names: names) })</ol>" as HTML
        return SiteLayout.page(
            context, title: context(SiteText.diary),
            """
            \(filterForm(context, page, filter: filter, names: names))
            <p class="count" role="status">\(SiteText.tripCount(page.total, context.language))</p>
            \(trips)
            \(pageLinks(context, page, filter: filter))
            """)
    }

    static func filterForm(_ context: SiteContext, _ page: DiaryTripsPage, filter: DiaryFilter, names: Names) -> HTML {
        let all = context(SiteText.all)
        let years = [("", all)] + page.years.map { (String($0), String($0)) }
        let species =
            [("", all)]
            + page.species.map { ($0, Names.name($0, in: names.species, context.language)) }.sorted(byName: \.1)
        let spots = [("", all)] + page.spots.map { ($0.id.uuidString.lowercased(), $0.name) }
        return """
            <form method="get" action="\(SitePage.diary.pattern)" class="filters panel" role="search">
            \(Controls.select(context, id: "year", name: "year", label: context(SiteText.year), help: context(SiteText.yearHelp), options: years, selected: filter.year.map(String.init)))
            \(Controls.select(context, id: "species", name: "species", label: context(SiteText.species), help: context(SiteText.speciesHelp), options: species, selected: filter.speciesId))
            \(Controls.select(context, id: "spot", name: "spot", label: context(SiteText.spot), help: context(SiteText.spotHelp), options: spots, selected: filter.spotId?.uuidString.lowercased()))
            \(Controls.field(context, id: "words", name: "q", label: context(SiteText.words), help: context(SiteText.wordsHelp), type: "search", value: filter.words ?? "", maxLength: 200))
            <div class="actions"><button type="submit" class="button primary">\(context(SiteText.show))</button>
            <a class="button" href="\(SitePage.diary.pattern)">\(context(SiteText.clearFilters))</a></div>
            </form>
            """
    }

    static func entry(_ context: SiteContext, _ entry: DiaryTripEntry, names: Names) -> HTML {
        let trip = entry.trip
        let spot: HTML = entry.spot.map { " · <span class=\"spot\">\($0.name)</span>" } ?? .empty
        return """
            <li class="card trip"><h2><a href="\(SitePage.trip.target(id: trip.id))">\(DiaryRecordPages.title(of: trip, context))</a></h2>
            <p class="when">\(DiaryRecordPages.span(trip))\(spot)</p>
            <p class="catches">\(catchSummary(context, entry.fish, names: names))</p>
            \(DiaryRecordPages.conditionsLine(context, trip.conditions))
            </li>
            """
    }

    /// "5 fish: Northern pike ×3, European perch ×2".
    static func catchSummary(_ context: SiteContext, _ fish: [FishCount], names: Names) -> String {
        let total = fish.reduce(0) { $0 + $1.count }
        guard total > 0 else { return context(SiteText.noCatches) }
        let list = fish.map { entry in
            let name = Names.name(entry.speciesId, in: names.species, context.language)
            return entry.count > 1 ? "\(name) ×\(entry.count)" : name
        }
        return "\(SiteText.fishCount(total, context.language)): \(list.joined(separator: ", "))"
    }

    static func pageLinks(_ context: SiteContext, _ page: DiaryTripsPage, filter: DiaryFilter) -> HTML {
        guard page.pageCount > 1 else { return .empty }
        func link(_ number: Int, _ label: String, rel: String) -> HTML {
            var query = [
                URLQueryItem(name: "year", value: filter.year.map(String.init)),
                URLQueryItem(name: "species", value: filter.speciesId),
                URLQueryItem(name: "spot", value: filter.spotId?.uuidString.lowercased()),
                URLQueryItem(name: "q", value: filter.words),
            ]
            query.append(URLQueryItem(name: "page", value: String(number)))
            return "<a class=\"button\" rel=\"\(rel)\" href=\"\(SitePage.diary.target(query: query))\">\(label)</a>"
        }
        let previous = page.page > 1 ? link(page.page - 1, context(SiteText.previous), rel: "prev") : nil
        let next = page.page < page.pageCount ? link(page.page + 1, context(SiteText.next), rel: "next") : nil
        return """
            <nav class="pages" aria-label="\(context(SiteText.pages))">\(previous)\
            <span>\(SiteText.pageOf(page.page, page.pageCount, context.language))</span>\(next)</nav>
            """
    }
}
