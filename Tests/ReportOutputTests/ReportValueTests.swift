import Foundation
import ReportOutput
import Testing

@Suite("Report values and tables as JSON (T18)")
struct ReportValueTests {
    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test("Given one value of each kind, when encoded, then each is a plain JSON scalar and decodes back equal")
    func roundTrip() throws {
        let values: [ReportValue] = [.text("Pike"), .number(2.5), .integer(3), .null, .text(""), .number(-0.125)]
        let text = try json(values)
        #expect(text == #"["Pike",2.5,3,null,"",-0.125]"#)
        #expect(try decode([ReportValue].self, text) == values)
    }

    @Test("Given JSON numbers, when decoded, then integers that fit Int64 become .integer and all others .number")
    func integersAndNumbers() throws {
        let decoded = try decode(
            [ReportValue].self, "[7, -9223372036854775808, 9223372036854775807, 9223372036854775808, 1e20, 0.5, 2.0]")
        #expect(
            decoded == [
                .integer(7), .integer(.min), .integer(.max), .number(9_223_372_036_854_775_808), .number(1e20),
                .number(0.5), .integer(2),
            ])
    }

    @Test(
        "Given JSON that is not a string, number or null, when decoded, then decoding fails",
        arguments: ["[true]", "[{}]", "[[1]]"])
    func rejectsOtherJSON(_ text: String) {
        #expect(throws: DecodingError.self) { try decode([ReportValue].self, text) }
    }

    @Test("Given non-finite numbers, when encoded, then they are null and the encoder does not throw")
    func nonFiniteNumbers() throws {
        #expect(try json([ReportValue.number(.nan), .number(.infinity), .number(-.infinity)]) == "[null,null,null]")
    }

    @Test("Given a report table, when encoded and decoded, then it has its columns and rows")
    func tableRoundTrip() throws {
        let table = ReportTable(
            columns: ["species", "catches", "weight"],
            rows: [[.text("Pike"), .integer(4), .number(7.25)], [.text("Perch"), .integer(9), .null]])
        let text = try json(table)
        #expect(text == #"{"columns":["species","catches","weight"],"rows":[["Pike",4,7.25],["Perch",9,null]]}"#)
        #expect(try decode(ReportTable.self, text) == table)
    }

    @Test("Given values, when labelled, then text is as is, numbers lose a trailing .0 and null is a dash")
    func labels() {
        #expect(ReportValue.text("Zander").label == "Zander")
        #expect(ReportValue.integer(2024).label == "2024")
        #expect(ReportValue.number(3.0).label == "3")
        #expect(ReportValue.number(2.5).label == "2.5")
        #expect(ReportValue.number(-0.0).label == "0")
        #expect(ReportValue.number(0.00001).label == "0.00001")
        #expect(ReportValue.null.label == "—")
        #expect(ReportValue.number(.nan).label == "—")
    }

    @Test("Given values, when read as quantities, then numbers and integers count and text, null and non-finite do not")
    func quantities() {
        #expect(ReportValue.integer(3).quantity == 3)
        #expect(ReportValue.number(2.5).quantity == 2.5)
        #expect(ReportValue.text("3").quantity == nil)
        #expect(ReportValue.null.quantity == nil)
        #expect(ReportValue.number(.infinity).quantity == nil)
    }
}
