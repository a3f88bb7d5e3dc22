import Foundation
import Inflate

/// Why a sales report could not be read; nothing of it is imported.
public enum SalesReportError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String)
    case tooLarge(limit: Int)
    case missingColumn(String)
    case invalidValue(line: Int, column: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .unreadable(let reason): "the report cannot be read: \(reason)"
        case .tooLarge(let limit): "the report is larger than \(limit / 1_000_000) MB once decompressed"
        case .missingColumn(let name):
            "the report has no \"\(name)\" column: expected an App Store Connect Sales Summary report (tab-separated)"
        case .invalidValue(let line, let column, let value, let expected):
            "line \(line): \(column) \"\(value.prefix(40))\" is not \(expected)"
        }
    }
}

/// What a row of the report counts, from its product type identifier.
public enum SalesUnitKind: String, Sendable, Codable, CaseIterable {
    /// A first download of the app (free or paid; iPhone, iPad, universal, Mac, bundle).
    case download
    /// The same customer downloading the app again.
    case redownload
    /// An update of an installed app.
    case update
}

/// Units of one app on one day in one country, of one kind.
public struct SalesUnits: Sendable, Equatable, Hashable {
    /// The report's day, `YYYY-MM-DD`.
    public var day: String
    /// The app's Apple identifier.
    public var appleId: String
    /// ISO 3166 code of the storefront's country.
    public var countryCode: String
    public var kind: SalesUnitKind
    /// Net units (refunds make rows negative).
    public var units: Int64

    public init(day: String, appleId: String, countryCode: String, kind: SalesUnitKind, units: Int64) {
        self.day = day
        self.appleId = appleId
        self.countryCode = countryCode
        self.kind = kind
        self.units = units
    }
}

/// The App Store Connect Sales Summary report (T12: counting the app's downloads), read from the
/// tab-separated file App Store Connect delivers (gzip-compressed from its API and its web
/// pages, or already decompressed). Rows of in-app purchases and other products are skipped;
/// app rows are summed per day, app, country and kind.
public enum SalesReport {
    /// The most a report may hold once decompressed.
    public static let sizeLimit = 256 << 20
    /// The most units one row may count either way; far above any app's day, and low enough
    /// that no sum of a report's rows can overflow.
    public static let maximumUnits: Int64 = 1_000_000_000

    static let productTypes: [String: SalesUnitKind] = [
        "1": .download, "1F": .download, "1T": .download, "1E": .download, "1EP": .download, "1EU": .download,
        "1-B": .download, "F1": .download, "F1-B": .download,
        "3": .redownload, "3F": .redownload, "3T": .redownload, "F3": .redownload,
        "7": .update, "7F": .update, "7T": .update, "F7": .update,
    ]

    /// A gzip-compressed report's text, held to the size limit.
    private static func inflated(_ data: Data) throws(SalesReportError) -> Data {
        do {
            return try Inflate.decompress(data, limit: sizeLimit)
        } catch .tooLarge(let limit) {
            throw .tooLarge(limit: limit)
        } catch {
            throw .unreadable(error.description)
        }
    }

    /// The app units in a report's bytes.
    public static func parse(_ data: Data) throws(SalesReportError) -> [SalesUnits] {
        guard data.count <= sizeLimit else { throw .tooLarge(limit: sizeLimit) }
        let bytes = Inflate.isGzip(data) ? try inflated(data) : data
        guard let text = String(data: bytes, encoding: .utf8) else { throw .unreadable("it is not UTF-8 text") }
        var lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .makeIterator()
        guard let header = lines.next() else { throw .unreadable("it is empty") }
        let names = header.split(separator: "\t", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        func column(_ name: String) throws(SalesReportError) -> Int {
            guard let index = names.firstIndex(of: name) else { throw .missingColumn(name) }
            return index
        }
        let type = try column("Product Type Identifier")
        let units = try column("Units")
        let begin = try column("Begin Date")
        let end = try column("End Date")
        let country = try column("Country Code")
        let app = try column("Apple Identifier")
        var totals: [SalesUnits: Int64] = [:]
        var lineNumber = 1
        while let line = lines.next() {
            lineNumber += 1
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= names.count else {
                throw .invalidValue(
                    line: lineNumber, column: "row", value: "\(fields.count) fields",
                    expected: "\(names.count) tab-separated fields like the header")
            }
            guard let kind = productTypes[fields[type].trimmingCharacters(in: .whitespaces)] else { continue }
            guard let count = Int64(fields[units].trimmingCharacters(in: .whitespaces)),
                (-maximumUnits...maximumUnits).contains(count)
            else {
                throw .invalidValue(
                    line: lineNumber, column: "Units", value: fields[units],
                    expected: "a whole number of at most \(maximumUnits) either way")
            }
            guard let day = isoDay(fields[begin]) else {
                throw .invalidValue(
                    line: lineNumber, column: "Begin Date", value: fields[begin], expected: "a date as MM/DD/YYYY")
            }
            guard isoDay(fields[end]) == day else {
                throw .invalidValue(
                    line: lineNumber, column: "End Date", value: fields[end],
                    expected: "the row's Begin Date (import daily reports, not weekly or monthly ones)")
            }
            let code = fields[country].trimmingCharacters(in: .whitespaces)
            guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw .invalidValue(
                    line: lineNumber, column: "Country Code", value: code, expected: "a two-letter country code")
            }
            let appleId = fields[app].trimmingCharacters(in: .whitespaces)
            guard !appleId.isEmpty, appleId.count <= 20, appleId.allSatisfy(\.isNumber) else {
                throw .invalidValue(
                    line: lineNumber, column: "Apple Identifier", value: appleId,
                    expected: "an app's numeric identifier")
            }
            let key = SalesUnits(day: day, appleId: appleId, countryCode: code.uppercased(), kind: kind, units: 0)
            totals[key, default: 0] += count
        }
        return totals.map { key, units in
            var row = key
            row.units = units
            return row
        }
        .sorted {
            ($0.day, $0.appleId, $0.countryCode, $0.kind.rawValue) < (
                $1.day, $1.appleId, $1.countryCode, $1.kind.rawValue
            )
        }
    }

    /// `MM/DD/YYYY` as `YYYY-MM-DD`, or nil when it is not a calendar date.
    static func isoDay(_ text: String) -> String? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/")
        guard parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]),
            (2008...2100).contains(year), (1...12).contains(month)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard
            let range = calendar.range(
                of: .day, in: .month, for: calendar.date(from: DateComponents(year: year, month: month))!),
            range.contains(day)
        else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
