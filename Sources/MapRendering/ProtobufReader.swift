/// Reads the protocol buffer encoding of a vector tile (issue 15 §2) field by field, every
/// length and varint checked against the bytes at hand: a hostile tile ends in
/// ``VectorTileError/malformed(_:)``, never in a crash or a read past its end.
struct ProtobufReader {
    enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    private let bytes: [UInt8]
    private var position: Int
    private let end: Int

    init(_ bytes: [UInt8]) {
        self.init(bytes, bytes.startIndex..<bytes.endIndex)
    }

    private init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    var isAtEnd: Bool { position >= end }

    /// The next field's number and wire type.
    mutating func field() throws(VectorTileError) -> (number: UInt64, type: WireType) {
        let key = try varint()
        guard let type = WireType(rawValue: key & 7) else { throw .malformed("wire type \(key & 7)") }
        return (key >> 3, type)
    }

    mutating func varint() throws(VectorTileError) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 70, by: 7) {
            guard position < end else { throw .malformed("a number runs past the end") }
            let byte = bytes[position]
            position += 1
            if shift == 63 && byte > 1 { throw .malformed("a number longer than 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
        }
        throw .malformed("a number longer than 64 bits")
    }

    mutating func fixed32() throws(VectorTileError) -> UInt32 {
        UInt32(truncatingIfNeeded: try littleEndian(4))
    }

    mutating func fixed64() throws(VectorTileError) -> UInt64 { try littleEndian(8) }

    /// A length-delimited field's bytes, as a reader of their own.
    mutating func message() throws(VectorTileError) -> ProtobufReader {
        let length = try varint()
        guard length <= UInt64(end - position) else { throw .malformed("a field longer than the tile") }
        let start = position
        position += Int(length)
        return ProtobufReader(bytes, start..<position)
    }

    mutating func string() throws(VectorTileError) -> String {
        let part = try message()
        return String(decoding: bytes[part.position..<part.end], as: UTF8.self)
    }

    /// A packed repeated uint32 field (tags, geometry); each value checked to fit.
    mutating func packedUInt32() throws(VectorTileError) -> [UInt32] {
        var part = try message()
        var values: [UInt32] = []
        values.reserveCapacity(part.end - part.position)
        while !part.isAtEnd {
            let value = try part.varint()
            guard value <= UInt64(UInt32.max) else { throw .malformed("a packed value beyond 32 bits") }
            values.append(UInt32(value))
        }
        return values
    }

    mutating func skip(_ type: WireType) throws(VectorTileError) {
        switch type {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .lengthDelimited: _ = try message()
        case .fixed32: _ = try fixed32()
        }
    }

    private mutating func littleEndian(_ count: Int) throws(VectorTileError) -> UInt64 {
        guard end - position >= count else { throw .malformed("a fixed-size number runs past the end") }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
        position += count
        return value
    }
}
