import DiaryStore
import FishingModel
import Foundation

extension HobbyStoryCLI {
    static let spotOptions = OptionSpec(
        values: ["name", "lat", "lon", "water-body", "water-body-type", "depth-m", "notes", "share-precision"],
        repeatable: ["clear"])
    static let spotClearable = ["water-body", "water-body-type", "depth-m", "notes", "share-precision"]

    /// `spot add|edit|list|show` (UI4: a marked point saved with its attributes).
    static let spotCommands: [Command] = [
        Command(name: "spot add", spec: spotOptions) { c in
            var draft = SpotDraft()
            try applySpotOptions(c, &draft)
            let diary = try c.diary()
            try c.throwIfInvalid("spot", try diary.spots.issues(for: draft))
            let spot = try diary.spots.add(draft)
            c.output(c.json(spot), text: "Saved spot \(c.text(spot))")
        },
        Command(name: "spot edit", operands: ["ID"], spec: spotOptions) { c in
            let diary = try c.diary()
            let old = try diary.spots.record(try c.id(c.operands[0], .spot))
            var draft = SpotDraft(old)
            try applySpotOptions(c, &draft)
            try c.throwIfInvalid("spot", try diary.spots.issues(for: draft, editing: old))
            let spot = try diary.spots.update(old.id) { $0 = draft }
            c.output(c.json(spot), text: "Updated spot \(c.text(spot))")
        },
        Command(name: "spot list") { c in
            c.outputList(try c.diary().spots.list(), empty: "No spots yet.", json: c.json, text: c.text)
        },
        Command(name: "spot show", operands: ["ID"]) { c in
            let spot = try c.diary().spots.record(try c.id(c.operands[0], .spot))
            c.output(c.json(spot), text: c.text(spot) + (spot.notes.map { "\n\($0)" } ?? ""))
        },
    ]

    private static func applySpotOptions(_ c: CommandContext, _ draft: inout SpotDraft) throws {
        let cleared = try c.cleared(allowed: spotClearable)
        if let name = c.text("name") { draft.name = name }
        if let lat = c.double("lat", field: SpotField.lat.rawValue) { draft.latitude = lat }
        if let lon = c.double("lon", field: SpotField.lon.rawValue) { draft.longitude = lon }
        if let water = c.text("water-body") { draft.waterBodyName = water }
        if let type = c.text("water-body-type") {
            draft.waterBodyTypeId = try c.diary().resolveDirectoryReference(.waterBodyTypes, type)
        }
        if let depth = c.double("depth-m", field: SpotField.depthM.rawValue) { draft.depthM = depth }
        if let notes = c.text("notes") { draft.notes = notes }
        if let precision = c.text("share-precision") { draft.sharePrecision = try c.sharePrecision(precision) }
        if cleared.contains("share-precision") { draft.sharePrecision = nil }
        if cleared.contains("water-body") { draft.waterBodyName = nil }
        if cleared.contains("water-body-type") { draft.waterBodyTypeId = nil }
        if cleared.contains("depth-m") { draft.depthM = nil }
        if cleared.contains("notes") { draft.notes = nil }
    }

    static let tripOptions = OptionSpec(
        values: Set(["spot", "title", "start", "end", "companions", "notes"] + waterOptions), repeatable: ["clear"])
    static let tripClearable = ["end", "title", "companions", "notes", "track"] + waterOptions

    /// `trip add|edit|list|show`: trips are the client's "events" (UI6).
    static let tripCommands: [Command] = [
        Command(name: "trip add", spec: tripOptions) { c in
            var draft = TripDraft()
            try applyTripOptions(c, &draft)
            let diary = try c.diary()
            try c.throwIfInvalid("trip", try diary.trips.issues(for: draft))
            let trip = try diary.trips.add(draft)
            try c.recordConditions(.trip, trip.id)
            c.output(c.json(trip), text: "Saved trip \(c.text(trip))")
        },
        Command(name: "trip edit", operands: ["ID"], spec: tripOptions) { c in
            let diary = try c.diary()
            let old = try diary.trips.record(try c.id(c.operands[0], .trip))
            var draft = TripDraft(old)
            try applyTripOptions(c, &draft)
            try c.throwIfInvalid("trip", try diary.trips.issues(for: draft, editing: old))
            let trip = try diary.trips.update(old.id) { $0 = draft }
            c.output(c.json(trip), text: "Updated trip \(c.text(trip))")
        },
        Command(name: "trip list", spec: OptionSpec(values: ["spot"])) { c in
            let spotId = try c.text("spot").map { try c.id($0, .spot) }
            c.outputList(try c.diary().trips.list(spotId: spotId), empty: "No trips yet.", json: c.json, text: c.text)
        },
        Command(name: "trip show", operands: ["ID"]) { c in
            let diary = try c.diary()
            let trip = try diary.trips.record(try c.id(c.operands[0], .trip))
            let catches = try diary.catches.list(tripId: trip.id)
            guard case .object(var object) = c.json(trip) else { return }
            object["catches"] = .array(catches.map(c.json))
            object["conditions"] = c.conditionsJSON(.trip, trip.id)
            let water = c.waterText(
                temperature: trip.waterTempC, clarity: trip.waterClarityM, level: trip.waterLevelM,
                trend: trip.waterTrend)
            let lines =
                [c.text(trip)] + (water.map { [$0] } ?? []) + (trip.notes.map { [$0] } ?? [])
                + ["\(catches.count) catch(es):"]
                + catches.map { "  " + c.text($0) }
            c.output(.object(object), text: lines.joined(separator: "\n"))
        },
    ]

    private static func applyTripOptions(_ c: CommandContext, _ draft: inout TripDraft) throws {
        let cleared = try c.cleared(allowed: tripClearable)
        if let spot = c.text("spot") { draft.spotId = c.reference(spot, .spot, field: TripField.spotId.rawValue) }
        if let start = c.time("start", field: TripField.start.rawValue) {
            draft.startAt = start.date
            draft.utcOffsetSeconds = start.utcOffsetSeconds
        }
        if let end = c.time("end", field: TripField.end.rawValue) { draft.endAt = end.date }
        if let title = c.text("title") { draft.title = title }
        if let companions = c.text("companions") { draft.companions = companions }
        if let notes = c.text("notes") { draft.notes = notes }
        if cleared.contains("end") { draft.endAt = nil }
        if cleared.contains("title") { draft.title = nil }
        if cleared.contains("companions") { draft.companions = nil }
        if cleared.contains("notes") { draft.notes = nil }
        if cleared.contains("track") { draft.track = nil }
        applyWaterOptions(
            c, cleared: cleared, temperature: &draft.waterTempC, clarity: &draft.waterClarityM,
            level: &draft.waterLevelM, trend: &draft.waterTrend)
    }

    /// The water's options, the same on trips and catches (issue 34 §5): `--water-trend` takes
    /// rising, steady or falling; each can be cleared with `--clear`.
    static let waterOptions = ["water-temp-c", "water-clarity-m", "water-level-m", "water-trend"]

    private static func applyWaterOptions(
        _ c: CommandContext, cleared: Set<String>, temperature: inout Double?, clarity: inout Double?,
        level: inout Double?, trend: inout WaterTrend?
    ) {
        if let value = c.double("water-temp-c", field: CatchField.waterTempC.rawValue) { temperature = value }
        if let value = c.double("water-clarity-m", field: CatchField.waterClarityM.rawValue) { clarity = value }
        if let value = c.double("water-level-m", field: CatchField.waterLevelM.rawValue) { level = value }
        if let text = c.text("water-trend") {
            if let value = WaterTrend(rawValue: text) {
                trend = value
            } else {
                c.parseIssues.append(
                    ValidationIssue(
                        field: CatchField.waterTrend.rawValue, value: text, message: "must be rising, steady or falling"
                    ))
            }
        }
        if cleared.contains("water-temp-c") { temperature = nil }
        if cleared.contains("water-clarity-m") { clarity = nil }
        if cleared.contains("water-level-m") { level = nil }
        if cleared.contains("water-trend") { trend = nil }
    }

    static let catchOptions = OptionSpec(
        values: Set(
            ["trip", "species", "time", "weight-kg", "length-cm", "count", "bait", "method", "depth-m", "notes"]
                + waterOptions), repeatable: ["clear"], flags: ["released", "kept"])
    static let catchAddOptions = OptionSpec(
        values: catchOptions.values.union(["from-photo"]), repeatable: catchOptions.repeatable,
        flags: catchOptions.flags)
    static let catchClearable = ["weight-kg", "length-cm", "bait", "method", "depth-m", "notes"] + waterOptions

    /// `catch add|edit|list|show`.
    static let catchCommands: [Command] = [
        Command(name: "catch add", spec: catchAddOptions) { c in
            var draft = CatchDraft()
            try applyCatchOptions(c, &draft)
            let photo = c.text("from-photo")
            if let photo { try c.prefill(&draft, fromPhoto: photo) }
            try c.throwIfInvalid("catch", try c.diary().catches.issues(for: draft))
            let source = try photo.flatMap(c.photoSource)
            let (service, saving) = (try c.catchService(), draft)
            let added = try c.waitForSync { try await service.add(saving, photo: source, conditions: .awaited) }
            if let failure = added.photoFailure { throw failure }
            let item = added.item
            guard let addition = added.photo, case .object(var object) = c.json(item) else {
                return c.output(c.json(item), text: "Saved catch \(c.text(item))")
            }
            object["photo"] = c.json(addition)
            c.output(.object(object), text: "Saved catch \(c.text(item))\nwith \(c.text(addition))")
        },
        Command(name: "catch edit", operands: ["ID"], spec: catchOptions) { c in
            let diary = try c.diary()
            let old = try diary.catches.record(try c.id(c.operands[0], .catch))
            var draft = CatchDraft(old)
            try applyCatchOptions(c, &draft)
            try c.throwIfInvalid("catch", try diary.catches.issues(for: draft, editing: old))
            let item = try diary.catches.update(old.id) { $0 = draft }
            c.output(c.json(item), text: "Updated catch \(c.text(item))")
        },
        Command(name: "catch list", spec: OptionSpec(values: ["trip", "limit"])) { c in
            let tripId = try c.text("trip").map { try c.id($0, .trip) }
            let limit = c.integer("limit", field: "limit")
            try c.throwIfInvalid("listing", [])
            c.outputList(
                try c.diary().catches.list(tripId: tripId, limit: limit), empty: "No catches yet.", json: c.json,
                text: c.text)
        },
        Command(name: "catch show", operands: ["ID"]) { c in
            let item = try c.diary().catches.record(try c.id(c.operands[0], .catch))
            guard case .object(var object) = c.json(item) else { return }
            object["conditions"] = c.conditionsJSON(.catch, item.id)
            let water = c.waterText(
                temperature: item.waterTempC, clarity: item.waterClarityM, level: item.waterLevelM,
                trend: item.waterTrend)
            let lines = [c.text(item)] + (water.map { [$0] } ?? []) + (item.notes.map { [$0] } ?? [])
            c.output(.object(object), text: lines.joined(separator: "\n"))
        },
    ]

    private static func applyCatchOptions(_ c: CommandContext, _ draft: inout CatchDraft) throws {
        let cleared = try c.cleared(allowed: catchClearable)
        let diary = try c.diary()
        if c.arguments.flag("released") && c.arguments.flag("kept") {
            throw UsageError("--released and --kept contradict each other")
        }
        if let trip = c.text("trip") { draft.tripId = c.reference(trip, .trip, field: CatchField.tripId.rawValue) }
        if let species = c.text("species") { draft.speciesId = try diary.resolveDirectoryReference(.species, species) }
        if let time = c.time("time", field: CatchField.time.rawValue) {
            draft.caughtAt = time.date
            draft.utcOffsetSeconds = time.utcOffsetSeconds
        }
        if let weight = c.double("weight-kg", field: CatchField.weightKg.rawValue) { draft.weightKg = weight }
        if let length = c.double("length-cm", field: CatchField.lengthCm.rawValue) { draft.lengthCm = length }
        if let count = c.integer("count", field: CatchField.count.rawValue) { draft.count = count }
        if let bait = c.text("bait") { draft.baitId = try diary.resolveDirectoryReference(.baits, bait) }
        if let method = c.text("method") { draft.methodId = try diary.resolveDirectoryReference(.methods, method) }
        if let depth = c.double("depth-m", field: CatchField.depthM.rawValue) { draft.depthM = depth }
        if let notes = c.text("notes") { draft.notes = notes }
        if c.arguments.flag("released") { draft.released = true }
        if c.arguments.flag("kept") { draft.released = false }
        if cleared.contains("weight-kg") { draft.weightKg = nil }
        if cleared.contains("length-cm") { draft.lengthCm = nil }
        if cleared.contains("bait") { draft.baitId = nil }
        if cleared.contains("method") { draft.methodId = nil }
        if cleared.contains("depth-m") { draft.depthM = nil }
        if cleared.contains("notes") { draft.notes = nil }
        applyWaterOptions(
            c, cleared: cleared, temperature: &draft.waterTempC, clarity: &draft.waterClarityM,
            level: &draft.waterLevelM, trend: &draft.waterTrend)
    }
}

extension CommandContext {
    /// An id option pointing at another object; an unknown one becomes a validation issue on `field`.
    func reference(_ text: String, _ type: RecordKind, field: String) -> UUID? {
        do {
            return try id(text, type)
        } catch {
            parseIssues.append(
                ValidationIssue(field: field, value: text, message: "no such \(type.rawValue) (\(error))"))
            return nil
        }
    }
}
