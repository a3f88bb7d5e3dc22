import FishingModel
import Foundation
import SyncProtocol

/// XML text and attribute values escaped as XML requires.
enum XMLText {
    /// Text for an attribute's value or an element's content; `quotes: false` leaves quotes as they
    /// are, which element content allows (the diary's records are JSON, full of them).
    static func escaped(_ text: String, quotes: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&apos;"
            case "\r": out += "&#13;"
            default:
                // Characters XML 1.0 cannot hold (controls other than tab and line feed) are dropped.
                if character.value < 0x20 && character != "\t" && character != "\n" { continue }
                out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The text without the XML blanks (space, tab, line feed, carriage return) around it; quicker
    /// than Foundation's trimming, which bridges through NSString on Linux.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        func filled(_ byte: UInt8) -> Bool { byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D }
        guard let first = utf8.firstIndex(where: filled), let last = utf8.lastIndex(where: filled)
        else { return "" }
        if first == utf8.startIndex && last == utf8.index(before: utf8.endIndex) { return text }
        return String(text[first...last])
    }

    /// A coordinate or figure as XML numbers are written: shortest round-tripping decimal.
    static func number(_ value: Double) -> String {
        let text = String(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// A diary record as the GPX and KML files carry it beside what other programs read (issue 34
/// §1): its synced fields as JSON (``RecordColumns``, the one list of a record's fields), so a
/// file written by the diary reads back field for field.
enum DiaryRecordXML {
    /// The namespace of the diary's GPX extension elements.
    static let namespace = "https://hobbystory.app/xmlns/interchange/1"

    static func json(_ spot: Spot) -> String { RecordFieldsJSON.text(Spot.columns.fields(of: spot)) }
    static func json(_ trip: Trip) -> String { RecordFieldsJSON.text(Trip.columns.fields(of: trip)) }
    static func json(_ item: Catch) -> String { RecordFieldsJSON.text(Catch.columns.fields(of: item)) }

    /// A record read back from its kind and JSON.
    static func record(kind: String, json: String) -> DiaryRecord {
        let fields = RecordFieldsJSON.parse(json)
        switch kind {
        case "spot":
            return fields.flatMap {
                Spot.columns.record(fields: $0, requiring: [\Spot.id, \Spot.name, \Spot.latitude, \Spot.longitude])
            }.map(DiaryRecord.spot) ?? .damaged(kind)
        case "trip":
            return fields.flatMap {
                Trip.columns.record(fields: $0, requiring: [\Trip.id, \Trip.spotId, \Trip.startAt])
            }.map(DiaryRecord.trip) ?? .damaged(kind)
        case "catch":
            return fields.flatMap {
                Catch.columns.record(
                    fields: $0, requiring: [\Catch.id, \Catch.tripId, \Catch.speciesId, \Catch.caughtAt])
            }.map(DiaryRecord.catch) ?? .damaged(kind)
        default:
            return .unknown(kind)
        }
    }
}

/// A record the diary wrote into a GPX or KML file, read back as soon as it is met (so a large
/// file's features hold records, not their JSON).
enum DiaryRecord {
    case spot(Spot)
    case trip(Trip)
    case `catch`(Catch)
    /// The JSON of a known kind does not read as its record.
    case damaged(String)
    /// A kind the diary does not know.
    case unknown(String)
}
