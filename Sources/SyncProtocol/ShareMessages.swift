import FishingModel
import Foundation

/// What a shared catch's link shows (issue 34 §4; T9, T17): the fish, when, and the place only
/// at the precision the angler chose — the point already moved into its square (or left out),
/// the region's name, the spot's own name only when shared exactly. Made on the device from the
/// diary; the portal checks it (``problem``) and serves nothing else of the catch.
public struct SharedCatch: Codable, Sendable, Equatable {
    /// The species as the angler reads it.
    public var species: String
    public var caughtAt: Date
    public var utcOffsetSeconds: Int
    public var count: Int
    public var weightKg: Double?
    public var lengthCm: Double?
    public var released: Bool
    public var bait: String?
    public var method: String?
    public var precision: SharePrecision
    /// The point at ``precision`` (``SharePrecision/sharedPoint(latitude:longitude:)``).
    public var point: SharedPoint?
    /// "Region, Country" of the place; nil at ``SharePrecision/none``.
    public var region: String?
    /// The spot's name; only at ``SharePrecision/exact``.
    public var spotName: String?

    public init(
        species: String, caughtAt: Date, utcOffsetSeconds: Int, count: Int, weightKg: Double?, lengthCm: Double?,
        released: Bool, bait: String?, method: String?, precision: SharePrecision, point: SharedPoint?,
        region: String?, spotName: String?
    ) {
        self.species = species
        self.caughtAt = caughtAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.count = count
        self.weightKg = weightKg
        self.lengthCm = lengthCm
        self.released = released
        self.bait = bait
        self.method = method
        self.precision = precision
        self.point = point
        self.region = region
        self.spotName = spotName
    }

    /// The first thing wrong with the card — the field and why — or nil. A place finer than its
    /// precision is refused, never coarsened quietly: a device that sends one is wrong.
    public var problem: (field: String, message: String)? {
        let texts: [(String, String?, Int)] = [
            ("species", species, Limits.nameLength), ("bait", bait, Limits.nameLength),
            ("method", method, Limits.nameLength), ("region", region, Limits.titleLength),
            ("spotName", spotName, Limits.nameLength),
        ]
        for (field, text, limit) in texts {
            guard let text else { continue }
            if let problem = TextBounds.problem(in: text, maximumCharacters: limit) { return (field, problem) }
        }
        if species.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return ("species", "is empty") }
        if !Limits.count.contains(count) {
            return (
                "count", "is \(count); it must be between \(Limits.count.lowerBound) and \(Limits.count.upperBound)"
            )
        }
        if !Limits.utcOffsetSeconds.contains(utcOffsetSeconds) {
            return ("utcOffsetSeconds", "is \(utcOffsetSeconds); it must be within −12 h and +14 h")
        }
        if let weightKg, !(weightKg > 0 && weightKg <= Limits.weightKg.upperBound) {
            return ("weightKg", "is \(weightKg); it must be above 0 and at most \(Limits.weightKg.upperBound)")
        }
        if let lengthCm, !(lengthCm > 0 && lengthCm <= Limits.lengthCm.upperBound) {
            return ("lengthCm", "is \(lengthCm); it must be above 0 and at most \(Limits.lengthCm.upperBound)")
        }
        if !precision.allows(point) {
            let given = point.map { "\($0.latitude), \($0.longitude)" } ?? "none"
            return (
                "point",
                "is \(given); at precision \(precision.rawValue) a link carries "
                    + (precision.sharesPoint ? "the centre of the point's grid square" : "no point")
            )
        }
        if region != nil, !precision.sharesRegion {
            return ("region", "is given; at precision none a link names no place")
        }
        if spotName != nil, precision != .exact {
            return ("spotName", "is given; only a link at precision exact names the spot")
        }
        return nil
    }
}

/// Makes a link to a catch (``PortalAPI/createShare``): the device's id for the link (a retry
/// with the same id and card gives the same link), the catch it shows, the card, its photo and
/// when it stops working.
public struct ShareRequest: Codable, Sendable, Equatable {
    public var id: UUID
    public var catchId: UUID
    public var card: SharedCatch
    /// A JPEG of the catch, base64; the portal keeps none of its metadata (no EXIF, no GPS).
    public var photo: String?
    /// nil: the link works until it is revoked.
    public var expiresAt: Date?

    /// Bytes of the photo, decoded (a phone's shared picture is a few hundred kilobytes).
    public static let maximumPhotoBytes = 1 << 20
    /// Bytes of the request's JSON: the photo in base64 and the card.
    public static let maximumBodyBytes = 2 << 20
    /// The longest a link may be set to last.
    public static let longestLife: TimeInterval = 366 * 86_400

    public init(id: UUID, catchId: UUID, card: SharedCatch, photo: String?, expiresAt: Date?) {
        self.id = id
        self.catchId = catchId
        self.card = card
        self.photo = photo
        self.expiresAt = expiresAt
    }
}

/// One link an account made (``PortalAPI/shares``): where it is, what it shows and whether it
/// still works.
public struct ShareSummary: Codable, Sendable, Equatable {
    public var id: UUID
    public var catchId: UUID
    /// The link's path on the portal (`/s/…`); the device puts the portal's address before it.
    public var path: String
    public var species: String
    public var precision: SharePrecision
    public var hasPhoto: Bool
    public var createdAt: Date
    public var expiresAt: Date?
    /// When the angler withdrew it; its page is gone since.
    public var revokedAt: Date?

    public init(
        id: UUID, catchId: UUID, path: String, species: String, precision: SharePrecision, hasPhoto: Bool,
        createdAt: Date, expiresAt: Date?, revokedAt: Date?
    ) {
        self.id = id
        self.catchId = catchId
        self.path = path
        self.species = species
        self.precision = precision
        self.hasPhoto = hasPhoto
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }
}
