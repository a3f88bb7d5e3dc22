import Foundation
import ReportOutput
import Testing

@Suite("CSV export of report results (T18)")
struct CSVWriterTests {
    func csv(_ columns: [String], _ rows: [[ReportValue]]) -> String {
        CSVWriter.csv(ReportTable(columns: columns, rows: rows))
    }

    @Test("Given a table, when written, then there is a header record and every record ends in CRLF")
    func headerAndLineEnds() {
        let text = csv(
            ["species", "catches", "weight"],
            [[.text("Pike"), .integer(3), .number(7.5)], [.text("Perch"), .integer(12), .number(2)]])
        #expect(text == "species,catches,weight\r\nPike,3,7.5\r\nPerch,12,2\r\n")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test("Given fields with commas, quotes, CR or LF, when written, then they are quoted with inner quotes doubled")
    func quoting() {
        let text = csv(
            ["note"],
            [[.text("a,b")], [.text(#"say "hi""#)], [.text("two\nlines")], [.text("cr\rhere")], [.text("plain text")]])
        #expect(text == "note\r\n\"a,b\"\r\n\"say \"\"hi\"\"\"\r\n\"two\nlines\"\r\n\"cr\rhere\"\r\nplain text\r\n")
    }

    @Test(
        "Given numbers, when written, then they use a point, no grouping, no trailing .0 and no exponent for ordinary sizes"
    )
    func numbers() {
        let text = csv(
            ["n"],
            [
                [.number(2.0)], [.number(-2.5)], [.number(1234567.25)], [.number(0.00001)], [.integer(-3)],
                [.integer(.max)],
            ])
        #expect(text == "n\r\n2\r\n-2.5\r\n1234567.25\r\n0.00001\r\n-3\r\n9223372036854775807\r\n")
    }

    @Test(
        "Given null, empty text and non-finite numbers, when written, then null and non-finite are empty fields and empty text is two quotes"
    )
    func nullsAndEmpties() {
        let text = csv(["a", "b", "c", "d"], [[.null, .text(""), .number(.nan), .number(.infinity)]])
        #expect(text == "a,b,c,d\r\n,\"\",,\r\n")
    }

    @Test("Given rows shorter than the header, when written, then they are padded with empty fields")
    func shortRows() {
        #expect(csv(["a", "b", "c"], [[.integer(1)], []]) == "a,b,c\r\n1,,\r\n,,\r\n")
    }

    @Test("Given an empty table, when written, then the text is empty; given columns only, then just the header")
    func emptyTables() {
        #expect(csv([], []) == "")
        #expect(csv(["species"], []) == "species\r\n")
    }

    @Test(
        "Given text that a spreadsheet would run as a formula, when written, then it gets a leading apostrophe",
        arguments: [
            ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""),
            ("+1+2", "'+1+2"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "\"'\r=1\""),
            ("=1,2", "\"'=1,2\""),
        ])
    func formulaInjection(_ input: String, _ expected: String) {
        #expect(csv(["x"], [[.text(input)]]) == "x\r\n\(expected)\r\n")
    }

    @Test("Given harmless text and negative numbers, when written, then nothing is prefixed")
    func noFalseGuards() {
        #expect(
            csv(["x"], [[.text("a=b")], [.text(" =1")], [.number(-2.5)], [.integer(-7)]])
                == "x\r\na=b\r\n =1\r\n-2.5\r\n-7\r\n")
    }

    @Test("Given a header name starting with =, when written, then the header is guarded too")
    func guardedHeader() {
        #expect(csv(["=cmd", "n"], []) == "'=cmd,n\r\n")
    }

    @Test("Given hostile cells, when written and read back by an RFC 4180 reader, then every field is recovered")
    func readsBack() {
        let cells = ["Pike, large", "\"quoted\"", "multi\r\nline", "ä ö ü — 🐟", "a\"b,c\nd"]
        let text = csv(["name"], cells.map { [.text($0)] })
        #expect(rfc4180Fields(text) == [["name"]] + cells.map { [$0] })
    }

    /// A minimal RFC 4180 reader: records end in CRLF, quoted fields may hold anything.
    func rfc4180Fields(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.unicodeScalars.append(scalars.removeFirst())
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(field)
                field = ""
            } else if scalar == "\r", scalars.first == "\n" {
                scalars.removeFirst()
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        return records
    }
}
