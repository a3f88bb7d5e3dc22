import FishingModel
import Foundation

/// How a spreadsheet's columns map to the diary's (issue 34 §1 "a column mapping the angler
/// confirms"): each header recognised in English, Russian or as a key, with its unit; the
/// columns it ignores; what it assumed.
public struct SheetMapping: Sendable, Equatable {
    /// One column of the file and the diary's column it feeds, if any.
    public struct Entry: Sendable, Equatable {
        public var header: String
        public var column: SheetColumn?
        /// The unit its figures are read in ("kg", "°F"); nil for a column without a quantity.
        public var unit: String? { unit(in: .english) }
        /// The unit as a header in `language` writes it ("кг").
        public func unit(in language: SheetLanguage) -> String? { measure?.shown(in: language) }
        /// The unit was not in the header: the figures are read in the profile's units.
        public var assumed: Bool
        let measure: SheetUnit?

        init(header: String, column: SheetColumn?, measure: SheetUnit?, assumed: Bool) {
            (self.header, self.column, self.measure, self.assumed) = (header, column, measure, assumed)
        }
    }

    public var entries: [Entry]
    /// The file's first rows (at most ``sampleRows``), to show what each column holds.
    public var samples: [[String]] = []

    /// How many rows ``samples`` keeps.
    public static let sampleRows = 3

    /// What the column at `index` holds in the file's first rows, blanks left out.
    public func samples(of index: Int) -> [String] {
        samples.compactMap { $0.indices.contains(index) ? $0[index] : nil }.filter { !$0.isEmpty }
    }

    /// The file's column index of each diary column it maps.
    var indexes: [SheetColumn: Int] {
        Dictionary(
            entries.enumerated().compactMap { i, e in e.column.map { ($0, i) } }, uniquingKeysWith: { a, _ in a })
    }

    /// The unit of the file's column at an index.
    func unit(at index: Int) -> SheetUnit? { entries[index].measure }

    /// Maps a header row: `ignored` headers feed nothing and `overrides` ("Fish" → `species`)
    /// come first, then each header by its key, its English or Russian name or another common
    /// name, with a unit in brackets or after an underscore; a measured column without a unit is
    /// read in `units`. A diary column named by two headers is an error, so no value is silently
    /// dropped.
    public static func map(
        _ headers: [String], units: Units, overrides: [String: SheetColumn] = [:], ignored: Set<String> = []
    ) throws(InterchangeError) -> SheetMapping {
        var entries: [Entry] = []
        var taken: [SheetColumn: String] = [:]
        for header in headers {
            let (column, unit) =
                ignored.contains(header)
                ? (nil, nil) : overrides[header].map { ($0, Optional<SheetUnit>.none) } ?? recognise(header)
            guard let column else {
                entries.append(Entry(header: header, column: nil, measure: nil, assumed: false))
                continue
            }
            if let other = taken[column] {
                throw .mapping(
                    "the columns \"\(other)\" and \"\(header)\" both read as \(column.key()); name one with --map \"\(header)=KEY\" or remove it"
                )
            }
            taken[column] = header
            let chosen = unit ?? column.quantity.map { $0.unit(for: units) }
            entries.append(
                Entry(header: header, column: column, measure: chosen, assumed: unit == nil && chosen != nil))
        }
        guard !taken.isEmpty else {
            throw .mapping(
                "no column of the header row is one the diary knows (\(headers.prefix(6).map { "\"\($0)\"" }.joined(separator: ", "))); name them with --map \"HEADER=KEY\", keys such as species, caught_at, weight_kg, spot_name"
            )
        }
        return SheetMapping(entries: entries)
    }

    /// A column named by a key (`weight_lb`), a name with its unit ("Вес (кг)") or a common name.
    static func recognise(_ header: String) -> (SheetColumn?, SheetUnit?) {
        let text = normalised(header)
        for column in SheetColumn.allCases {
            if let quantity = column.quantity {
                for unit in quantity.units where text == column.key(unit: unit) { return (column, unit) }
            } else if text == column.key() {
                return (column, nil)
            }
        }
        var name = text
        var unit: SheetUnit?
        if let open = text.lastIndex(of: "("), text.hasSuffix(")") {
            let symbol = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingCharacters(
                in: .whitespaces)
            unit = SheetUnit.allCases.first { $0.symbols.contains(symbol) }
            name = text[..<open].trimmingCharacters(in: .whitespaces)
        } else if let comma = text.lastIndex(of: ",") {
            let symbol = text[text.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            if let found = SheetUnit.allCases.first(where: { $0.symbols.contains(symbol) }) {
                unit = found
                name = text[..<comma].trimmingCharacters(in: .whitespaces)
            }
        }
        for column in SheetColumn.allCases {
            let names =
                [column.name(in: .english), column.name(in: .russian)].map(normalised) + column.otherNames
            guard names.contains(name) else { continue }
            guard let unit else { return (column, nil) }
            return column.quantity?.units.contains(unit) == true ? (column, unit) : (nil, nil)
        }
        return (nil, nil)
    }

    /// Lowercased, trimmed, inner blanks collapsed, ё read as е.
    static func normalised(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var blank = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace {
                blank = !result.isEmpty
                continue
            }
            if blank { result.unicodeScalars.append(" ") }
            blank = false
            result.unicodeScalars.append(scalar == "ё" ? "е" : scalar)
        }
        return result
    }
}
