import Foundation
import SyncProtocol
import Testing

/// The hand-written JSON of record fields (the portal's storage and pull pages) must read back
/// exactly as written, whatever the text holds (T3).
@Suite("Record fields JSON")
struct WireFormatTests {
    @Test(
        "Given awkward text and numbers, when written by hand and decoded by JSONDecoder, then every value comes back")
    func roundTrip() throws {
        let fields: RecordFields = [
            "quote": .text("He said \"pike\" \\ then left"), "control": .text("tab\tnew\nline\r\u{01}\u{1F}"),
            "unicode": .text("Окунь 🐟 naïve"), "empty": .text(""), "nothing": .null,
            "big": .integer(1_780_000_000_123), "negative": .integer(-42), "real": .real(2.5),
            "tiny": .real(1e-7), "huge": .real(6.02e23), "negativeReal": .real(-0.125),
        ]
        let text = RecordFieldsJSON.text(fields)
        let decoded = try JSONDecoder().decode(RecordFields.self, from: Data(text.utf8))
        #expect(decoded == fields)
        #expect(text.hasPrefix("{\"big\":"), "keys are sorted")
        let seeded = (0..<2_000).map { i in FieldValue.text(String(UnicodeScalar(UInt8(i % 128)))) }
        for value in seeded {
            let json = RecordFieldsJSON.text(["v": value])
            #expect(try JSONDecoder().decode(RecordFields.self, from: Data(json.utf8))["v"] == value)
        }
    }

    @Test("Given cursors, when read back, then only the portal's own forms are accepted")
    func cursors() {
        #expect(SyncCursor(token: "") == SyncCursor(seq: 0))
        #expect(SyncCursor(token: "v1.42") == SyncCursor(seq: 42))
        #expect(SyncCursor(token: "v1.full.7") == SyncCursor(seq: 7, fullPass: true))
        for bad in ["v1.", "v1.-3", "v2.5", "v1.5x", "v1.٣", "v1.full.", "42", "v1.99999999999999999999"] {
            #expect(SyncCursor(token: bad) == nil, "\(bad)")
        }
    }
}
