import Foundation

/// One outing to a spot — the client's "event" (UI6: "Select an existing trip or create a new one").
public struct Trip: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var spotId: UUID
    public var startAt: Date
    public var endAt: Date?
    /// The device clock's offset from UTC when the trip was logged (T11).
    public var utcOffsetSeconds: Int
    public var title: String?
    public var companions: String?
    public var notes: String?
    /// The water while fishing (issue 34 §5): degrees Celsius, metres seen into it, metres above
    /// (+) or below (−) the spot's usual level, and which way it is going.
    public var waterTempC: Double?
    public var waterClarityM: Double?
    public var waterLevelM: Double?
    public var waterTrend: WaterTrend?
    /// The path it took, recorded or imported (issue 34 §3).
    public var track: TripTrack?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(
        id: UUID, spotId: UUID, startAt: Date, endAt: Date? = nil, utcOffsetSeconds: Int, title: String? = nil,
        companions: String? = nil, notes: String? = nil, waterTempC: Double? = nil, waterClarityM: Double? = nil,
        waterLevelM: Double? = nil, waterTrend: WaterTrend? = nil, track: TripTrack? = nil, createdAt: Date,
        updatedAt: Date, deletedAt: Date? = nil
    ) {
        self.id = id
        self.spotId = spotId
        self.startAt = startAt
        self.endAt = endAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.title = title
        self.companions = companions
        self.notes = notes
        self.waterTempC = waterTempC
        self.waterClarityM = waterClarityM
        self.waterLevelM = waterLevelM
        self.waterTrend = waterTrend
        self.track = track
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}

/// A trip as a form edits it. A missing start means "now" on the device clock (T11).
public struct TripDraft: Sendable, Equatable {
    public var spotId: UUID?
    public var startAt: Date?
    public var endAt: Date?
    public var utcOffsetSeconds: Int?
    public var title: String?
    public var companions: String?
    public var notes: String?
    public var waterTempC: Double?
    public var waterClarityM: Double?
    public var waterLevelM: Double?
    public var waterTrend: WaterTrend?
    public var track: TripTrack?

    public init(
        spotId: UUID? = nil, startAt: Date? = nil, endAt: Date? = nil, utcOffsetSeconds: Int? = nil,
        title: String? = nil, companions: String? = nil, notes: String? = nil, waterTempC: Double? = nil,
        waterClarityM: Double? = nil, waterLevelM: Double? = nil, waterTrend: WaterTrend? = nil,
        track: TripTrack? = nil
    ) {
        self.spotId = spotId
        self.startAt = startAt
        self.endAt = endAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.title = title
        self.companions = companions
        self.notes = notes
        self.waterTempC = waterTempC
        self.waterClarityM = waterClarityM
        self.waterLevelM = waterLevelM
        self.waterTrend = waterTrend
        self.track = track
    }

    public init(_ trip: Trip) {
        self.init(
            spotId: trip.spotId, startAt: trip.startAt, endAt: trip.endAt, utcOffsetSeconds: trip.utcOffsetSeconds,
            title: trip.title, companions: trip.companions, notes: trip.notes, waterTempC: trip.waterTempC,
            waterClarityM: trip.waterClarityM, waterLevelM: trip.waterLevelM, waterTrend: trip.waterTrend,
            track: trip.track)
    }

    /// Fills the start from the device clock when it was left empty.
    public func withDefaults(now: Date) -> TripDraft {
        var draft = self
        draft.startAt = startAt ?? now
        draft.utcOffsetSeconds = utcOffsetSeconds ?? DiaryTime.deviceOffset(at: draft.startAt!)
        return draft
    }

    /// Every missing or invalid attribute of a draft that went through ``withDefaults(now:)``.
    public func issues(now: Date) -> [ValidationIssue] {
        var c = IssueCollector()
        if spotId == nil { c.add(.missing(TripField.spotId, "the spot of the trip")) }
        if startAt == nil { c.add(.missing(TripField.start, "when the trip started")) }
        let latest = now.addingTimeInterval(Limits.tripFutureSlack)
        c.checkDate(TripField.start, startAt, latest: latest, latestText: "a year from now")
        c.checkDate(TripField.end, endAt, latest: latest, latestText: "a year from now")
        if let startAt, let endAt, endAt < startAt {
            c.add(
                TripField.end, DiaryTime.iso8601(endAt, utcOffsetSeconds: utcOffsetSeconds ?? 0),
                "must not be before the start (\(DiaryTime.iso8601(startAt, utcOffsetSeconds: utcOffsetSeconds ?? 0)))",
                rule: .endBeforeStart)
        }
        if let utcOffsetSeconds, !Limits.utcOffsetSeconds.contains(utcOffsetSeconds) {
            c.add(TripField.utcOffsetSeconds, String(utcOffsetSeconds), "must be between -12 h and +14 h")
        }
        c.checkText(TripField.title, title, maxLength: Limits.titleLength, multiline: false)
        c.checkText(TripField.companions, companions, maxLength: Limits.companionsLength, multiline: false)
        c.checkText(TripField.notes, notes, maxLength: Limits.notesLength, multiline: true)
        c.checkWater(
            temperature: (TripField.waterTempC, waterTempC), clarity: (TripField.waterClarityM, waterClarityM),
            level: (TripField.waterLevelM, waterLevelM))
        if let track, track.encoded.utf8.count > Limits.trackCharacters {
            c.add(
                TripField.track, "\(track.points.count) points",
                "must fit \(Limits.trackCharacters) characters (\(track.encoded.utf8.count) written); simplify it")
        }
        return c.issues
    }

    /// The trip this draft describes; call only when ``issues(now:)`` is empty.
    public func trip(id: UUID, createdAt: Date, updatedAt: Date) -> Trip {
        Trip(
            id: id, spotId: spotId!, startAt: startAt!, endAt: endAt, utcOffsetSeconds: utcOffsetSeconds ?? 0,
            title: title.trimmedOrNil, companions: companions.trimmedOrNil, notes: notes.trimmedOrNil,
            waterTempC: waterTempC, waterClarityM: waterClarityM, waterLevelM: waterLevelM, waterTrend: waterTrend,
            track: track, createdAt: createdAt, updatedAt: updatedAt)
    }
}
