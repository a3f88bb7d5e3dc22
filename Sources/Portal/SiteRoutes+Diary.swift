import FishingModel
import Foundation
import HTTPServer
import PortalStore
import Site

/// The diary's pages (issue 16 §1): the trips with filters, a trip, a catch, and the photos and
/// videos themselves (with `Range`, so a video can be scrubbed). Every read names the visitor's
/// account: another account's record is simply not found.
extension SiteRoutes {
    func addDiaryPages(to router: inout Router) {
        on(&router, .diary, handleDiary)
        on(&router, .trip, handleTrip)
        on(&router, .catch, handleCatch)
        on(&router, .media, handleMedia)
    }

    /// Answers ``SitePage/diary``.
    func handleDiary(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let principal = try visit.signedIn()
        let filter = try Self.diaryFilter(visit.request)
        let pageNumber = try Self.integer(visit.request, "page", in: 1...1_000_000) ?? 1
        return try cachedPage(visit) {
            let page = try store.diary.trips(account: principal.accountId, filter: filter, page: pageNumber)
            return DiaryPages.list(
                visit.context(email: try store.accounts.account(principal.accountId).email), page, filter: filter,
                names: try Self.names(store))
        }
    }

    /// Answers ``SitePage/trip``.
    func handleTrip(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        try recordPage(visit, find: store.diary.trip, render: DiaryRecordPages.trip)
    }

    /// Answers ``SitePage/catch``.
    func handleCatch(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        try recordPage(visit, find: store.diary.catchDetail, render: DiaryRecordPages.catch)
    }

    /// Answers ``SitePage/media``.
    func handleMedia(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let account = try visit.signedIn().accountId
        guard let media = try store.diary.media(account: account, id: try visit.id()),
            let size = try store.media.size(account: account, sha256: media.sha256)
        else { throw SiteProblem(status: .notFound, SiteText.noSuchRecord) }
        return try RangedDownload.response(
            visit.request, size: size,
            headers: [
                "Content-Type": media.contentType, "ETag": "\"\(media.sha256)\"",
                "Cache-Control": "private, max-age=86400",
                // Opened on its own, a photo is shown by the browser's viewer, which styles
                // itself inline; nothing in it can run.
                "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; "
                    + "style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
            ],
            what: "media"
        ) { offset, count in
            try store.media.read(account: account, sha256: media.sha256, offset: offset, count: count)
        }
    }

    /// The page of one of the signed-in angler's records (a trip, a catch), 404 when the account
    /// has none with the address's id.
    private func recordPage<Detail>(
        _ visit: SiteVisit, find: (_ account: UUID, _ id: UUID) throws -> Detail?,
        render: (SiteContext, Detail, DiaryPages.Names) -> HTML
    ) throws -> HTTPResponse {
        let principal = try visit.signedIn()
        let id = try visit.id()
        return try cachedPage(visit) {
            guard let detail = try find(principal.accountId, id) else {
                throw SiteProblem(status: .notFound, SiteText.noSuchRecord)
            }
            return render(
                visit.context(email: try store.accounts.account(principal.accountId).email), detail,
                try Self.names(store))
        }
    }

    /// A diary page from the cache while the diary is unchanged, rendered otherwise.
    func cachedPage(_ visit: SiteVisit, render: () throws -> HTML) throws -> HTTPResponse {
        let principal = try visit.signedIn()
        let key = [
            principal.tokenHash, "\(principal.isAdmin)", try store.diary.mark(account: principal.accountId),
            visit.language.rawValue, visit.request.target,
        ].joined(separator: "|")
        let page = try pageCache.page(key) { Data(try render().description.utf8) }
        return visit.page(bytes: page)
    }

    /// The diary's filters from the query; a value out of range is refused with what is allowed.
    static func diaryFilter(_ request: HTTPRequest) throws -> DiaryFilter {
        var filter = DiaryFilter()
        filter.year = try integer(request, "year", in: 1...9_999)
        if let species = try request.queryValue("species"), !species.isEmpty {
            guard species.utf8.count <= Limits.directoryIdBytes else {
                throw HTTPError.badRequest(
                    code: .invalidSpecies,
                    "species must be a directory id of at most \(Limits.directoryIdBytes) bytes")
            }
            filter.speciesId = species
        }
        if let spot = try request.queryValue("spot"), !spot.isEmpty {
            guard let id = UUID(uuidString: spot) else {
                throw HTTPError.badRequest(code: .invalidSpot, "spot \"\(spot.prefix(40))\" is not a spot's id")
            }
            filter.spotId = id
        }
        if let words = try request.queryValue("q")?.trimmingCharacters(in: .whitespacesAndNewlines), !words.isEmpty {
            guard words.count <= 200, words.utf8.count <= 800 else {
                throw HTTPError.badRequest(
                    code: .invalidQ, "the words to find are at most 200 characters (800 bytes)")
            }
            filter.words = words
        }
        return filter
    }

    static func integer(_ request: HTTPRequest, _ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try request.queryValue(name), !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw HTTPError.badRequest(
                code: .invalid(name),
                "\(name) \"\(text.prefix(40))\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func names(_ store: PortalStore) throws -> DiaryPages.Names {
        let names = try store.diary.directoryNames()
        return DiaryPages.Names(
            species: names[.species] ?? [:], baits: names[.baits] ?? [:], methods: names[.methods] ?? [:])
    }
}
