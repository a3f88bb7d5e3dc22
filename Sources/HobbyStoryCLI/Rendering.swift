import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import MediaMetadata

/// How records look in `--json` output (camelCase keys matching the options) and as text.
extension CommandContext {
    func shortId(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    func iso(_ date: Date?, _ offset: Int) -> String? { date.map { DiaryTime.iso8601($0, utcOffsetSeconds: offset) } }

    /// A measurement without a trailing ".0".
    func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    func isoUTC(_ date: Date?) -> String? { iso(date, 0) }

    func name(_ kind: DirectoryKind, _ id: String?) -> String? {
        guard let id else { return nil }
        return (try? diary().directoryEntry(kind, id: id))??.nameEn ?? id
    }

    func json(_ profile: Profile) -> JSONValue {
        .object([
            "id": .string(profile.id.uuidString.lowercased()), "name": .string(profile.displayName),
            "hasPin": .bool(profile.hasPin), "units": .string(profile.units.rawValue),
            "createdAt": JSONValue(isoUTC(profile.createdAt)), "removedAt": JSONValue(isoUTC(profile.removedAt)),
        ])
    }

    func json(_ spot: Spot) -> JSONValue {
        .object([
            "id": .string(spot.id.uuidString.lowercased()), "name": .string(spot.name),
            "lat": .number(spot.latitude), "lon": .number(spot.longitude),
            "waterBody": JSONValue(spot.waterBodyName), "waterBodyTypeId": JSONValue(spot.waterBodyTypeId),
            "waterBodyType": JSONValue(name(.waterBodyTypes, spot.waterBodyTypeId)), "depthM": JSONValue(spot.depthM),
            "notes": JSONValue(spot.notes), "sharePrecision": JSONValue(spot.sharePrecision?.rawValue),
            "place": JSONValue(spot.place?.description),
            "settlement": JSONValue(spot.place?.settlement), "region": JSONValue(spot.place?.region),
            "country": JSONValue(spot.place?.country), "countryCode": JSONValue(spot.place?.countryCode),
            "createdAt": JSONValue(isoUTC(spot.createdAt)),
            "updatedAt": JSONValue(isoUTC(spot.updatedAt)), "deletedAt": JSONValue(isoUTC(spot.deletedAt)),
        ])
    }

    func text(_ spot: Spot) -> String {
        var line = "\(shortId(spot.id))  \(spot.name)  \(String(format: "%.5f, %.5f", spot.latitude, spot.longitude))"
        if let type = name(.waterBodyTypes, spot.waterBodyTypeId) { line += "  \(type)" }
        if let water = spot.waterBodyName { line += "  \(water)" }
        if let place = spot.place { line += "  — \(place.description)" }
        return line
    }

    func json(_ trip: Trip) -> JSONValue {
        .object([
            "id": .string(trip.id.uuidString.lowercased()), "spotId": .string(trip.spotId.uuidString.lowercased()),
            "spot": JSONValue((try? diary().spots.record(trip.spotId))?.name),
            "title": JSONValue(trip.title), "start": JSONValue(iso(trip.startAt, trip.utcOffsetSeconds)),
            "end": JSONValue(iso(trip.endAt, trip.utcOffsetSeconds)), "companions": JSONValue(trip.companions),
            "notes": JSONValue(trip.notes), "waterTempC": JSONValue(trip.waterTempC),
            "waterClarityM": JSONValue(trip.waterClarityM), "waterLevelM": JSONValue(trip.waterLevelM),
            "waterTrend": JSONValue(trip.waterTrend?.rawValue), "createdAt": JSONValue(isoUTC(trip.createdAt)),
            "updatedAt": JSONValue(isoUTC(trip.updatedAt)), "deletedAt": JSONValue(isoUTC(trip.deletedAt)),
        ])
    }

    func text(_ trip: Trip) -> String {
        let spot = (try? diary().spots.record(trip.spotId))?.name ?? trip.spotId.uuidString
        var line = "\(shortId(trip.id))  \(iso(trip.startAt, trip.utcOffsetSeconds)!)"
        if let end = iso(trip.endAt, trip.utcOffsetSeconds) { line += " – \(end)" }
        line += "  at \(spot)"
        if let title = trip.title { line += "  “\(title)”" }
        return line
    }

    func json(_ item: Catch) -> JSONValue {
        .object([
            "id": .string(item.id.uuidString.lowercased()), "tripId": .string(item.tripId.uuidString.lowercased()),
            "species": JSONValue(name(.species, item.speciesId)), "speciesId": .string(item.speciesId),
            "time": JSONValue(iso(item.caughtAt, item.utcOffsetSeconds)), "count": .integer(Int64(item.count)),
            "weightKg": JSONValue(item.weightKg), "lengthCm": JSONValue(item.lengthCm),
            "bait": JSONValue(name(.baits, item.baitId)), "baitId": JSONValue(item.baitId),
            "method": JSONValue(name(.methods, item.methodId)), "methodId": JSONValue(item.methodId),
            "depthM": JSONValue(item.depthM), "waterTempC": JSONValue(item.waterTempC),
            "waterClarityM": JSONValue(item.waterClarityM), "waterLevelM": JSONValue(item.waterLevelM),
            "waterTrend": JSONValue(item.waterTrend?.rawValue), "released": .bool(item.released),
            "notes": JSONValue(item.notes), "createdAt": JSONValue(isoUTC(item.createdAt)),
            "updatedAt": JSONValue(isoUTC(item.updatedAt)), "deletedAt": JSONValue(isoUTC(item.deletedAt)),
        ])
    }

    func text(_ item: Catch) -> String {
        var line =
            "\(shortId(item.id))  \(iso(item.caughtAt, item.utcOffsetSeconds)!)  \(name(.species, item.speciesId)!)"
        if item.count > 1 { line += " ×\(item.count)" }
        if let w = item.weightKg { line += "  \(number(w)) kg" }
        if let l = item.lengthCm { line += "  \(number(l)) cm" }
        if let bait = name(.baits, item.baitId) { line += "  on \(bait)" }
        if item.released { line += "  released" }
        return line
    }

    /// The water's line of `trip show` and `catch show` (issue 34 §5), nil when nothing was noted.
    func waterText(temperature: Double?, clarity: Double?, level: Double?, trend: WaterTrend?) -> String? {
        let parts =
            [
                temperature.map { "\(number($0)) °C" }, clarity.map { "seen to \(number($0)) m" },
                level.map { "\($0 > 0 ? "+" : "")\(number($0)) m against the usual level" }, trend?.rawValue,
            ].compactMap { $0 }
        return parts.isEmpty ? nil : "Water: " + parts.joined(separator: ", ")
    }

    func json(_ entry: TrashEntry) -> JSONValue {
        .object([
            "id": .string(entry.id.uuidString.lowercased()), "batchId": .string(entry.batchId.uuidString.lowercased()),
            "type": .string(entry.entityType.rawValue), "label": .string(entry.label),
            "itemCount": .integer(Int64(entry.itemCount)), "deletedAt": JSONValue(isoUTC(entry.deletedAt)),
        ])
    }

    func text(_ entry: TrashEntry) -> String {
        let extra = entry.itemCount > 1 ? " (+\(entry.itemCount - 1) with it)" : ""
        return
            "\(entry.id.uuidString.lowercased())  \(entry.entityType.rawValue)  \(entry.label)\(extra)  deleted \(isoUTC(entry.deletedAt)!)"
    }

    /// A capture time as ISO 8601: with the file's offset, `Z` for a video (UTC in the file), and
    /// without a zone for a photo that gives only its wall-clock time.
    func captureTime(_ metadata: MediaMetadata) -> String? {
        guard let date = metadata.capturedAt else { return nil }
        if let offset = metadata.captureUTCOffsetSeconds { return iso(date, offset) }
        let utc = DiaryTime.iso8601(date, utcOffsetSeconds: 0)
        return metadata.hasWallClockCaptureTime ? String(utc.dropLast()) : utc
    }

    /// The object `media import` prints per file (issue 6 §6: these keys, explicit nulls).
    func json(_ addition: MediaAddition) -> JSONValue {
        let asset = addition.asset
        let m = asset.metadata
        return .object([
            "id": .string(asset.id.uuidString.lowercased()), "sha256": .string(asset.sha256),
            "kind": .string(asset.kind.rawValue), "capturedAt": JSONValue(captureTime(m)),
            "latitude": JSONValue(m.latitude), "longitude": JSONValue(m.longitude), "width": JSONValue(m.pixelWidth),
            "height": JSONValue(m.pixelHeight), "durationSeconds": JSONValue(m.durationSeconds),
            "duplicate": .bool(addition.duplicate),
        ])
    }

    func text(_ addition: MediaAddition) -> String {
        (addition.duplicate ? "already stored: " : "imported ") + text(addition.asset)
    }

    func json(_ asset: MediaAsset) -> JSONValue {
        let m = asset.metadata
        return .object([
            "id": .string(asset.id.uuidString.lowercased()), "sha256": .string(asset.sha256),
            "kind": .string(asset.kind.rawValue), "format": .string(m.format.rawValue),
            "originalName": .string(asset.originalName), "byteSize": .integer(asset.byteSize),
            "capturedAt": JSONValue(captureTime(m)), "latitude": JSONValue(m.latitude),
            "longitude": JSONValue(m.longitude), "altitude": JSONValue(m.altitude),
            "orientation": JSONValue(m.orientation), "width": JSONValue(m.pixelWidth),
            "height": JSONValue(m.pixelHeight), "durationSeconds": JSONValue(m.durationSeconds),
            "links": .array(
                asset.links.map {
                    .object(["type": .string($0.type.rawValue), "id": .string($0.id.uuidString.lowercased())])
                }),
            "createdAt": JSONValue(isoUTC(asset.createdAt)), "deletedAt": JSONValue(isoUTC(asset.deletedAt)),
        ])
    }

    func text(_ asset: MediaAsset) -> String {
        let m = asset.metadata
        var line = "\(shortId(asset.id))  \(asset.kind.rawValue) \(asset.originalName)"
        if let width = m.pixelWidth, let height = m.pixelHeight { line += "  \(width)×\(height)" }
        if let duration = m.durationSeconds { line += "  \(number(duration)) s" }
        if let time = captureTime(m) { line += "  taken \(time)" }
        if let lat = m.latitude, let lon = m.longitude { line += String(format: "  at %.5f, %.5f", lat, lon) }
        for link in asset.links { line += "  → \(link.type.rawValue) \(shortId(link.id))" }
        return line
    }

    func json(_ entry: DirectoryEntry) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(entry.id), "nameEn": .string(entry.nameEn), "nameRu": .string(entry.nameRu),
            "retired": .bool(entry.retired),
        ]
        if let latin = entry.latin { object["latin"] = .string(latin) }
        if let family = entry.family { object["family"] = .string(family) }
        if let water = entry.water { object["water"] = .string(water.rawValue) }
        if let category = entry.category { object["category"] = .string(category) }
        if let description = entry.description { object["description"] = .string(description) }
        return .object(object)
    }

    func text(_ entry: DirectoryEntry) -> String {
        var line = "\(entry.id)  \(entry.nameEn) / \(entry.nameRu)"
        if let latin = entry.latin { line += "  (\(latin))" }
        if let category = entry.category { line += "  [\(category)]" }
        if entry.retired { line += "  retired" }
        return line
    }

    /// Prints a list: a JSON array, or one text line per item (or `empty` when there is none).
    func outputList<T>(_ items: [T], empty: String, json: (T) -> JSONValue, text: (T) -> String) {
        output(.array(items.map(json)), text: items.isEmpty ? empty : items.map(text).joined(separator: "\n"))
    }
}
