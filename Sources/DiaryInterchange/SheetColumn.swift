import FishingModel
import SyncProtocol

/// A column of the catches spreadsheet (issue 34 §1): every catch on a row of its own with its
/// trip's and spot's columns beside it; a trip without catches, or a spot without trips, on a row
/// whose catch (and trip) columns are empty, so one file holds the whole diary.
///
/// Keys come from the records' column names (``RecordColumns``): a catch's columns keep theirs
/// (`caught_at`, `weight_kg`), a directory reference drops `_id` (`species`: the sheet holds
/// names), the catch's id is `catch_id`, and the trip's and spot's columns take their kind as a
/// prefix (`trip_title`, `spot_latitude`). A measured column's key ends in its unit
/// (`weight_lb` in imperial).
public enum SheetColumn: String, Sendable, CaseIterable {
    case catchId, caughtAt, species, count, weight, length, bait, method, depth, waterTemperature, released, notes
    case waterClarity, waterLevel, waterTrend
    case tripId, tripStart, tripEnd, tripTitle, companions, tripNotes
    case tripWaterTemperature, tripWaterClarity, tripWaterLevel, tripWaterTrend
    case spotId, spotName, latitude, longitude, waterBody, waterBodyType, spotDepth, spotNotes

    /// The column a key or header names (`weight_kg`, "Вес (кг)", "Fish"), nil when none.
    public init?(key: String) {
        guard let column = SheetMapping.recognise(key).0 else { return nil }
        self = column
    }

    /// The kind of record the column belongs to.
    var kind: RecordKind {
        switch self {
        case .catchId, .caughtAt, .species, .count, .weight, .length, .bait, .method, .depth, .waterTemperature,
            .released, .notes, .waterClarity, .waterLevel, .waterTrend:
            .catch
        case .tripId, .tripStart, .tripEnd, .tripTitle, .companions, .tripNotes, .tripWaterTemperature,
            .tripWaterClarity, .tripWaterLevel, .tripWaterTrend:
            .trip
        case .spotId, .spotName, .latitude, .longitude, .waterBody, .waterBodyType, .spotDepth, .spotNotes: .spot
        }
    }

    /// The record's column name this column holds.
    private var recordColumn: String {
        switch self {
        case .catchId: Catch.columns.name(of: \.id)
        case .caughtAt: Catch.columns.name(of: \.caughtAt)
        case .species: Catch.columns.name(of: \.speciesId)
        case .count: Catch.columns.name(of: \.count)
        case .weight: Catch.columns.name(of: \.weightKg)
        case .length: Catch.columns.name(of: \.lengthCm)
        case .bait: Catch.columns.name(of: \.baitId)
        case .method: Catch.columns.name(of: \.methodId)
        case .depth: Catch.columns.name(of: \.depthM)
        case .waterTemperature: Catch.columns.name(of: \.waterTempC)
        case .released: Catch.columns.name(of: \.released)
        case .notes: Catch.columns.name(of: \.notes)
        case .waterClarity: Catch.columns.name(of: \.waterClarityM)
        case .waterLevel: Catch.columns.name(of: \.waterLevelM)
        case .waterTrend: Catch.columns.name(of: \.waterTrend)
        case .tripId: Trip.columns.name(of: \.id)
        case .tripStart: Trip.columns.name(of: \.startAt)
        case .tripEnd: Trip.columns.name(of: \.endAt)
        case .tripTitle: Trip.columns.name(of: \.title)
        case .companions: Trip.columns.name(of: \.companions)
        case .tripNotes: Trip.columns.name(of: \.notes)
        case .tripWaterTemperature: Trip.columns.name(of: \.waterTempC)
        case .tripWaterClarity: Trip.columns.name(of: \.waterClarityM)
        case .tripWaterLevel: Trip.columns.name(of: \.waterLevelM)
        case .tripWaterTrend: Trip.columns.name(of: \.waterTrend)
        case .spotId: Spot.columns.name(of: \.id)
        case .spotName: Spot.columns.name(of: \.name)
        case .latitude: Spot.columns.name(of: \.latitude)
        case .longitude: Spot.columns.name(of: \.longitude)
        case .waterBody: Spot.columns.name(of: \.waterBodyName)
        case .waterBodyType: Spot.columns.name(of: \.waterBodyTypeId)
        case .spotDepth: Spot.columns.name(of: \.depthM)
        case .spotNotes: Spot.columns.name(of: \.notes)
        }
    }

    /// The quantity a measured column holds.
    var quantity: SheetQuantity? {
        switch self {
        case .weight: .mass
        case .length: .length
        case .depth, .spotDepth, .waterClarity, .waterLevel, .tripWaterClarity, .tripWaterLevel: .depth
        case .waterTemperature, .tripWaterTemperature: .temperature
        default: nil
        }
    }

    /// The directory a column names entries of (T5).
    var directory: DirectoryKind? {
        switch self {
        case .species: .species
        case .bait: .baits
        case .method: .methods
        case .waterBodyType: .waterBodyTypes
        default: nil
        }
    }

    /// The stable key, its unit written as `unit`'s symbol (`weight_kg`, `weight_lb`).
    public func key() -> String { key(unit: nil) }

    func key(unit: SheetUnit?) -> String {
        var name = recordColumn
        if directory != nil, name.hasSuffix("_id") { name.removeLast(3) }
        if let quantity, let stored = quantity.units.first, name.hasSuffix("_" + stored.rawValue) {
            name.removeLast(stored.rawValue.count + 1)
            name += "_" + (unit ?? stored).rawValue
        }
        switch kind {
        case .catch: return name == "id" ? "catch_id" : name
        default: return "\(kind.rawValue)_\(name)"
        }
    }

    /// The column's name an angler reads, without its unit.
    public func name(in language: SheetLanguage) -> String {
        let (english, russian) = names
        return language == .russian ? russian : english
    }

    /// The header: the key, or the name with its unit in brackets ("Weight (kg)").
    func header(_ language: SheetLanguage, unit: SheetUnit?) -> String {
        guard language != .keys else { return key(unit: unit) }
        return name(in: language) + (unit.map { " (\($0.shown(in: language)))" } ?? "")
    }

    private var names: (String, String) {
        switch self {
        case .catchId: ("Catch id", "Ид улова")
        case .caughtAt: ("Caught at", "Время улова")
        case .species: ("Species", "Вид")
        case .count: ("Count", "Количество")
        case .weight: ("Weight", "Вес")
        case .length: ("Length", "Длина")
        case .bait: ("Bait", "Наживка")
        case .method: ("Method", "Способ ловли")
        case .depth: ("Depth", "Глубина")
        case .waterTemperature: ("Water temperature", "Температура воды")
        case .released: ("Released", "Отпущена")
        case .notes: ("Notes", "Заметки")
        case .waterClarity: ("Water clarity", "Прозрачность воды")
        case .waterLevel: ("Water level", "Уровень воды")
        case .waterTrend: ("Water trend", "Вода")
        case .tripId: ("Trip id", "Ид поездки")
        case .tripStart: ("Trip start", "Начало поездки")
        case .tripEnd: ("Trip end", "Конец поездки")
        case .tripTitle: ("Trip title", "Название поездки")
        case .companions: ("Companions", "Спутники")
        case .tripNotes: ("Trip notes", "Заметки о поездке")
        case .tripWaterTemperature: ("Trip water temperature", "Температура воды за поездку")
        case .tripWaterClarity: ("Trip water clarity", "Прозрачность воды за поездку")
        case .tripWaterLevel: ("Trip water level", "Уровень воды за поездку")
        case .tripWaterTrend: ("Trip water trend", "Вода за поездку")
        case .spotId: ("Spot id", "Ид места")
        case .spotName: ("Spot", "Место")
        case .latitude: ("Latitude", "Широта")
        case .longitude: ("Longitude", "Долгота")
        case .waterBody: ("Water body", "Водоём")
        case .waterBodyType: ("Water body type", "Тип водоёма")
        case .spotDepth: ("Spot depth", "Глубина места")
        case .spotNotes: ("Spot notes", "Заметки о месте")
        }
    }

    /// Names other programs and people give the column, lowercased, beside its own names and key.
    var otherNames: [String] {
        switch self {
        case .caughtAt: ["date", "time", "date and time", "datetime", "caught", "дата", "время", "дата и время"]
        case .species: ["fish", "рыба"]
        case .count: ["quantity", "number", "qty", "кол-во", "штук"]
        case .weight: ["mass", "масса"]
        case .bait: ["lure", "приманка"]
        case .method: ["technique", "способ", "метод"]
        case .waterTemperature: ["water temp", "water temp.", "темп. воды", "температура"]
        case .released: ["catch and release", "c&r", "отпущен", "отпустил"]
        case .notes: ["note", "comment", "comments", "комментарий", "примечание"]
        case .waterClarity: ["clarity", "visibility", "прозрачность", "видимость"]
        case .waterLevel: ["level", "уровень"]
        case .waterTrend: ["trend", "flow", "level trend", "динамика", "вода прибывает/убывает"]
        case .tripTitle: ["trip", "event", "поездка", "рыбалка"]
        case .spotName: ["spot name", "location", "place", "место ловли", "локация"]
        case .latitude: ["lat", "y"]
        case .longitude: ["lon", "lng", "long", "x"]
        case .waterBody: ["lake", "river", "water", "водоем"]
        default: []
        }
    }
}
