import DiaryStore
import FishingModel
import Foundation
import ReportOutput

/// Writes the catches spreadsheet (issue 34 §1): UTF-8 with a byte-order mark so spreadsheets
/// read it as such, the header in stable keys or the angler's language with each measured
/// column's unit, one row per catch with its trip and spot, a row for each trip without catches
/// and each spot without trips. Times are ISO 8601 in the offset they were logged in; text is
/// guarded against spreadsheets' formulas (``CSVWriter``).
struct SheetExport {
    var language: SheetLanguage
    var units: Units
    var directories: DirectoryNames

    func write(_ content: ExportContent, to file: ExportFile) throws(InterchangeError) {
        try file.write(Data([0xEF, 0xBB, 0xBF]))
        try file.write(
            CSVWriter.record(SheetColumn.allCases.map { .text($0.header(language, unit: unit($0))) }))
        for spot in content.spots {
            let trips = content.trips[spot.id] ?? []
            if trips.isEmpty { try file.write(CSVWriter.record(row(spot, nil, nil))) }
            for trip in trips {
                let catches = content.catches[trip.id] ?? []
                if catches.isEmpty { try file.write(CSVWriter.record(row(spot, trip, nil))) }
                for item in catches { try file.write(CSVWriter.record(row(spot, trip, item))) }
            }
        }
    }

    private func unit(_ column: SheetColumn) -> SheetUnit? { column.quantity?.unit(for: units) }

    private func row(_ spot: Spot, _ trip: Trip?, _ item: Catch?) -> [ReportValue] {
        SheetColumn.allCases.map { value($0, spot, trip, item) }
    }

    private func value(_ column: SheetColumn, _ spot: Spot, _ trip: Trip?, _ item: Catch?) -> ReportValue {
        func text(_ value: String?) -> ReportValue { value.map(ReportValue.text) ?? .null }
        func measure(_ value: Double?) -> ReportValue {
            guard let value, let unit = unit(column) else { return .null }
            return .number((unit.fromStored(value) * 1e6).rounded() / 1e6)
        }
        func time(_ date: Date?, _ offset: Int) -> ReportValue {
            text(date.map { DiaryTime.iso8601($0, utcOffsetSeconds: offset) })
        }
        func name(_ kind: DirectoryKind, _ id: String?) -> ReportValue {
            text(id.map { directories.name(kind, $0, in: language) })
        }
        switch column {
        case .catchId: return text(item?.id.uuidString.lowercased())
        case .caughtAt: return time(item?.caughtAt, item?.utcOffsetSeconds ?? 0)
        case .species: return name(.species, item?.speciesId)
        case .count: return item.map { .integer(Int64($0.count)) } ?? .null
        case .weight: return measure(item?.weightKg)
        case .length: return measure(item?.lengthCm)
        case .bait: return name(.baits, item?.baitId)
        case .method: return name(.methods, item?.methodId)
        case .depth: return measure(item?.depthM)
        case .waterTemperature: return measure(item?.waterTempC)
        case .released: return item.map { text(flag($0.released)) } ?? .null
        case .notes: return text(item?.notes)
        case .waterClarity: return measure(item?.waterClarityM)
        case .waterLevel: return measure(item?.waterLevelM)
        case .waterTrend: return text(item?.waterTrend.map(trend))
        case .tripId: return text(trip?.id.uuidString.lowercased())
        case .tripStart: return time(trip?.startAt, trip?.utcOffsetSeconds ?? 0)
        case .tripEnd: return time(trip?.endAt, trip?.utcOffsetSeconds ?? 0)
        case .tripTitle: return text(trip?.title)
        case .companions: return text(trip?.companions)
        case .tripNotes: return text(trip?.notes)
        case .tripWaterTemperature: return measure(trip?.waterTempC)
        case .tripWaterClarity: return measure(trip?.waterClarityM)
        case .tripWaterLevel: return measure(trip?.waterLevelM)
        case .tripWaterTrend: return text(trip?.waterTrend.map(trend))
        case .spotId: return text(spot.id.uuidString.lowercased())
        case .spotName: return text(spot.name)
        case .latitude: return .number(spot.latitude)
        case .longitude: return .number(spot.longitude)
        case .waterBody: return text(spot.waterBodyName)
        case .waterBodyType: return name(.waterBodyTypes, spot.waterBodyTypeId)
        case .spotDepth: return measure(spot.depthM)
        case .spotNotes: return text(spot.notes)
        }
    }

    private func trend(_ value: WaterTrend) -> String {
        switch (language, value) {
        case (.keys, _): value.rawValue
        case (.english, _): value.rawValue
        case (.russian, .rising): "прибывает"
        case (.russian, .steady): "стоит"
        case (.russian, .falling): "убывает"
        }
    }

    private func flag(_ value: Bool) -> String {
        switch language {
        case .russian: value ? "да" : "нет"
        case .keys, .english: value ? "yes" : "no"
        }
    }
}
