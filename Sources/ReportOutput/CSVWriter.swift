/// Exports a report result as CSV (T18, built-in visual reporting), for spreadsheets and other
/// tools, following RFC 4180:
///
/// - a header record of the column names, then one record per row; every record ends in CRLF;
/// - a field is enclosed in double quotes when it contains a comma, a double quote, CR or LF,
///   and a double quote inside it is doubled;
/// - numbers use "." as the decimal separator, no grouping and no trailing ".0" (`2.5`, `3`);
/// - null (and a non-finite number) is an empty field; empty text is `""`, so the two stay apart;
/// - a row shorter than the header is padded with empty fields.
///
/// **Formula injection.** Spreadsheet programs run a cell that starts with `=`, `+`, `-` or `@`
/// as a formula (and some strip a leading tab or CR first), so a species name or a note typed
/// as `=HYPERLINK(…)` or `@SUM(…)` would run on the machine of whoever opens the export. Every
/// text field starting with one of those characters — header names included — gets a leading
/// apostrophe, which spreadsheets take as "this is text" and do not show. Numbers are written
/// as numbers and need no guard; the price is that a text cell such as "-5" exports as `'-5`.
public enum CSVWriter {
    /// The table as CSV text.
    public static func csv(_ table: ReportTable) -> String {
        guard !table.columns.isEmpty || !table.rows.isEmpty else { return "" }
        var text = record(table.columns.map(ReportValue.text))
        for row in table.rows {
            text += record(row + [ReportValue](repeating: .null, count: max(0, table.columns.count - row.count)))
        }
        return text
    }

    /// One record: the values as fields, comma-separated, ending in CRLF.
    public static func record(_ values: [ReportValue]) -> String {
        values.map(field).joined(separator: ",") + "\r\n"
    }

    /// The characters that make a spreadsheet treat a cell as a formula when they come first.
    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    private static func field(_ value: ReportValue) -> String {
        switch value {
        case .text(let text):
            guard !text.isEmpty else { return "\"\"" }
            let guarded = text.unicodeScalars.first.map(formulaStarts.contains) == true ? "'" + text : text
            return quotedIfNeeded(guarded)
        case .number(let number):
            return NumberText.plain(number) ?? ""
        case .integer(let integer):
            return String(integer)
        case .null:
            return ""
        }
    }

    private static func quotedIfNeeded(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) }) else {
            return text
        }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.append(scalar) }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}
