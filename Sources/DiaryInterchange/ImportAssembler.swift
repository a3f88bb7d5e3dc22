import DiaryStore
import FishingModel
import Foundation

/// One line of an imported file — a spreadsheet row, a waypoint — as the diary's spot, trip and
/// catch it speaks of; the readers of each format make them, ``ImportAssembler`` gathers them.
struct IncomingRecord {
    struct SpotPart {
        var id: UUID?
        var draft = SpotDraft()
    }

    struct TripPart {
        var id: UUID?
        /// The trip's stated start; without it, the trip spans its catches on their day.
        var draft = TripDraft()
    }

    struct CatchPart {
        var id: UUID?
        var draft = CatchDraft()
    }

    var source: String
    var spot: SpotPart?
    var trip: TripPart?
    var `catch`: CatchPart?
}

/// Gathers a file's records into an ``ImportBatch`` (issue 34 §1): a spot named again is the same
/// spot (or the diary's own spot of that name nearby), catches of one spot and day without a
/// stated trip share one trip (or the diary's trip there that day), ids not in the file are worked
/// out from what it says (``ImportIdentity``), and every record is checked as the forms check it,
/// so a refused row is named with its reasons and everything else is kept.
struct ImportAssembler {
    private let diary: Diary
    private let now: Date
    var plan: ImportPlan
    /// Live spots of the diary by normalised name.
    private var diarySpots: [String: [Spot]] = [:]
    /// Live trips of the diary by spot and local day (yyyymmdd).
    private var diaryTrips: [String: [Trip]] = [:]
    private var spotIndex: [UUID: Int] = [:]
    private var tripIndex: [UUID: Int] = [:]
    private var catchIds: Set<UUID> = []
    /// Trips whose start and end are worked out from their catches.
    private var spanned: Set<UUID> = []
    /// How often each derived catch key came before, so identical rows stay separate fish.
    private var occurrences: [String: Int] = [:]

    /// How far a named spot of the diary may be from the file's coordinates and still be it.
    static let sameSpotMetres = 1_000.0

    init(diary: Diary, format: InterchangeFormat, fileName: String, fileSHA256: String) throws {
        self.diary = diary
        now = diary.currentTime()
        plan = ImportPlan(
            format: format, batch: ImportBatch(fileName: fileName, format: format.rawValue, fileSHA256: fileSHA256))
        for spot in try diary.spots.list() { diarySpots[SheetMapping.normalised(spot.name), default: []].append(spot) }
        for trip in try diary.trips.list() {
            let day = DiaryTime.localMinute(trip.startAt, utcOffsetSeconds: trip.utcOffsetSeconds) / 10_000
            diaryTrips["\(trip.spotId)|\(day)", default: []].append(trip)
        }
    }

    mutating func refuse(_ place: String, _ reason: String) {
        plan.refusals.append(ImportPlan.Refusal(place: place, reason: reason))
        plan.batch.refusedCount += 1
    }

    /// Adds a record; a problem refuses the whole line with its reasons.
    mutating func add(_ record: IncomingRecord) {
        guard plan.batch.count < InterchangeLimits.records else {
            return refuse(record.source, "an import holds at most \(InterchangeLimits.records) records")
        }
        var record = record
        if record.spot?.id == nil, record.spot?.draft.name == nil, record.spot?.draft.latitude == nil,
            let tripId = record.trip?.id, let spotId = spotOfKnownTrip(tripId)
        {
            record.spot = IncomingRecord.SpotPart(id: spotId)
        }
        guard let spotPart = record.spot else {
            return refuse(
                record.source, "it names no spot: give the spot's name (one in the diary) or its latitude and longitude"
            )
        }
        let spotId: UUID
        switch spot(spotPart, source: record.source) {
        case .success(let id): spotId = id
        case .failure(let problem): return refuse(record.source, problem.reason)
        }
        guard record.trip != nil || record.catch != nil else { return }
        var catchDraft = record.catch?.draft
        if var draft = catchDraft {
            draft.tripId = nil
            let issues = draft.withDefaults(now: now).issues(now: now).filter { $0.field != CatchField.tripId.rawValue }
            guard issues.isEmpty else { return refuse(record.source, Self.text(issues)) }
            catchDraft = draft
        }
        let tripId: UUID
        switch trip(record.trip ?? IncomingRecord.TripPart(), spotId: spotId, catchDraft, source: record.source) {
        case .success(let id): tripId = id
        case .failure(let problem): return refuse(record.source, problem.reason)
        }
        guard var draft = catchDraft, let catchPart = record.catch else { return }
        draft.tripId = tripId
        let id = catchPart.id ?? derivedCatchId(draft)
        guard catchIds.insert(id).inserted else {
            return refuse(record.source, "the catch \(id.uuidString.lowercased()) is named twice in the file")
        }
        plan.batch.catches.append(ImportBatch.Item(id: id, draft: draft, source: record.source))
    }

    struct Problem: Error { var reason: String }

    /// The spot of a trip the batch or the diary already holds.
    private func spotOfKnownTrip(_ id: UUID) -> UUID? {
        if let index = tripIndex[id] { return plan.batch.trips[index].draft.spotId }
        return (try? diary.trips.record(id))?.spotId
    }

    private mutating func spot(_ part: IncomingRecord.SpotPart, source: String) -> Result<UUID, Problem> {
        if let id = part.id, spotIndex[id] != nil { return .success(id) }
        if let id = part.id, (try? diary.imports.existing(.spot, [id]))?.isEmpty == false {
            return addSpot(part.draft, id: id, source: source)
        }
        var draft = part.draft
        if let name = draft.name?.trimmingCharacters(in: .whitespaces), !name.isEmpty,
            let match = diarySpots[SheetMapping.normalised(name)]?.first(where: { near($0, draft) })
        {
            let id = part.id ?? match.id
            return spotIndex[id] != nil ? .success(id) : addSpot(draft, id: id, source: source)
        }
        guard let latitude = draft.latitude, let longitude = draft.longitude else {
            let name = draft.name ?? ""
            return .failure(
                Problem(
                    reason: name.isEmpty
                        ? "it names no spot: give the spot's name (one in the diary) or its latitude and longitude"
                        : "the spot \"\(name)\" is not in the diary and the file gives no latitude and longitude for it"
                ))
        }
        if draft.name?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
            draft.name = String(format: "%.5f, %.5f", latitude, longitude)
        }
        let id =
            part.id
            ?? ImportIdentity.id(
                "spot",
                "\(SheetMapping.normalised(draft.name!))|\(String(format: "%.5f|%.5f", latitude, longitude))")
        if spotIndex[id] != nil { return .success(id) }
        let issues = draft.issues()
        guard issues.isEmpty else { return .failure(Problem(reason: Self.text(issues))) }
        diarySpots[SheetMapping.normalised(draft.name!), default: []].append(
            draft.spot(id: id, createdAt: now, updatedAt: now))
        return addSpot(draft, id: id, source: source)
    }

    /// Adds a spot to the batch: a new one, or the diary's own (counted present when saved).
    private mutating func addSpot(_ draft: SpotDraft, id: UUID, source: String) -> Result<UUID, Problem> {
        spotIndex[id] = plan.batch.spots.count
        plan.batch.spots.append(ImportBatch.Item(id: id, draft: draft, source: source))
        return .success(id)
    }

    /// Whether a diary spot of the same name is the file's: no coordinates, or near them.
    private func near(_ spot: Spot, _ draft: SpotDraft) -> Bool {
        guard let latitude = draft.latitude, let longitude = draft.longitude else { return true }
        let metresPerDegree = 111_320.0
        let dy = (spot.latitude - latitude) * metresPerDegree
        let dx = (spot.longitude - longitude) * metresPerDegree * cos(latitude * .pi / 180)
        return (dx * dx + dy * dy).squareRoot() <= Self.sameSpotMetres
    }

    private mutating func trip(
        _ part: IncomingRecord.TripPart, spotId: UUID, _ catchDraft: CatchDraft?, source: String
    ) -> Result<UUID, Problem> {
        var draft = part.draft
        draft.spotId = spotId
        if let id = part.id {
            if let index = tripIndex[id] {
                return within(plan.batch.trips[index].draft, id: id, catchDraft)
            }
            if let stored = try? diary.trips.record(id) {
                _ = addTrip(TripDraft(stored), id: id, source: source)
                return within(TripDraft(stored), id: id, catchDraft)
            }
        }
        if part.id == nil, draft.startAt == nil {
            guard let time = catchDraft?.caughtAt else {
                return .failure(Problem(reason: "a trip needs its start (or a catch to date it)"))
            }
            let offset = catchDraft?.utcOffsetSeconds ?? 0
            let day = DiaryTime.localMinute(time, utcOffsetSeconds: offset) / 10_000
            if let trip = diaryTrips["\(spotId)|\(day)"]?.first(where: { covers($0.startAt, $0.endAt, time) }) {
                return tripIndex[trip.id] != nil
                    ? .success(trip.id) : addTrip(TripDraft(trip), id: trip.id, source: source)
            }
            let id = ImportIdentity.id("trip", "\(spotId)|\(day)")
            if let index = tripIndex[id] {
                var trip = plan.batch.trips[index].draft
                trip.startAt = min(trip.startAt!, time)
                trip.endAt = max(trip.endAt ?? time, time)
                plan.batch.trips[index].draft = trip
                return .success(id)
            }
            draft.startAt = time
            draft.endAt = time
            draft.utcOffsetSeconds = offset
            spanned.insert(id)
            return addTrip(draft, id: id, source: source)
        }
        let id =
            part.id
            ?? ImportIdentity.id(
                "trip", "\(spotId)|\(DiaryTime.iso8601(draft.startAt!, utcOffsetSeconds: 0))")
        if let index = tripIndex[id] { return within(plan.batch.trips[index].draft, id: id, catchDraft) }
        let issues = draft.withDefaults(now: now).issues(now: now)
        guard issues.isEmpty else { return .failure(Problem(reason: Self.text(issues))) }
        if case .failure(let problem) = within(draft, id: id, catchDraft) { return .failure(problem) }
        return addTrip(draft, id: id, source: source)
    }

    private mutating func addTrip(_ draft: TripDraft, id: UUID, source: String) -> Result<UUID, Problem> {
        tripIndex[id] = plan.batch.trips.count
        plan.batch.trips.append(ImportBatch.Item(id: id, draft: draft, source: source))
        return .success(id)
    }

    /// The trip's id when the catch falls within it; else why not.
    private func within(_ trip: TripDraft, id: UUID, _ catchDraft: CatchDraft?) -> Result<UUID, Problem> {
        guard let time = catchDraft?.caughtAt, !spanned.contains(id), let start = trip.startAt,
            !covers(start, trip.endAt, time)
        else { return .success(id) }
        let offset = trip.utcOffsetSeconds ?? 0
        let window =
            DiaryTime.iso8601(start, utcOffsetSeconds: offset) + " – "
            + (trip.endAt.map { DiaryTime.iso8601($0, utcOffsetSeconds: offset) } ?? "open end")
        return .failure(Problem(reason: "the catch's time falls outside its trip (\(window))"))
    }

    private func covers(_ start: Date, _ end: Date?, _ time: Date) -> Bool {
        time >= start && (end.map { time <= $0 } ?? true)
    }

    /// The water's clarity, level and trend for a catch's derived id, only when it has some: a
    /// file imported before the diary knew them keeps its catches' ids (issue 34 §5).
    private func waterFigures(_ draft: CatchDraft) -> [String] {
        guard draft.waterClarityM != nil || draft.waterLevelM != nil || draft.waterTrend != nil else { return [] }
        return [
            draft.waterClarityM.map { String($0) } ?? "", draft.waterLevelM.map { String($0) } ?? "",
            draft.waterTrend?.rawValue ?? "",
        ]
    }

    private mutating func derivedCatchId(_ draft: CatchDraft) -> UUID {
        let figures = [draft.weightKg, draft.lengthCm, draft.depthM, draft.waterTempC].map {
            $0.map { String($0) } ?? ""
        }
        let key =
            [
                draft.tripId!.uuidString, DiaryTime.iso8601(draft.caughtAt!, utcOffsetSeconds: 0),
                draft.speciesId ?? "",
                String(draft.count ?? 1), draft.baitId ?? "", draft.methodId ?? "", String(draft.released ?? false),
                draft.notes ?? "",
            ] + figures + waterFigures(draft)
        let text = key.joined(separator: "|")
        let seen = occurrences[text, default: 0]
        occurrences[text] = seen + 1
        return ImportIdentity.id("catch", "\(text)|\(seen)")
    }

    /// The plan, with the ids the diary already holds marked present.
    mutating func finish() throws -> ImportPlan {
        plan.present =
            try diary.imports.existing(.spot, plan.batch.spots.map(\.id))
            .union(diary.imports.existing(.trip, plan.batch.trips.map(\.id)))
            .union(diary.imports.existing(.catch, plan.batch.catches.map(\.id)))
        return plan
    }

    static func text(_ issues: [ValidationIssue]) -> String {
        issues.map(\.description).joined(separator: "; ")
    }
}
