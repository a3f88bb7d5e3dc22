import Foundation

/// The records of a spreadsheet saved as CSV (RFC 4180 as spreadsheets write it), read one at a
/// time from the file's bytes so a large file never becomes one large string (issue 34 §1).
///
/// - The text is UTF-8 (a byte-order mark is skipped) or UTF-16 with its mark (spreadsheets'
///   "Unicode text"); any other bytes are refused by row, saying how to save the file instead.
/// - The separator is the one the header uses most outside quotes: a comma, a semicolon (what
///   spreadsheets in Russian and most European languages write) or a tab.
/// - A quoted field may hold separators, doubled quotes and line breaks; a quote left open at the
///   end of the file is refused by the row it opened on.
/// - Rows, columns and a field's bytes are bounded (``InterchangeLimits``).
struct CSVRows {
    let bytes: [UInt8]
    let separator: UInt8
    private var offset: Int
    /// The spreadsheet's row number of the next record (the header is row 1).
    private(set) var row = 0

    init(_ data: [UInt8]) throws(InterchangeError) {
        var bytes = data
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let encoding: String.Encoding = bytes[0] == 0xFF ? .utf16LittleEndian : .utf16BigEndian
            guard let text = String(data: Data(bytes.dropFirst(2)), encoding: encoding) else {
                throw .encoding(place: "the file", detail: "it starts as UTF-16 text but its bytes are not UTF-16")
            }
            bytes = Array(text.utf8)
        }
        self.bytes = bytes
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        separator = Self.separator(of: bytes[offset...])
    }

    /// The separator the first line uses most outside quotes; a comma when it uses none.
    static func separator(of bytes: ArraySlice<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && (byte == 0x0A || byte == 0x0D) { break }
            if !quoted, counts[byte] != nil { counts[byte]! += 1 }
        }
        let best = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!
        return best.value == 0 ? UInt8(ascii: ",") : best.key
    }

    /// The next record's fields, or nil at the end of the file. Blank lines are skipped.
    mutating func next() throws(InterchangeError) -> [String]? {
        while offset < bytes.count {
            row += 1
            if row > InterchangeLimits.rows {
                throw .limit(place: "the file", what: "rows", limit: InterchangeLimits.rows)
            }
            let record = try record()
            if record.count == 1 && record[0].isEmpty { continue }
            return record
        }
        return nil
    }

    private mutating func record() throws(InterchangeError) -> [String] {
        var fields: [String] = []
        var field: [UInt8] = []
        let startRow = row
        var quoted = false
        var wasQuoted = false
        func finish() throws(InterchangeError) {
            var bytes = field[...]
            if !wasQuoted {
                while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
                while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .encoding(
                    place: "row \(startRow), column \(fields.count + 1)",
                    detail:
                        "the bytes are not UTF-8 text; save the spreadsheet as \"CSV UTF-8\" (or \"Unicode text\")")
            }
            fields.append(text)
            if fields.count > InterchangeLimits.columns {
                throw .limit(place: "row \(startRow)", what: "columns", limit: InterchangeLimits.columns)
            }
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if offset < bytes.count && bytes[offset] == UInt8(ascii: "\"") {
                        field.append(byte)
                        offset += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A { row += 1 }
                    field.append(byte)
                }
            } else if byte == separator {
                try finish()
            } else if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D && offset < bytes.count && bytes[offset] == 0x0A { offset += 1 }
                try finish()
                return fields
            } else if byte == UInt8(ascii: "\"") && field.allSatisfy({ $0 == 0x20 }) {
                field.removeAll()
                quoted = true
                wasQuoted = true
            } else {
                field.append(byte)
            }
            if field.count > InterchangeLimits.fieldBytes {
                throw .limit(
                    place: "row \(startRow), column \(fields.count + 1)", what: "bytes in one cell",
                    limit: InterchangeLimits.fieldBytes)
            }
        }
        if quoted {
            throw .malformed(
                place: "row \(startRow), column \(fields.count + 1)",
                detail: "a quoted cell is never closed (a \" is missing)")
        }
        try finish()
        return fields
    }
}
