/// Reads record fields back from the JSON ``RecordFieldsJSON`` writes — one flat object of
/// names to null, numbers and strings — without `JSONDecoder`, which on Linux costs tens of
/// microseconds a record: the site decodes every record it shows (issue 16 §5). Any other JSON
/// (nesting, arrays, booleans, trailing bytes) gives nil, and the caller treats the row as
/// unreadable. Numbers read exactly as `JSONDecoder` reads a ``FieldValue``.
extension RecordFieldsJSON {
    public static func parse(_ text: String) -> RecordFields? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.object()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func object() -> RecordFields? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var fields: RecordFields = [:]
            skipSpace()
            if take(UInt8(ascii: "}")) { return finished(fields) }
            while true {
                skipSpace()
                guard let name = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = value() else { return nil }
                fields[name] = value
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                return finished(fields)
            }
        }

        private mutating func finished(_ fields: RecordFields) -> RecordFields? {
            skipSpace()
            return index == bytes.count ? fields : nil
        }

        private mutating func value() -> FieldValue? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(FieldValue.text)
            case UInt8(ascii: "n"):
                guard literal("null") else { return nil }
                return .null
            default: return number()
            }
        }

        /// A number, read as the wire reads it (``FieldValue/number(_:)``).
        private mutating func number() -> FieldValue? {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                        || byte == UInt8(ascii: "+")
                else { break }
                index += 1
            }
            guard index > start,
                let number = Double(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
                number.isFinite
            else { return nil }
            return FieldValue.number(number)
        }

        /// A string: straight from the bytes when it has no escapes (the usual case), through a
        /// byte buffer when it has.
        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
                guard byte >= 0x20 else { return nil }
                index += 1
            }
            return nil
        }

        private mutating func escapedString(from start: Int) -> String? {
            var buffer = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: buffer, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else {
                    guard byte >= 0x20 else { return nil }
                    buffer.append(byte)
                    continue
                }
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                let scalar: Unicode.Scalar
                switch escaped {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{8}"
                case UInt8(ascii: "f"): scalar = "\u{C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(code) {
                        guard literal("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let decoded = Unicode.Scalar(code) else { return nil }
                    scalar = decoded
                default: return nil
                }
                buffer.append(contentsOf: String(scalar).utf8)
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        private mutating func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
            index += count
            return true
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
    }
}
