import Foundation

/// A fishing place the angler saved (UI4 "mark on the map"): a named point with optional details
/// about the water there.
public struct Spot: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var waterBodyName: String?
    /// Reference into the water-body-type directory (T5).
    public var waterBodyTypeId: String?
    public var depthM: Double?
    public var notes: String?
    /// The settlement, region and country at the spot, filled on the device when the spot is saved
    /// or moved (T10); nil when no gazetteer was available.
    public var place: PlaceLabel?
    /// How finely a shared catch from here gives the place away (issue 34 §4); nil: the default
    /// in Settings.
    public var sharePrecision: SharePrecision?
    public var createdAt: Date
    public var updatedAt: Date
    /// Set while the spot is in the Trash (UI5).
    public var deletedAt: Date?

    public init(
        id: UUID, name: String, latitude: Double, longitude: Double, waterBodyName: String? = nil,
        waterBodyTypeId: String? = nil, depthM: Double? = nil, notes: String? = nil, place: PlaceLabel? = nil,
        sharePrecision: SharePrecision? = nil, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.waterBodyName = waterBodyName
        self.waterBodyTypeId = waterBodyTypeId
        self.depthM = depthM
        self.notes = notes
        self.place = place
        self.sharePrecision = sharePrecision
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}

/// A spot as a form edits it: everything optional until validated (T19).
public struct SpotDraft: Sendable, Equatable {
    public var name: String?
    public var latitude: Double?
    public var longitude: Double?
    public var waterBodyName: String?
    public var waterBodyTypeId: String?
    public var depthM: Double?
    public var notes: String?
    public var sharePrecision: SharePrecision?

    public init(
        name: String? = nil, latitude: Double? = nil, longitude: Double? = nil, waterBodyName: String? = nil,
        waterBodyTypeId: String? = nil, depthM: Double? = nil, notes: String? = nil,
        sharePrecision: SharePrecision? = nil
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.waterBodyName = waterBodyName
        self.waterBodyTypeId = waterBodyTypeId
        self.depthM = depthM
        self.notes = notes
        self.sharePrecision = sharePrecision
    }

    public init(_ spot: Spot) {
        self.init(
            name: spot.name, latitude: spot.latitude, longitude: spot.longitude, waterBodyName: spot.waterBodyName,
            waterBodyTypeId: spot.waterBodyTypeId, depthM: spot.depthM, notes: spot.notes,
            sharePrecision: spot.sharePrecision)
    }

    /// Every missing or invalid attribute (directory references are checked by the store).
    public func issues() -> [ValidationIssue] {
        var c = IssueCollector()
        c.requireName(SpotField.name, name, maxLength: Limits.nameLength, what: "a name for the spot")
        if latitude == nil { c.add(.missing(SpotField.lat, "latitude in degrees, -90 to 90")) }
        if longitude == nil { c.add(.missing(SpotField.lon, "longitude in degrees, -180 to 180")) }
        c.checkRange(SpotField.lat, latitude, Limits.latitude, unit: "degrees")
        c.checkRange(SpotField.lon, longitude, Limits.longitude, unit: "degrees")
        c.checkText(SpotField.waterBody, waterBodyName, maxLength: Limits.nameLength, multiline: false)
        c.checkRange(SpotField.depthM, depthM, Limits.depthM, unit: "m")
        c.checkText(SpotField.notes, notes, maxLength: Limits.notesLength, multiline: true)
        return c.issues
    }

    /// The spot this draft describes; call only when ``issues()`` is empty.
    public func spot(id: UUID, createdAt: Date, updatedAt: Date) -> Spot {
        Spot(
            id: id, name: name!.trimmed, latitude: latitude!, longitude: longitude!,
            waterBodyName: waterBodyName.trimmedOrNil, waterBodyTypeId: waterBodyTypeId,
            depthM: depthM, notes: notes.trimmedOrNil, sharePrecision: sharePrecision, createdAt: createdAt,
            updatedAt: updatedAt)
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

extension String? {
    /// The text without surrounding blanks, or nil when nothing is left.
    var trimmedOrNil: String? {
        guard let text = self?.trimmed, !text.isEmpty else { return nil }
        return text
    }
}
