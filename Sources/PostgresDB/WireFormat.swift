import CPostgreSQL

/// Type OIDs from PostgreSQL's `pg_type` catalogue; they are fixed across server versions.
enum TypeOID {
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let int2: Oid = 21
    static let int4: Oid = 23
    static let text: Oid = 25
    static let float4: Oid = 700
    static let float8: Oid = 701
    static let numeric: Oid = 1700
    /// Lets the server infer the type from where the parameter is used (for NULL).
    static let unspecified: Oid = 0
}

/// Statement parameters laid out the way `PQexecParams` takes them: numbers, booleans and text in
/// PostgreSQL's text form with explicit types, bytes in binary form, NULL as a null pointer.
struct EncodedParameters {
    private(set) var types: [Oid] = []
    private(set) var formats: [Int32] = []
    private(set) var lengths: [Int32] = []
    /// Every non-NULL value's bytes, each followed by a NUL: text values become C strings and no
    /// value is left without an address, even an empty one.
    private var storage: [UInt8] = []
    private var offsets: [Int?] = []

    init(_ values: [PostgresValue], sql: String) throws(PostgresError) {
        for (position, value) in values.enumerated() {
            switch value {
            case .integer(let v): append(Array(String(v).utf8), type: TypeOID.int8)
            case .real(let v): append(Array(Self.text(v).utf8), type: TypeOID.float8)
            case .bool(let v): append(Array((v ? "t" : "f").utf8), type: TypeOID.bool)
            case .bytes(let v): append(v, type: TypeOID.bytea, binary: true)
            case .text(let v):
                let utf8 = Array(v.utf8)
                guard !utf8.contains(0) else {
                    throw PostgresError(
                        kind: .usage,
                        message: "parameter $\(position + 1) is text containing a NUL character, "
                            + "which PostgreSQL text cannot hold; send it as bytes", sql: sql)
                }
                append(utf8, type: TypeOID.text)
            case .null:
                types.append(TypeOID.unspecified)
                formats.append(0)
                lengths.append(0)
                offsets.append(nil)
            }
        }
    }

    private mutating func append(_ bytes: [UInt8], type: Oid, binary: Bool = false) {
        types.append(type)
        formats.append(binary ? 1 : 0)
        lengths.append(Int32(bytes.count))
        offsets.append(storage.count)
        storage += bytes
        storage.append(0)
    }

    /// Calls `body` with one pointer per parameter (nil for NULL), valid only during the call.
    func withValuePointers<R>(_ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        storage.withUnsafeBytes { buffer in
            body(offsets.map { $0.map { (buffer.baseAddress! + $0).assumingMemoryBound(to: CChar.self) } })
        }
    }

    /// A double in a form that reads back as exactly the same value: Swift prints the shortest
    /// digits that round-trip, and PostgreSQL spells the special values its own way.
    static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return "\(value)"
    }
}

/// Reads one non-NULL result column sent in text form, by its type; nil when the text does not
/// parse as that type (which would mean a server setting this layer does not expect).
func decodeColumn(_ raw: UnsafeRawBufferPointer, type: Oid) -> PostgresValue? {
    switch type {
    case TypeOID.int2, TypeOID.int4, TypeOID.int8:
        return Int64(String(decoding: raw, as: UTF8.self)).map { .integer($0) }
    case TypeOID.float4, TypeOID.float8, TypeOID.numeric:
        return Double(String(decoding: raw, as: UTF8.self)).map { .real($0) }
    case TypeOID.bool:
        return raw.count == 1 ? .bool(raw[0] == UInt8(ascii: "t")) : nil
    case TypeOID.bytea:
        return decodeHexBytea(raw).map { .bytes($0) }
    default:
        return .text(String(decoding: raw, as: UTF8.self))
    }
}

/// Decodes `bytea` in the hex output format (`\x0aff…`), the server default since 9.0.
private func decodeHexBytea(_ raw: UnsafeRawBufferPointer) -> [UInt8]? {
    guard raw.count >= 2, raw[0] == UInt8(ascii: "\\"), raw[1] == UInt8(ascii: "x"), raw.count % 2 == 0 else {
        return nil
    }
    func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count / 2 - 1)
    for i in stride(from: 2, to: raw.count, by: 2) {
        guard let high = nibble(raw[i]), let low = nibble(raw[i + 1]) else { return nil }
        bytes.append(high << 4 | low)
    }
    return bytes
}
