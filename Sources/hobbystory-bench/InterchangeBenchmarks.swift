import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation

/// Issue 34 §7: exporting and importing 100,000 catches (with 1,000 trips at 100 spots) as CSV and
/// GPX, beside the raw byte work — writing and reading the same bytes, each with its flush — and
/// beside copying the same rows between SQLite files; with the process's peak resident memory
/// above where each began (goals: within 3× the raw byte work, memory under 100 MB).
func benchmarkInterchange(catches: Int) throws {
    let work = folder.appendingPathComponent("interchange")
    let storage = try DeviceStorage(root: work.appendingPathComponent("device"))
    try storage.addProfile(ProfileDraft(displayName: "Bench"))
    let diary = try storage.openDiary(named: "Bench", pin: nil)
    let species = ["esox-lucius", "perca-fluviatilis", "sander-lucioperca", "abramis-brama", "rutilus-rutilus"]
    let spots = try (0..<100).map { index in
        try diary.spots.add(
            SpotDraft(
                name: "Spot \(index)", latitude: 50 + Double(index) * 0.05, longitude: 30 + Double(index) * 0.07,
                notes: index % 3 == 0 ? "Reeds, \"snags\" at 3 m" : nil))
    }
    let trips = try (0..<1_000).map { (day: Int) -> Trip in
        let start = Date(timeIntervalSince1970: 1_600_000_000 + Double(day) * 86_400)
        let title: String? = day % 2 == 0 ? "Morning \(day)" : nil
        return try diary.trips.add(
            TripDraft(
                spotId: spots[day % spots.count].id, startAt: start, endAt: start.addingTimeInterval(40_000),
                utcOffsetSeconds: 10_800, title: title))
    }
    _ = try diary.catches.add(
        contentsOf: (0..<catches).map { (index: Int) -> CatchDraft in
            let trip = trips[index % trips.count]
            let weight: Double? = index % 4 == 0 ? nil : 0.2 + Double(index % 50) * 0.1
            let length: Double? = index % 3 == 0 ? 20 + Double(index % 40) : nil
            let notes: String? = index % 10 == 0 ? "On a spoon, \(index)" : nil
            return CatchDraft(
                tripId: trip.id, speciesId: species[index % species.count],
                caughtAt: trip.startAt.addingTimeInterval(Double(index / trips.count) * 300), utcOffsetSeconds: 10_800,
                count: 1, weightKg: weight, lengthCm: length, released: index % 5 == 0, notes: notes)
        })
    let copy = try sqliteCopyBaseline(source: diary.fileURL.path)
    print(
        "export and import of \(catches) catches, 1000 trips, 100 spots, median of 3; copying the same rows between SQLite files: \(String(format: "%.3f", copy)) s"
    )
    for format in [InterchangeFormat.csv, .gpx] {
        var (exports, writes, imports, reads) = ([Double](), [Double](), [Double](), [Double]())
        var (exportPeaks, importPeaks) = ([Int](), [Int]())
        var bytes: Int64 = 0
        for round in 0..<3 {
            let file = work.appendingPathComponent("round-\(round).\(format.rawValue)")
            var start = residentBytes()
            resetPeakResident()
            exports.append(try time { bytes = try DiaryExporter.export(diary: diary, format: format, to: file).bytes })
            exportPeaks.append(peakResidentBytes() - start)

            let content = try Data(contentsOf: file)
            let raw = work.appendingPathComponent("raw-\(round)")
            writes.append(
                try time {
                    FileManager.default.createFile(atPath: raw.path, contents: nil)
                    let handle = try FileHandle(forWritingTo: raw)
                    try handle.write(contentsOf: content)
                    try handle.synchronize()
                    try handle.close()
                })
            reads.append(try time { _ = try Data(contentsOf: raw) })

            let name = "Import \(format.rawValue) \(round)"
            try storage.addProfile(ProfileDraft(displayName: name))
            let target = try storage.openDiary(named: name, pin: nil)
            start = residentBytes()
            resetPeakResident()
            imports.append(
                try time {
                    let plan = try DiaryImporter.plan(file, diary: target, options: ImportOptions())
                    precondition(plan.refusals.isEmpty && plan.batch.catches.count == catches)
                    try DiaryImporter.commit(plan, diary: target)
                })
            importPeaks.append(peakResidentBytes() - start)
            for url in [file, raw] { try FileManager.default.removeItem(at: url) }
        }
        let megabytes = Double(bytes) / 1e6
        print("  \(format.rawValue.uppercased()) (\(String(format: "%.1f", megabytes)) MB):")
        print(
            String(
                format:
                    "    export %.2f s (%.0f MB/s)   write the same bytes + fsync %.3f s   %.1f× the raw write   peak memory +%.1f MB",
                median(exports), megabytes / median(exports), median(writes), median(exports) / median(writes),
                Double(exportPeaks.max() ?? 0) / 1e6))
        print(
            String(
                format:
                    "    import %.2f s (%.0f catches/s)   read the same bytes %.3f s   copy the rows %.3f s (%.1f×)   peak memory +%.1f MB",
                median(imports), Double(catches) / median(imports), median(reads), copy, median(imports) / copy,
                Double(importPeaks.max() ?? 0) / 1e6))
    }
    print("  (goals: within 3× the raw byte work; peak memory under 100 MB)")
    try FileManager.default.removeItem(at: work)
}
