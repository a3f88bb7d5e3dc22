import Foundation
import SyncProtocol
import Testing

/// The portal's reader of stored record fields (issue 16 §5 made it replace `JSONDecoder`):
/// whatever ``RecordFieldsJSON`` writes reads back the same, `JSONDecoder` (the oracle) agrees,
/// and anything else is refused.
@Suite("Record fields read back without JSONDecoder")
struct RecordFieldsParserTests {
    static let texts = [
        "", "plain", "quote \" and backslash \\", "line\nbreak\ttab\rreturn", "\u{1} \u{1F} controls",
        "Щука обыкновенная", "emoji 🎣🐟", "<script>alert(1)</script>", "slash / and \u{2028}",
        String(repeating: "x", count: 5_000),
    ]

    @Test("Given random fields, when written and read back, then they are the same, as JSONDecoder reads them too")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var fields: RecordFields = [:]
            for index in 0..<Int.random(in: 0...20, using: &generator) {
                let value: FieldValue =
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: .null
                    case 1:
                        .integer(
                            [0, 1, -1, 1 << 53, -(1 << 53), Int64.random(in: -1_000_000...1_000_000)].randomElement()!)
                    case 2:
                        .real(
                            [0.1, -2.5, 1e-300, 1.7976931348623157e308, 2.5e20, Double.random(in: -1e9...1e9)]
                                .randomElement()!)
                    default: .text(Self.texts.randomElement()!)
                    }
                fields["field_\(index)"] = value
            }
            let text = RecordFieldsJSON.text(fields)
            let parsed = try #require(RecordFieldsJSON.parse(text), "\(text.prefix(200))")
            #expect(try JSONDecoder().decode(RecordFields.self, from: Data(text.utf8)) == parsed, "\(text.prefix(300))")
            #expect(
                parsed
                    == fields.mapValues { value in
                        if case .real(let number) = value { return FieldValue.number(number) }
                        return value
                    })
        }
    }

    @Test(
        "Given JSON that is not one flat object of names to null, numbers and strings, then it is refused",
        arguments: [
            "", "[]", "{", "{\"a\":}", "{\"a\":1,}", "{\"a\":true}", "{\"a\":{}}", "{\"a\":[1]}", "{\"a\":1} x",
            "{\"a\":\"unterminated}", "{\"a\":\"\\x\"}", "{\"a\":\"\\ud800\"}", "{\"a\":\"raw\u{1}control\"}", "{a:1}",
            "{\"a\":-}", "{\"a\":1e}", "{\"a\":1e999}",
        ])
    func refused(text: String) {
        #expect(RecordFieldsJSON.parse(text) == nil)
    }

    @Test("Given escapes JSONDecoder accepts, then they read the same")
    func escapes() {
        #expect(RecordFieldsJSON.parse(#"{"a":"\u00e9\/\b\f\ud83c\udfa3"}"#) == ["a": .text("é/\u{8}\u{C}🎣")])
        #expect(
            RecordFieldsJSON.parse(#" { "n" : 12 , "r" : 1.5e3 } "#) == ["n": .integer(12), "r": .integer(1500)],
            "as JSONDecoder reads it")
        #expect(RecordFieldsJSON.parse(#"{"big":92233720368547758070}"#) == ["big": .real(92_233_720_368_547_758_070)])
        #expect(
            RecordFieldsJSON.parse(#"{"whole":3.0,"max":9223372036854775807}"#) == [
                "whole": .integer(3), "max": .real(9.223372036854775807e18),
            ])
    }
}
