import Testing

@testable import PostgresDB

/// Checks that need no server.
@Suite("PostgreSQL layer without a server")
struct OfflineTests {
    @Test(
        "Given connection strings with passwords, when redacted, then every password is masked and the rest kept",
        arguments: [
            ("postgres://angler:s3cret@db.example:5432/portal", "postgres://angler:***@db.example:5432/portal"),
            (
                "postgresql://angler:p%40ss@db/portal?sslmode=require",
                "postgresql://angler:***@db/portal?sslmode=require"
            ),
            (
                "postgres://angler@db/portal?password=s3cret&sslmode=require",
                "postgres://angler@db/portal?password=***&sslmode=require"
            ),
            ("postgres://db/portal", "postgres://db/portal"),
            ("host=db user=angler password=s3cret dbname=portal", "host=db user=angler password=*** dbname=portal"),
            ("host=db password = 'it\\'s secret' dbname=portal", "host=db password = *** dbname=portal"),
            ("password=s3cret host=db", "password=*** host=db"),
        ])
    func redaction(input: String, expected: String) {
        #expect(redactingPasswords(of: input, in: input) == expected)
    }

    @Test("Given a message that quotes the token holding the password, when redacted, then the password is masked")
    func redactionOfQuotedToken() {
        let url = "postgres://angler:s3cret%zz@db/portal"
        let message = #"cannot connect to \#(url): invalid percent-encoded token: "s3cret%zz""#
        #expect(
            redactingPasswords(of: url, in: message)
                == #"cannot connect to postgres://angler:***@db/portal: invalid percent-encoded token: "***""#)
    }

    @Test("Given special and extreme doubles, when formatted for the server, then the text reads back exactly")
    func doubleText() {
        #expect(EncodedParameters.text(.nan) == "NaN")
        #expect(EncodedParameters.text(.infinity) == "Infinity")
        #expect(EncodedParameters.text(-.infinity) == "-Infinity")
        for value: Double in [0.1, -0.0, .pi, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-300] {
            #expect(Double(EncodedParameters.text(value))?.bitPattern == value.bitPattern)
        }
    }

    @Test("Given column text from the server, when decoded by type OID, then values get their Swift types")
    func columnDecoding() {
        func decode(_ text: String, _ type: UInt32) -> PostgresValue? {
            Array(text.utf8).withUnsafeBytes { decodeColumn($0, type: type) }
        }
        #expect(decode("-9223372036854775808", 20) == .integer(.min))
        #expect(decode("42", 23) == .integer(42))
        #expect(decode("-Infinity", 701) == .real(-.infinity))
        #expect(decode("t", 16) == .bool(true))
        #expect(decode("f", 16) == .bool(false))
        #expect(decode("\\x00ff7F", 17) == .bytes([0, 255, 127]))
        #expect(decode("\\x", 17) == .bytes([]))
        #expect(decode("\\x0", 17) == nil)
        #expect(decode("\\000", 17) == nil)
        #expect(decode("12:30:00", 1083) == .text("12:30:00"))
    }
}
