import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Observation
import SyncProtocol

/// "Share" on a catch's page (issue 34 §4; T9, T17): a link on the portal showing the fish, its
/// photo without metadata and the place no finer than the angler chooses — the spot's own choice,
/// else the default in Settings, changed here and remembered for the spot when asked. What the
/// link will show is previewed before anything leaves the device; the link is then handed to the
/// share sheet, and can be revoked from here.
@MainActor
@Observable
public final class ShareCatchModel: SafeguardsDestructiveActions {
    public static let precision = Control("share.precision", .picker)
    public static let rememberForSpot = Control("share.rememberForSpot", .toggle)
    public static let includePhoto = Control("share.photo", .toggle)
    public static let expiry = Control("share.expiry", .picker)
    public static let create = Control("share.create", .button)
    public static let send = Control("share.send", .button)
    public static let revoke = Control("share.revoke", .button, safeguard: .confirm)
    public static let done = Control("share.done", .button)
    public static let controls = [precision, rememberForSpot, includePhoto, expiry, create, send, revoke, done]

    /// How long a link lasts.
    public enum Expiry: Int, CaseIterable, Sendable, Identifiable {
        case never = 0
        case day = 1
        case week = 7
        case month = 30
        public var id: Int { rawValue }
    }

    public let catchId: UUID
    public var precision: SharePrecision = .about10km
    /// Keep ``precision`` as the spot's own, for every catch shared from it.
    public var rememberForSpot = false
    public var includePhoto = true
    public var expiry: Expiry = .never
    /// What the link would show, made without the photo (drawing it waits for the link).
    public private(set) var preview: SharePreparation?
    public private(set) var hasPhoto = false
    public private(set) var spotName: String?
    public private(set) var link: ShareLink?
    public private(set) var isWorking = false
    public private(set) var problem: String?
    /// Withdrawing the link asks first: its page goes at once, for everyone it was sent to.
    public private(set) var confirmation: PendingConfirmation?
    /// Nothing here goes to the Trash: withdrawing a link is confirmed instead.
    public var undoOffer: UndoOffer? { nil }
    /// The default in Settings, named in the note under the toggle.
    public private(set) var defaultPrecision: SharePrecision = .about10km

    private let sharing: CatchSharing
    private let diary: DiaryQueue
    private let formatter: MeasureFormatter
    private let catalog: Catalog
    private let now: @Sendable () -> Date
    private var language: Language { formatter.language }

    public init(
        sharing: CatchSharing, catchId: UUID, formatter: MeasureFormatter, catalog: Catalog = .shared,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.sharing = sharing
        self.diary = sharing.diary
        self.catchId = catchId
        self.formatter = formatter
        self.catalog = catalog
        self.now = now
    }

    /// Reads the catch: the precision its spot or Settings gives, and the preview at it.
    public func load() async throws {
        let id = catchId
        let (spot, photo) = try await diary.read { diary in
            let caught = try diary.catches.record(id)
            let spot = try diary.spots.record(try diary.trips.record(caught.tripId).spotId)
            return (spot, try diary.media.assets(linkedTo: MediaTarget(.catch, id)).contains { $0.kind == .photo })
        }
        (spotName, hasPhoto, rememberForSpot) = (spot.name, photo, spot.sharePrecision != nil)
        defaultPrecision = try await diary.read { try $0.defaultSharePrecision() }
        let preview = try await sharing.prepare(id, precision: nil, withPhoto: false)
        precision = preview.card.precision
        self.preview = preview
    }

    /// Another precision: the preview follows at once.
    public func choose(precision: SharePrecision) async {
        self.precision = precision
        problem = await ProblemMessages(language: language).problem {
            self.preview = try await self.sharing.prepare(self.catchId, precision: precision, withPhoto: false)
        }
    }

    /// Makes the link (the photo drawn anew without metadata), keeping the precision for the spot
    /// when asked; the network is needed here, never for saving.
    public func createLink() async {
        guard !isWorking else { return }
        isWorking = true
        defer { isWorking = false }
        let (id, precision, withPhoto, remember) = (catchId, precision, includePhoto && hasPhoto, rememberForSpot)
        let expiresAt = expiry == .never ? nil : now().addingTimeInterval(Double(expiry.rawValue) * 86_400)
        problem = await ProblemMessages(language: language).problem {
            try await self.diary.write { diary in
                let spotId = try diary.trips.record(try diary.catches.record(id).tripId).spotId
                let spot = try diary.spots.record(spotId)
                let wanted = remember ? precision : nil
                if spot.sharePrecision != wanted { _ = try diary.spots.update(spotId) { $0.sharePrecision = wanted } }
            }
            let preparation = try await self.sharing.prepare(id, precision: precision, withPhoto: withPhoto)
            self.preview = preparation
            self.link = try await self.sharing.share(id, preparation, expiresAt: expiresAt)
        }
    }

    /// Withdrawing the link made here asks first (``confirmation``); confirmed, its page is gone
    /// at once.
    public func request(_ control: Control) async {
        guard control == Self.revoke, let link else { return }
        confirmation = PendingConfirmation(
            control: control, title: catalog.text("confirm.share.revoke.title", language),
            message: catalog.text("confirm.share.revoke.message", language)
        ) { [weak self] in
            guard let self else { return }
            confirmation = nil
            await revoke(link)
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    private func revoke(_ link: ShareLink) async {
        guard !isWorking else { return }
        isWorking = true
        defer { isWorking = false }
        problem = await ProblemMessages(language: language).problem {
            try await self.sharing.revoke(link.summary.id)
            self.link = nil
        }
    }

    /// Everything the link's page will show besides the photo, as the page labels it: when, the
    /// figures, the bait and method, whether it went back, and the place.
    public var previewFacts: [CatchPageModel.Fact] {
        guard let card = preview?.card else { return [] }
        let f = formatter
        let rows: [(String, String?)] = [
            (catalog.text("share.fact.species", language), card.species),
            (
                catalog.text("share.fact.when", language),
                DiaryDates(language: language).moment(card.caughtAt, offset: card.utcOffsetSeconds)
            ),
            (catalog.label(CatchEditorModel.count, language), card.count > 1 ? String(card.count) : nil),
            (catalog.label(CatchEditorModel.weight, language), card.weightKg.map(f.weight(kilograms:))),
            (catalog.label(CatchEditorModel.length, language), card.lengthCm.map(f.length(centimetres:))),
            (catalog.label(CatchEditorModel.bait, language), card.bait),
            (catalog.label(CatchEditorModel.method, language), card.method),
            (
                catalog.label(CatchEditorModel.released, language),
                catalog.text(card.released ? "share.fact.yes" : "share.fact.no", language)
            ),
            (catalog.text("share.placeRow", language), placeText),
        ]
        return rows.compactMap { label, value in value.map { CatchPageModel.Fact(label: label, value: $0) } }
    }

    /// How long the made link works, in words: "…until you withdraw it" or "…until Sun 7 Jun
    /// 2026, 09:01, or until you withdraw it" (on the clock the catch was logged with).
    public var linkLifeText: String? {
        guard let link else { return nil }
        guard let expires = link.summary.expiresAt else { return catalog.text("share.linkMade", language) }
        let until = DiaryDates(language: language).moment(expires, offset: preview?.card.utcOffsetSeconds ?? 0)
        return catalog.text("share.linkMadeUntil", language, ["until": until])
    }

    /// A precision as the picker names it: "About 1 km".
    public func name(of precision: SharePrecision) -> String {
        catalog.text("share.precision.\(precision.rawValue)", language)
    }

    /// An expiry as the picker names it: "A week".
    public func name(of expiry: Expiry) -> String { catalog.text("share.expiry.\(expiry.rawValue)", language) }

    /// What the link will show of the place, in the angler's words: "Uusimaa, Finland · the
    /// square of about 1 km around 60.18° N, 24.94° E", "Not shown".
    public var placeText: String {
        guard let card = preview?.card else { return "" }
        var parts = [card.spotName, card.region].compactMap { $0 }
        if let point = card.point {
            let digits = card.precision.decimals
            let written =
                "\(formatter.number(abs(point.latitude), digits: digits))° \(point.latitude < 0 ? "S" : "N"), "
                + "\(formatter.number(abs(point.longitude), digits: digits))° \(point.longitude < 0 ? "W" : "E")"
            parts.append(
                card.precision == .exact
                    ? written : catalog.text("share.square.\(card.precision.rawValue)", language, ["point": written]))
        }
        return parts.isEmpty ? catalog.text("share.placeNotShown", language) : parts.joined(separator: " · ")
    }

    /// Says where the precision comes from: the spot's own, or the default in Settings.
    public var precisionNote: String {
        rememberForSpot
            ? catalog.text("share.note.spot", language, ["spot": spotName ?? ""])
            : catalog.text("share.note.settings", language, ["default": name(of: defaultPrecision)])
    }
}
