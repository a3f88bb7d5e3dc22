import FishingModel
import Foundation
import HTTPServer
import PortalStore
import ReportOutput
import Site

/// The administration's pages (issue 16 §1): statistics with the downloads chart, and the
/// directories edited as `hobbystory-portal admin directory` edits them — devices receive every
/// change at their next sync (T5). Only administrators reach them (403 for everyone else).
extension SiteRoutes {
    func addAdminPages(to router: inout Router) {
        on(&router, .admin, handleAdmin)
        on(&router, .downloadsChart, handleDownloadsChart)
        on(&router, .directory, handleDirectory)
        on(&router, .addDirectoryEntry, handleAddDirectoryEntry)
        on(&router, .directoryEntry, handleDirectoryEntry)
        on(&router, .renameDirectoryEntry, handleRenameDirectoryEntry)
        on(&router, .confirmRetireDirectoryEntry, handleConfirmRetireDirectoryEntry)
        on(&router, .retireDirectoryEntry, handleRetireDirectoryEntry)
    }

    /// Answers ``SitePage/admin``.
    func handleAdmin(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let directories = try store.directories.current()
        return visit.page(
            AdminPages.overview(
                try context(visit), stats: try store.accounts.stats(), directoryVersion: directories.version,
                hasSales: try !store.licences.dailyUnits(.download).isEmpty))
    }

    /// Answers ``SitePage/downloadsChart``.
    func handleDownloadsChart(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let days = try store.licences.dailyUnits(.download)
        let chart = ChartSpec(
            kind: .bar, title: SiteText.downloadsChartTitle(visit.language),
            categoryLabel: SiteText.day(visit.language), valueLabel: SiteText.downloadsAxis(visit.language),
            unit: nil, categories: days.map { String($0.day.dropFirst(5)) },
            series: [
                ChartSeries(name: SiteText.downloadsAxis(visit.language), values: days.map { Double($0.units) })
            ])
        return Self.svg(chart)
    }

    /// Answers ``SitePage/directory``.
    func handleDirectory(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let notice: Phrase? =
            switch try visit.request.queryValue("done") {
            case "added": SiteText.entryAdded
            case "renamed": SiteText.entryRenamed
            case "retired": SiteText.entryRetired
            default: nil
            }
        return try directoryPage(visit, kind: try Self.kind(visit), notice: notice.map { $0(visit.language) })
    }

    /// Answers ``SitePage/addDirectoryEntry``.
    func handleAddDirectoryEntry(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let kind = try Self.kind(visit)
        do {
            try store.directories.addEntry(
                DirectoryEntry(
                    kind: kind, id: "", nameEn: visit.form["name"] ?? "", nameRu: visit.form["nameRu"] ?? "",
                    latin: visit.form["latin"]))
        } catch let refusal as PortalStoreError {
            return try directoryPage(visit, kind: kind, problem: refusal.description, status: .badRequest)
        }
        return visit.redirect(to: Self.directoryTarget(kind, done: "added"))
    }

    /// Answers ``SitePage/directoryEntry``.
    func handleDirectoryEntry(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let (kind, id) = (try Self.kind(visit), visit.parameters["id"] ?? "")
        return try entryPage(visit, kind: kind, id: id)
    }

    /// Answers ``SitePage/renameDirectoryEntry``.
    func handleRenameDirectoryEntry(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let (kind, id) = (try Self.kind(visit), visit.parameters["id"] ?? "")
        do {
            try store.directories.renameEntry(
                kind, id: id, nameEn: visit.form["name"], nameRu: visit.form["nameRu"])
        } catch let refusal as PortalStoreError {
            return try entryPage(visit, kind: kind, id: id, problem: refusal.description, status: .badRequest)
        }
        return visit.redirect(to: Self.directoryTarget(kind, done: "renamed"))
    }

    /// Answers ``SitePage/confirmRetireDirectoryEntry``.
    func handleConfirmRetireDirectoryEntry(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let (kind, id) = (try Self.kind(visit), visit.parameters["id"] ?? "")
        let entries = try store.directories.current().entries.filter { $0.kind == kind }
        let replacementId = try visit.request.queryValue("replacement") ?? ""
        guard let entry = entries.first(where: { $0.id == id }) else {
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        }
        guard let replacement = entries.first(where: { $0.id == replacementId && !$0.retired && $0.id != id })
        else {
            return try entryPage(
                visit, kind: kind, id: id, problem: "replacement: choose an entry that is not retired",
                status: .badRequest)
        }
        let path = ["kind": kind.rawValue, "id": id]
        return visit.page(
            AccountPages.confirm(
                try context(visit), title: SiteText.retireTitle(visit.language),
                question: SiteText.confirmRetire(entry.nameEn, replacement.nameEn, visit.language),
                action: SitePage.retireDirectoryEntry.target(path),
                confirmLabel: SiteText.retireTitle(visit.language),
                cancel: SitePage.directoryEntry.target(path),
                fields: ["replacement": replacement.id]))
    }

    /// Answers ``SitePage/retireDirectoryEntry``.
    func handleRetireDirectoryEntry(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let (kind, id) = (try Self.kind(visit), visit.parameters["id"] ?? "")
        guard visit.form["confirm"] == "yes" else {
            return visit.redirect(to: SitePage.directoryEntry.target(["kind": kind.rawValue, "id": id]))
        }
        do {
            try store.directories.retireEntry(kind, id: id, replacement: visit.form["replacement"] ?? "")
        } catch let refusal as PortalStoreError {
            return try entryPage(visit, kind: kind, id: id, problem: refusal.description, status: .badRequest)
        }
        return visit.redirect(to: Self.directoryTarget(kind, done: "retired"))
    }

    /// The page context with the signed-in administrator's email.
    func context(_ visit: SiteVisit) throws -> SiteContext {
        visit.context(email: try store.accounts.account(try visit.signedIn().accountId).email)
    }

    private func directoryPage(
        _ visit: SiteVisit, kind: DirectoryKind, notice: String? = nil, problem: String? = nil,
        status: HTTPStatus = .ok
    ) throws -> HTTPResponse {
        let directories = try store.directories.current()
        var replacements: [String: String] = [:]
        for replacement in directories.replacements where replacement.kind == kind {
            replacements[replacement.retiredId] = replacement.replacementId
        }
        return visit.page(
            AdminPages.directory(
                try context(visit), kind: kind, entries: directories.entries.filter { $0.kind == kind },
                replacements: replacements, version: directories.version, notice: notice, problem: problem),
            status: status)
    }

    private func entryPage(
        _ visit: SiteVisit, kind: DirectoryKind, id: String, problem: String? = nil, status: HTTPStatus = .ok
    ) throws -> HTTPResponse {
        let directories = try store.directories.current()
        let entries = directories.entries.filter { $0.kind == kind }
        guard let entry = entries.first(where: { $0.id == id }), !entry.retired else {
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        }
        return visit.page(
            AdminPages.entry(
                try context(visit), entry, others: entries, version: directories.version, problem: problem),
            status: status)
    }

    static func kind(_ visit: SiteVisit) throws -> DirectoryKind {
        guard let kind = visit.parameters["kind"].flatMap(DirectoryKind.init(rawValue:)) else {
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        }
        return kind
    }

    static func directoryTarget(_ kind: DirectoryKind, done: String) -> String {
        SitePage.directory.target(["kind": kind.rawValue], query: [URLQueryItem(name: "done", value: done)])
    }
}
