import Foundation

/// One fish (or several of a kind, with `count`) caught on a trip.
public struct Catch: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var tripId: UUID
    /// Reference into the species directory (T5).
    public var speciesId: String
    public var caughtAt: Date
    public var utcOffsetSeconds: Int
    public var count: Int
    public var weightKg: Double?
    public var lengthCm: Double?
    public var baitId: String?
    public var methodId: String?
    public var depthM: Double?
    public var waterTempC: Double?
    /// Metres the angler could see into the water (issue 34 §5).
    public var waterClarityM: Double?
    /// Metres above (+) or below (−) the spot's usual level.
    public var waterLevelM: Double?
    public var waterTrend: WaterTrend?
    public var released: Bool
    public var notes: String?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(
        id: UUID, tripId: UUID, speciesId: String, caughtAt: Date, utcOffsetSeconds: Int, count: Int = 1,
        weightKg: Double? = nil, lengthCm: Double? = nil, baitId: String? = nil, methodId: String? = nil,
        depthM: Double? = nil, waterTempC: Double? = nil, waterClarityM: Double? = nil, waterLevelM: Double? = nil,
        waterTrend: WaterTrend? = nil, released: Bool = false, notes: String? = nil, createdAt: Date,
        updatedAt: Date, deletedAt: Date? = nil
    ) {
        self.id = id
        self.tripId = tripId
        self.speciesId = speciesId
        self.caughtAt = caughtAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.count = count
        self.weightKg = weightKg
        self.lengthCm = lengthCm
        self.baitId = baitId
        self.methodId = methodId
        self.depthM = depthM
        self.waterTempC = waterTempC
        self.waterClarityM = waterClarityM
        self.waterLevelM = waterLevelM
        self.waterTrend = waterTrend
        self.released = released
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}

/// A catch as a form edits it. A missing time means "now" on the device clock (T11).
public struct CatchDraft: Sendable, Equatable {
    public var tripId: UUID?
    public var speciesId: String?
    public var caughtAt: Date?
    public var utcOffsetSeconds: Int?
    public var count: Int?
    public var weightKg: Double?
    public var lengthCm: Double?
    public var baitId: String?
    public var methodId: String?
    public var depthM: Double?
    public var waterTempC: Double?
    public var waterClarityM: Double?
    public var waterLevelM: Double?
    public var waterTrend: WaterTrend?
    public var released: Bool?
    public var notes: String?

    public init(
        tripId: UUID? = nil, speciesId: String? = nil, caughtAt: Date? = nil, utcOffsetSeconds: Int? = nil,
        count: Int? = nil, weightKg: Double? = nil, lengthCm: Double? = nil, baitId: String? = nil,
        methodId: String? = nil, depthM: Double? = nil, waterTempC: Double? = nil, waterClarityM: Double? = nil,
        waterLevelM: Double? = nil, waterTrend: WaterTrend? = nil, released: Bool? = nil, notes: String? = nil
    ) {
        self.tripId = tripId
        self.speciesId = speciesId
        self.caughtAt = caughtAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.count = count
        self.weightKg = weightKg
        self.lengthCm = lengthCm
        self.baitId = baitId
        self.methodId = methodId
        self.depthM = depthM
        self.waterTempC = waterTempC
        self.waterClarityM = waterClarityM
        self.waterLevelM = waterLevelM
        self.waterTrend = waterTrend
        self.released = released
        self.notes = notes
    }

    public init(_ c: Catch) {
        self.init(
            tripId: c.tripId, speciesId: c.speciesId, caughtAt: c.caughtAt, utcOffsetSeconds: c.utcOffsetSeconds,
            count: c.count, weightKg: c.weightKg, lengthCm: c.lengthCm, baitId: c.baitId, methodId: c.methodId,
            depthM: c.depthM, waterTempC: c.waterTempC, waterClarityM: c.waterClarityM, waterLevelM: c.waterLevelM,
            waterTrend: c.waterTrend, released: c.released, notes: c.notes)
    }

    /// Fills time, offset, count and released with their defaults when left empty.
    public func withDefaults(now: Date) -> CatchDraft {
        var draft = self
        draft.caughtAt = caughtAt ?? now
        draft.utcOffsetSeconds = utcOffsetSeconds ?? DiaryTime.deviceOffset(at: draft.caughtAt!)
        draft.count = count ?? 1
        draft.released = released ?? false
        return draft
    }

    /// Every missing or invalid attribute (directory references are checked by the store).
    public func issues(now: Date) -> [ValidationIssue] {
        var c = IssueCollector()
        if tripId == nil { c.add(.missing(CatchField.tripId, "the trip the fish was caught on")) }
        if speciesId.trimmedOrNil == nil {
            c.add(.missing(CatchField.species, "the species, from the species directory"))
        }
        if caughtAt == nil { c.add(.missing(CatchField.time, "when the fish was caught")) }
        c.checkDate(
            CatchField.time, caughtAt, latest: now.addingTimeInterval(Limits.catchFutureSlack), latestText: "tomorrow")
        if let count, !Limits.count.contains(count) {
            c.add(
                CatchField.count, String(count), "must be a whole number from 1 to \(Limits.count.upperBound)",
                rule: .range(lower: 1, upper: Double(Limits.count.upperBound), unit: "", excludingLower: false))
        }
        c.checkRange(CatchField.weightKg, weightKg, Limits.weightKg, unit: "kg", excludingLower: true)
        c.checkRange(CatchField.lengthCm, lengthCm, Limits.lengthCm, unit: "cm", excludingLower: true)
        c.checkRange(CatchField.depthM, depthM, Limits.depthM, unit: "m")
        c.checkWater(
            temperature: (CatchField.waterTempC, waterTempC), clarity: (CatchField.waterClarityM, waterClarityM),
            level: (CatchField.waterLevelM, waterLevelM))
        if let utcOffsetSeconds, !Limits.utcOffsetSeconds.contains(utcOffsetSeconds) {
            c.add(CatchField.utcOffsetSeconds, String(utcOffsetSeconds), "must be between -12 h and +14 h")
        }
        c.checkText(CatchField.notes, notes, maxLength: Limits.notesLength, multiline: true)
        return c.issues
    }

    /// The catch this draft describes; call only when ``issues(now:)`` is empty.
    public func record(id: UUID, createdAt: Date, updatedAt: Date) -> Catch {
        Catch(
            id: id, tripId: tripId!, speciesId: speciesId!.trimmed, caughtAt: caughtAt!,
            utcOffsetSeconds: utcOffsetSeconds ?? 0, count: count ?? 1, weightKg: weightKg, lengthCm: lengthCm,
            baitId: baitId.trimmedOrNil, methodId: methodId.trimmedOrNil, depthM: depthM, waterTempC: waterTempC,
            waterClarityM: waterClarityM, waterLevelM: waterLevelM, waterTrend: waterTrend, released: released ?? false,
            notes: notes.trimmedOrNil, createdAt: createdAt, updatedAt: updatedAt)
    }
}
