import Foundation

/// A CBOR value (RFC 8949), as far as App Attest's attestation and assertion objects use it
/// (T13, issue 17): integers, byte and text strings, arrays, maps, simple values.
///
/// The reader is written for hostile input: definite lengths only, every length checked against
/// the bytes that remain before anything is allocated, at most ``maximumDepth`` levels of nesting
/// and ``maximumItems`` items in all — a length that lies ends the read with an error, never a
/// crash or a large allocation.
public indirect enum CBOR: Sendable, Equatable {
    case unsigned(UInt64)
    /// −1 − n, kept as n (COSE's negative labels are small).
    case negative(UInt64)
    case bytes(Data)
    case text(String)
    case array([CBOR])
    case map([(CBOR, CBOR)])
    case simple(UInt8)

    public static let maximumDepth = 16
    public static let maximumItems = 10_000

    /// Reads exactly one value filling `data`; nil when it is not well-formed CBOR within the limits.
    public static func decode(_ data: Data) -> CBOR? {
        var reader = Reader(bytes: Array(data))
        guard let value = reader.value(depth: 0), reader.position == reader.bytes.count else { return nil }
        return value
    }

    /// The value under the text key `key` of a map.
    public subscript(key: String) -> CBOR? { self[.text(key)] }

    /// The value under `key` of a map.
    public subscript(key: CBOR) -> CBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.0 == key }?.1
    }

    public var bytes: Data? {
        if case .bytes(let data) = self { return data }
        return nil
    }

    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    public var array: [CBOR]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public static func == (lhs: CBOR, rhs: CBOR) -> Bool {
        switch (lhs, rhs) {
        case (.unsigned(let a), .unsigned(let b)), (.negative(let a), .negative(let b)): a == b
        case (.bytes(let a), .bytes(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.map(let a), .map(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.simple(let a), .simple(let b)): a == b
        default: false
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        var items = 0

        mutating func value(depth: Int) -> CBOR? {
            items += 1
            guard depth < CBOR.maximumDepth, items <= CBOR.maximumItems, position < bytes.count else { return nil }
            let initial = bytes[position]
            position += 1
            let major = initial >> 5
            guard let argument = argument(initial & 0x1F) else { return nil }
            switch major {
            case 0: return .unsigned(argument)
            case 1: return .negative(argument)
            case 2, 3:
                guard argument <= UInt64(bytes.count - position) else { return nil }
                let slice = bytes[position..<position + Int(argument)]
                position += Int(argument)
                if major == 2 { return .bytes(Data(slice)) }
                guard let text = String(validating: slice, as: UTF8.self) else { return nil }
                return .text(text)
            case 4:
                // Each item takes at least one byte: a longer count is a lie.
                guard argument <= UInt64(bytes.count - position) else { return nil }
                var array: [CBOR] = []
                for _ in 0..<argument {
                    guard let item = value(depth: depth + 1) else { return nil }
                    array.append(item)
                }
                return .array(array)
            case 5:
                guard argument <= UInt64(bytes.count - position) / 2 else { return nil }
                var map: [(CBOR, CBOR)] = []
                for _ in 0..<argument {
                    guard let key = value(depth: depth + 1), let item = value(depth: depth + 1) else { return nil }
                    map.append((key, item))
                }
                return .map(map)
            case 7:
                guard initial & 0x1F < 24 || initial & 0x1F == 24 else { return nil }
                return .simple(UInt8(truncatingIfNeeded: argument))
            default:
                // Tags (6) are not used by App Attest.
                return nil
            }
        }

        /// The additional information's value: in the byte itself or in 1, 2, 4 or 8 following
        /// bytes; indefinite lengths (31) and reserved values are refused.
        mutating func argument(_ information: UInt8) -> UInt64? {
            let width: Int
            switch information {
            case 0..<24: return UInt64(information)
            case 24: width = 1
            case 25: width = 2
            case 26: width = 4
            case 27: width = 8
            default: return nil
            }
            guard bytes.count - position >= width else { return nil }
            let value = bytes[position..<position + width].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            position += width
            return value
        }
    }
}
