import Foundation
import HTTPServer
import PortalStore
import Site

/// The licence pages (T13, issue 17): every App Store purchase, one with its history.
/// Administrators only, like every `/admin` page.
extension SiteRoutes {
    func addLicencePages(to router: inout Router) {
        on(&router, .licences, handleLicences)
        on(&router, .licence, handleLicence)
    }

    /// Answers ``SitePage/licences``.
    func handleLicences(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        visit.page(
            LicencePages.list(
                try context(visit), licences: try store.licences.list(), events: try store.licences.events())
        )
    }

    /// Answers ``SitePage/licence``.
    func handleLicence(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        guard let (licence, events) = try store.licences.licence(visit.parameters["id"] ?? "") else {
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        }
        return visit.page(LicencePages.licence(try context(visit), licence, events: events))
    }
}
