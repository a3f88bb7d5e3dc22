import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Observation
import SyncClient
import SyncProtocol

/// Settings › Sharing (issue 34 §4; T9, UI5): the default precision of a shared catch and every
/// link the account has made — what each shows, whether it still works, until when — so a link
/// sent long ago can be found and withdrawn. Withdrawing asks first: the page goes at once for
/// everyone it was sent to. The list is the portal's; signed out, the page says so.
@MainActor
@Observable
public final class SharedLinksModel: SafeguardsDestructiveActions {
    public static let send = Control("sharedLinks.send", .button)
    public static let withdraw = Control("sharedLinks.withdraw", .button, safeguard: .confirm)
    /// Signed out: the way to the account's page, where the angler signs in.
    public static let signIn = Control("sharedLinks.signIn", .link, opens: "page.sync")
    public static let controls = [send, withdraw, signIn]

    /// One link as its row shows it.
    public struct Row: Identifiable, Sendable, Equatable {
        /// Whether the link still opens, and if not, why.
        public enum State: Sendable, Equatable {
            case works, expired, withdrawn
        }

        public let id: UUID
        /// The fish: "Northern pike".
        public let species: String
        /// "Made Sun 7 Jun 2026 · About 1 km · with its photo".
        public let details: String
        /// "Works until you withdraw it", "Works until Sun 14 Jun 2026, 09:01", "Expired Sun 14
        /// Jun 2026", "Withdrawn Sun 14 Jun 2026".
        public let status: String
        /// Still opens for whoever has it (it can be sent again and withdrawn), or why not.
        public let state: State
        public let url: URL
    }

    /// What the page can show.
    public enum Status: Equatable, Sendable {
        case loading
        /// The diary is not signed in to a portal: there are no links to show.
        case signedOut
        case loaded
    }

    public private(set) var status: Status = .loading
    /// The links, those still working first, the newest first within each.
    public private(set) var rows: [Row] = []
    /// The link a Withdraw button was tapped on.
    public var selected: Row?
    public private(set) var problem: String?
    public private(set) var confirmation: PendingConfirmation?
    /// Nothing here goes to the Trash: withdrawing a link is confirmed instead.
    public var undoOffer: UndoOffer? { nil }

    private let sharing: CatchSharing
    private let language: Language
    private let catalog: Catalog
    private let timeZone: TimeZone
    private let now: @Sendable () -> Date

    public init(
        sharing: CatchSharing, language: Language, catalog: Catalog = .shared, timeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.sharing = sharing
        self.language = language
        self.catalog = catalog
        self.timeZone = timeZone
        self.now = now
    }

    /// Asks the portal for the account's links; the network is needed here, never for saving.
    public func load() async {
        do {
            let links = try await sharing.links()
            let moment = now()
            rows = links.map { row($0, at: moment) }.enumerated()
                .sorted {
                    ($0.element.state == .works ? 0 : 1, $0.offset) < ($1.element.state == .works ? 0 : 1, $1.offset)
                }
                .map(\.element)
            status = .loaded
            problem = nil
        } catch SyncError.notSignedIn {
            (status, rows, problem) = (.signedOut, [], nil)
        } catch {
            if status == .loading { status = .loaded }
            problem = ProblemMessages(language: language, catalog: catalog).text(error)
        }
    }

    /// Withdrawing the ``selected`` link asks first (``confirmation``) and names the fish.
    public func request(_ control: Control) async {
        guard control == Self.withdraw, let link = selected, link.state == .works else { return }
        confirmation = PendingConfirmation(
            control: control, title: catalog.text("confirm.share.revoke.title", language),
            message: catalog.text("confirm.sharedLinks.withdraw.message", language, ["species": link.species])
        ) { [weak self] in
            guard let self else { return }
            confirmation = nil
            do {
                try await sharing.revoke(link.id)
                selected = nil
                await load()
            } catch {
                problem = ProblemMessages(language: language, catalog: catalog).text(error)
            }
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    private func row(_ link: ShareLink, at moment: Date) -> Row {
        let summary = link.summary
        let dates = DiaryDates(language: language)
        func day(_ date: Date) -> String { dates.day(date, offset: timeZone.secondsFromGMT(for: date)) }
        func when(_ date: Date) -> String { dates.moment(date, offset: timeZone.secondsFromGMT(for: date)) }
        var details = [
            catalog.text("sharedLinks.made", language, ["day": day(summary.createdAt)]),
            catalog.text("share.precision.\(summary.precision.rawValue)", language),
        ]
        if summary.hasPhoto { details.append(catalog.text("sharedLinks.withPhoto", language)) }
        let (status, state): (String, Row.State) =
            if let revoked = summary.revokedAt {
                (catalog.text("sharedLinks.withdrawn", language, ["day": day(revoked)]), .withdrawn)
            } else if let expires = summary.expiresAt, expires <= moment {
                (catalog.text("sharedLinks.expired", language, ["day": day(expires)]), .expired)
            } else if let expires = summary.expiresAt {
                (catalog.text("sharedLinks.worksUntil", language, ["until": when(expires)]), .works)
            } else {
                (catalog.text("sharedLinks.works", language), .works)
            }
        return Row(
            id: summary.id, species: summary.species, details: details.joined(separator: " · "), status: status,
            state: state, url: link.url)
    }
}
