import Foundation

/// Why the gazetteer could not load or answer.
public enum GazetteerError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingResource
    case malformedFile(String)
    case invalidCoordinate(String)
    case emptySearch

    public var description: String {
        switch self {
        case .missingResource: "the offline gazetteer (gazetteer.bin) is missing from the app"
        case .malformedFile(let why): "the offline gazetteer file is damaged: \(why)"
        case .invalidCoordinate(let why): why
        case .emptySearch: "the search text is empty; give at least one letter of a settlement's name"
        }
    }
}

/// Reads the little-endian binary written by tools/make_gazetteer.py (its docstring is the spec).
struct GazetteerFile {
    struct Record {
        var latitudeE5: Int32
        var longitudeE5: Int32
        var population: UInt32
        var nameOffset: UInt32
        var nameLength: UInt16
        var region: UInt16
        var country: UInt16
        var axis: UInt8
        var foldedOffset: UInt32
        var foldedLength: UInt16
    }

    static let recordSize = 32

    let records: [Record]
    let searchOrder: [UInt32]
    let regions: [String]
    let countries: [(code: String, name: String)]
    let names: [UInt8]
    let folded: [UInt8]

    init(_ data: Data) throws(GazetteerError) {
        let bytes = [UInt8](data)
        var reader = ByteReader(bytes: bytes)
        guard bytes.count >= 36, Array(bytes[0..<4]) == Array("HSGZ".utf8) else {
            throw .malformedFile("not a gazetteer file")
        }
        reader.position = 4
        let header = (0..<8).map { _ in reader.u32() }
        guard header[0] == 1 else { throw .malformedFile("format version \(header[0]) is not 1") }
        let count = Int(header[1])
        let regionCount = Int(header[2])
        let countryCount = Int(header[3])
        let namesBytes = Int(header[4])
        let foldedBytes = Int(header[5])
        let regionBytes = Int(header[6])
        let countryBytes = Int(header[7])
        let expected =
            36 + count * (Self.recordSize + 4) + regionCount * 8 + regionBytes + countryCount * 8 + countryBytes
            + namesBytes + foldedBytes
        guard bytes.count == expected else { throw .malformedFile("size \(bytes.count) bytes, expected \(expected)") }

        records = (0..<count).map { _ in
            let latitude = Int32(bitPattern: reader.u32())
            let longitude = Int32(bitPattern: reader.u32())
            let population = reader.u32()
            let nameOffset = reader.u32()
            let nameLength = reader.u16()
            let region = reader.u16()
            let country = reader.u16()
            let axis = reader.u8()
            reader.position += 1
            let foldedOffset = reader.u32()
            let foldedLength = reader.u16()
            reader.position += 2
            return Record(
                latitudeE5: latitude, longitudeE5: longitude, population: population, nameOffset: nameOffset,
                nameLength: nameLength, region: region, country: country, axis: axis, foldedOffset: foldedOffset,
                foldedLength: foldedLength)
        }
        searchOrder = (0..<count).map { _ in reader.u32() }
        let regionTable = (0..<regionCount).map { _ -> (Int, Int) in
            let entry = (Int(reader.u32()), Int(reader.u16()))
            reader.position += 2
            return entry
        }
        let regionBlob = reader.take(regionBytes)
        regions = regionTable.map { String(decoding: regionBlob[$0.0..<$0.0 + $0.1], as: UTF8.self) }
        let countryTable = (0..<countryCount).map { _ -> (String, Int, Int) in
            let code = String(decoding: reader.take(2), as: UTF8.self)
            let length = Int(reader.u16())
            return (code, Int(reader.u32()), length)
        }
        let countryBlob = reader.take(countryBytes)
        countries = countryTable.map { ($0.0, String(decoding: countryBlob[$0.1..<$0.1 + $0.2], as: UTF8.self)) }
        names = reader.take(namesBytes)
        folded = reader.take(foldedBytes)

        for r in records {
            guard Int(r.nameOffset) + Int(r.nameLength) <= names.count,
                Int(r.foldedOffset) + Int(r.foldedLength) <= folded.count,
                Int(r.region) < regions.count, Int(r.country) < countries.count, r.axis < 3,
                abs(r.latitudeE5) <= 9_000_000, abs(r.longitudeE5) <= 18_000_000
            else { throw .malformedFile("a settlement record points outside the file") }
        }
        guard searchOrder.allSatisfy({ Int($0) < count }) else {
            throw .malformedFile("the search index points outside the file")
        }
    }
}

/// Sequential little-endian reads from a byte array whose size was checked beforehand.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func u8() -> UInt8 {
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }

    mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }

    mutating func take(_ count: Int) -> [UInt8] {
        defer { position += count }
        return Array(bytes[position..<position + count])
    }
}
