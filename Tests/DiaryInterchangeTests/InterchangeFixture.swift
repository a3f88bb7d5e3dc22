import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation
import TestSupport

/// A device storage in a fresh folder, where each test opens the anglers it needs and writes the
/// files it imports.
struct InterchangeFixture {
    let folder: URL
    let storage: DeviceStorage

    init() throws {
        folder = try temporaryFolder("interchange")
        storage = try DeviceStorage(root: folder.appendingPathComponent("device"))
    }

    func diary(named name: String, units: Units = .metric) throws -> Diary {
        try storage.addProfile(ProfileDraft(displayName: name, units: units))
        return try storage.openDiary(named: name, pin: nil)
    }

    /// A spot with every detail and a trip with two catches (one with every field, its notes
    /// holding what a spreadsheet would take for a formula, quotes and a line break), a second trip
    /// without catches and a spot without trips.
    @discardableResult
    func sample(in diary: Diary) throws -> (Spot, Trip) {
        let spot = try diary.spots.add(
            SpotDraft(
                name: "Volga bend, \"old\" pier", latitude: 56.841_234, longitude: 35.912_345, waterBodyName: "Volga",
                waterBodyTypeId: "backwater", depthM: 4.5, notes: "Reeds on the left\nsnags at 3 m"))
        let start = try require(DiaryTime.parse("2026-06-14T05:00:00+03:00", defaultOffsetSeconds: 0))
        let trip = try diary.trips.add(
            TripDraft(
                spotId: spot.id, startAt: start.date, endAt: start.date.addingTimeInterval(6 * 3600),
                utcOffsetSeconds: start.utcOffsetSeconds, title: "Morning, pike", companions: "Oleg",
                notes: "=SUM(A1:A2) is not a formula", waterTempC: 16.5, waterClarityM: 1.5, waterLevelM: 0.2,
                waterTrend: .rising,
                track: try TripTrack(
                    (0..<4).map {
                        TrackPoint(
                            latitude: 56.8412 + Double($0) * 0.0004, longitude: 35.9123 - Double($0) * 0.0003,
                            time: start.date.addingTimeInterval(Double($0) * 600))
                    })))
        _ = try diary.catches.add(
            CatchDraft(
                tripId: trip.id, speciesId: "esox-lucius", caughtAt: start.date.addingTimeInterval(4200),
                utcOffsetSeconds: 10_800, count: 1, weightKg: 2.456, lengthCm: 71.5, baitId: "blade-bait",
                methodId: "baitcasting", depthM: 3.2, waterTempC: 17.4, waterClarityM: 1.2, waterLevelM: -0.35,
                waterTrend: .falling, released: true,
                notes: "-first of the year, \"a big one\"\non a spoon"))
        _ = try diary.catches.add(
            CatchDraft(
                tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: start.date.addingTimeInterval(7200),
                utcOffsetSeconds: 10_800, count: 3))
        _ = try diary.trips.add(
            TripDraft(
                spotId: spot.id, startAt: start.date.addingTimeInterval(86_400), utcOffsetSeconds: 10_800,
                title: "Evening, nothing"))
        _ = try diary.spots.add(SpotDraft(name: "Empty pond", latitude: -33.5, longitude: -70.25))
        return (spot, trip)
    }

    func export(
        _ diary: Diary, format: InterchangeFormat = .csv, language: SheetLanguage = .keys,
        selection: ExportSelection = ExportSelection()
    ) throws -> URL {
        let url = folder.appendingPathComponent("export-\(UUID().uuidString.prefix(8)).\(format.rawValue)")
        try DiaryExporter.export(
            diary: diary, format: format, to: url, selection: selection, language: language,
            units: diary.profile.units)
        return url
    }

    func file(_ name: String, _ text: String) throws -> URL {
        try file(name, Data(text.utf8))
    }

    func file(_ name: String, _ data: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }
}

/// `#require` outside a test body.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw CocoaError(.coderValueNotFound) }
    return value
}
