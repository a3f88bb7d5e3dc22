import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import MediaMetadata
import SyncClient
import SyncProtocol

/// A catch ready to be shared (issue 34 §4): the card a link will show, its photo without
/// metadata, and why a photo the catch has is not shared.
public struct SharePreparation: Sendable, Equatable {
    /// Where the precision came from.
    public enum PrecisionSource: String, Sendable, Equatable {
        /// Chosen for this share.
        case chosen
        /// The spot's own.
        case spot
        /// The default in Settings.
        case settings
    }

    public var card: SharedCatch
    public var precisionSource: PrecisionSource
    public var photo: [UInt8]?
    /// The photo left out and why ("IMG_2.heic: only JPEG photos are shared from here").
    public var photoLeftOut: String?
}

/// A link made: what the portal keeps of it and its full address.
public struct ShareLink: Sendable, Equatable {
    public var summary: ShareSummary
    public var url: URL
}

/// Sharing a catch without giving the spot away (issue 34 §4; T9, T17), the same for the app's
/// share sheet and `hobbystory share`: the card is made on the device from the diary, with the
/// place at the chosen precision (``SharePrecision``) — the point moved into its square or left
/// out, the spot's name only when exact — and the catch's first photo drawn anew without
/// metadata; then the portal makes the link. Links are listed and revoked from here too.
public struct CatchSharing: Sendable {
    public let diary: DiaryQueue
    /// The way to the portal the diary is signed in to.
    public let transport: @Sendable (URL) -> any SyncTransport
    /// The photo's picture for a link: a JPEG with no metadata, at most ``pictureSize`` pixels on
    /// its longer side, or nil when this device cannot draw the photo's format.
    public let picture: @Sendable (MediaAsset, Int) async throws -> [UInt8]?
    /// A directory entry's name as the angler reads it.
    public let name: @Sendable (DirectoryEntry) -> String

    /// Pixels on the longer side of a shared picture: sharp on a phone, well under the portal's
    /// 1 MiB.
    public static let pictureSize = 1600

    public init(
        diary: DiaryQueue, transport: @escaping @Sendable (URL) -> any SyncTransport,
        picture: @escaping @Sendable (MediaAsset, Int) async throws -> [UInt8]?,
        name: @escaping @Sendable (DirectoryEntry) -> String = { $0.nameEn }
    ) {
        self.diary = diary
        self.transport = transport
        self.picture = picture
        self.name = name
    }

    /// The card and photo a link to catch `id` would carry, at `chosen` precision or else the
    /// spot's or else the default in Settings; reads the diary only.
    public func prepare(_ id: UUID, precision chosen: SharePrecision?, withPhoto: Bool = true) async throws
        -> SharePreparation
    {
        let name = name
        let (card, source, photo) = try await diary.read {
            diary -> (SharedCatch, SharePreparation.PrecisionSource, MediaAsset?) in
            let caught = try diary.catches.record(id)
            let spot = try diary.spots.record(try diary.trips.record(caught.tripId).spotId)
            let (precision, source): (SharePrecision, SharePreparation.PrecisionSource) =
                if let chosen { (chosen, .chosen) } else if let own = spot.sharePrecision { (own, .spot) } else {
                    (try diary.defaultSharePrecision(), .settings)
                }
            func entry(_ kind: DirectoryKind, _ id: String?) throws -> String? {
                guard let id else { return nil }
                return try diary.directoryEntry(kind, id: id).map(name) ?? id
            }
            let region = spot.place.map { place in
                [place.region, place.country].compactMap { $0 }.joined(separator: ", ")
            }
            let card = SharedCatch(
                species: try entry(.species, caught.speciesId) ?? caught.speciesId, caughtAt: caught.caughtAt,
                utcOffsetSeconds: caught.utcOffsetSeconds, count: caught.count, weightKg: caught.weightKg,
                lengthCm: caught.lengthCm, released: caught.released, bait: try entry(.baits, caught.baitId),
                method: try entry(.methods, caught.methodId), precision: precision,
                point: precision.sharedPoint(latitude: spot.latitude, longitude: spot.longitude),
                region: precision.sharesRegion ? region : nil, spotName: precision == .exact ? spot.name : nil)
            let photo = try diary.media.assets(linkedTo: MediaTarget(.catch, id)).first { $0.kind == .photo }
            return (card, source, photo)
        }
        var preparation = SharePreparation(card: card, precisionSource: source, photo: nil, photoLeftOut: nil)
        guard withPhoto, let photo else { return preparation }
        if let bytes = try await picture(photo, Self.pictureSize) {
            preparation.photo = bytes
        } else {
            preparation.photoLeftOut =
                "\(photo.originalName): this device cannot draw a \(photo.metadata.format.rawValue) photo"
        }
        return preparation
    }

    /// The picture of a photo for a link as `maker` draws it (Quick Look on iPhone and iPad,
    /// libjpeg on Linux): at most `size` pixels on its longer side, upright, as a JPEG with every
    /// metadata segment taken out; nil when the maker cannot draw the photo's format.
    public static func picture(drawnBy maker: any ThumbnailMaking, mediaRoot: URL)
        -> @Sendable (MediaAsset, Int) async throws -> [UInt8]?
    {
        { asset, size in
            let drawn = FileManager.default.temporaryDirectory.appendingPathComponent("share-\(UUID().uuidString).jpg")
            defer { try? FileManager.default.removeItem(at: drawn) }
            let file = MediaStore.contentURL(mediaRoot, asset.sha256)
            guard
                try await maker.writeThumbnail(
                    of: file, format: asset.metadata.format, orientation: asset.metadata.orientation,
                    maxPixelSize: size, to: drawn)
            else { return nil }
            return try JPEGMetadataStripping.stripped([UInt8](try Data(contentsOf: drawn)))
        }
    }

    /// Makes the link to a prepared catch on the portal, lasting until `expiresAt` (nil: until
    /// revoked).
    public func share(_ catchId: UUID, _ preparation: SharePreparation, expiresAt: Date?) async throws -> ShareLink {
        let request = ShareRequest(
            id: UUID(), catchId: catchId, card: preparation.card,
            photo: preparation.photo.map { Data($0).base64EncodedString() }, expiresAt: expiresAt)
        let portal = try await portalURL()
        let summary = try await SyncEngine(transport: transport(portal)).createShare(diary, request)
        return ShareLink(summary: summary, url: Self.url(portal, summary.path))
    }

    /// The account's links with their addresses, the newest first.
    public func links() async throws -> [ShareLink] {
        let portal = try await portalURL()
        return try await SyncEngine(transport: transport(portal)).shares(diary).map {
            ShareLink(summary: $0, url: Self.url(portal, $0.path))
        }
    }

    /// Revokes the link `id`.
    public func revoke(_ id: UUID) async throws {
        try await SyncEngine(transport: transport(try await portalURL())).revokeShare(diary, id: id)
    }

    private func portalURL() async throws -> URL { try await diary.signedInPortal() }

    static func url(_ portal: URL, _ path: String) -> URL {
        var text = portal.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + path) ?? portal
    }
}
