import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Reports

/// Issue 33 §7: the report builder's preview while choosing — each choice rewrites the formula,
/// checks it and runs it on the page's engine — beside the same formulas' SQL run raw.
@MainActor
func benchmarkBuilder(diary: DiaryQueue, databaseURL: URL, raw: RawConnection, catches: Int) async throws {
    let model = ReportsModel(diary: diary, databaseURL: databaseURL, currentYear: 2026, language: .english)
    try await model.load()
    let year = model.choices.years.first ?? 2026
    let choices: [(name: String, choose: (inout ReportRecipe) -> Void)] = [
        ("fish caught", { $0.measure = .fish }), ("by month", { $0.dimension = .month }),
        ("by weekday", { $0.dimension = .weekday }), ("in \(year)", { $0.years = [year] }),
        ("by species", { $0.dimension = .species }), ("largest first", { $0.largestFirst = true }),
        ("top 5", { $0.top = 5 }), ("heaviest fish", { $0.measure = .heaviest }),
        ("released only", { $0.released = true }), ("fish per hour", { $0.measure = .fishPerHour }),
        ("by spot", { $0.dimension = .spot }), ("trips", { $0.measure = .trips }),
    ]
    var previews = Array(repeating: [Double](), count: choices.count)
    var raws = Array(repeating: [Double](), count: choices.count)
    for _ in 0..<5 {
        model.formulaText = ""
        for (index, choice) in choices.enumerated() {
            previews[index].append(await timeAsync { await model.choose(choice.choose) })
            let compiled = try ReportEngine(databaseURL: databaseURL).run(formula: model.formulaText)
            raws[index].append(try medianTime(1) { try raw.run(compiled.sql, compiled.parameters) })
        }
    }
    let all = previews.flatMap { $0 }
    let allRaw = raws.flatMap { $0 }
    print(
        "  report builder preview per choice over \(catches) catches (\(choices.count) choices × 5): median \(ms(median(all))), slowest \(ms(all.max() ?? 0))   the formulas' SQL raw: median \(ms(median(allRaw))), slowest \(ms(allRaw.max() ?? 0))   (target < 100 ms)"
    )
    for (index, choice) in choices.enumerated() {
        print(
            "    then \(choice.name): preview \(ms(median(previews[index])))   its SQL raw \(ms(median(raws[index]))) (\(String(format: "%.2f", median(previews[index]) / median(raws[index])))×)"
        )
    }
}

/// Issue 33 §5: the widget's and the Live Activity's glance, made again after every write of
/// trips and catches — of a trip going on with 12 catches — beside the same rows read raw.
@MainActor
func benchmarkGlance(diary: DiaryQueue, raw: RawConnection) async throws {
    let spot = try await diary.read { try $0.spots.list()[0] }
    let trip = try await diary.write { diary in
        let trip = try diary.trips.add(TripDraft(spotId: spot.id, startAt: Date(), utcOffsetSeconds: 0))
        for index in 0..<12 {
            _ = try diary.catches.add(
                CatchDraft(
                    tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: Date().addingTimeInterval(Double(index)),
                    utcOffsetSeconds: 0, count: 1))
        }
        return trip
    }
    let source = TripGlanceSource(diary: diary, language: .english)
    let glance = try await medianAsync(25) { _ = try await source.glance() }
    let queries = [
        "SELECT * FROM trips WHERE deleted_at IS NULL ORDER BY start_at DESC, id LIMIT 20",
        "SELECT * FROM spots WHERE id = '\(spot.id.uuidString.lowercased())'",
        "SELECT * FROM catches WHERE deleted_at IS NULL AND trip_id = '\(trip.id.uuidString.lowercased())' ORDER BY caught_at DESC",
        "SELECT * FROM species WHERE id = 'perca-fluviatilis'",
    ]
    let rawTime = try medianTime(25) { for sql in queries { try raw.run(sql) } }
    print(
        "  widget glance after a write (a trip going on, 12 catches): \(ms(glance))   its rows raw \(ms(rawTime)) (\(String(format: "%.2f", glance / rawTime))×)"
    )
}

/// Issue 33 §7: the page-turn decision of one drag — where the list stood, 20 finger moves, the
/// end with its flick, and whether the router lets the ring move — over every list position,
/// direction and speed, beside the same moves' arithmetic alone.
@MainActor
func benchmarkPageTurn() {
    let router = AppRouter()
    let (width, height) = (390.0, 844.0)
    let drags = ListPosition.allCases.flatMap { list in
        [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)].flatMap { way in
            [60.0, 240.0].map { reach in (list, way.0 * reach, way.1 * reach) }
        }
    }
    var turns = 0
    let decide = medianTime(200) {
        for (list, dx, dy) in drags {
            var swipe = RingSwipe(startX: 195, y: 400, width: width, height: height, content: DragStart(list: list))
            for step in 1...20 { _ = swipe.follow(dx: dx * Double(step) / 20, dy: dy * Double(step) / 20) }
            let direction = swipe.end(
                dx: dx, dy: dy, predictedDX: dx * 3, predictedDY: dy * 3, width: width, height: height)
            if let direction, router.swipeMoves(direction) { turns += 1 }
        }
    }
    var sum = 0.0
    let arithmetic = medianTime(200) {
        for (_, dx, dy) in drags {
            for step in 1...20 { sum += dx * Double(step) / 20 + dy * Double(step) / 20 }
        }
    }
    precondition(turns > 0 && sum.isFinite)
    let perDrag = decide / Double(drags.count)
    print(
        "  page-turn decision per drag (\(drags.count) drags: list top/middle/end/fits × 4 directions × 2 speeds): \(String(format: "%.4f", perDrag * 1000)) ms   the moves' arithmetic alone \(String(format: "%.4f", arithmetic / Double(drags.count) * 1000)) ms   (target < 1 ms)"
    )
}
