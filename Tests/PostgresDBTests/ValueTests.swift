import PostgresDB
import Testing

@Suite("PostgreSQL values", .enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason))
struct ValueTests {
    @Test("Given every value type and NULL, when stored and read back, then each value round-trips exactly")
    func everyTypeRoundTrips() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript(
                "CREATE TABLE t (n int PRIMARY KEY, i bigint, r double precision, s text, b bytea, f boolean)")
            let rows: [[PostgresValue]] = [
                [.integer(.min), .real(-0.125), .text("щука"), .bytes([0, 1, 255]), .bool(true)],
                [.integer(.max), .real(1e300), .text(""), .bytes([]), .bool(false)],
                [.null, .null, .null, .null, .null],
            ]
            for (n, values) in rows.enumerated() {
                let inserted = try db.execute(
                    "INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6)", [PostgresValue(n)] + values)
                #expect(inserted == 1)
            }
            let read = try db.query("SELECT i, r, s, b, f FROM t ORDER BY n")
            #expect(read.map(\.values) == rows)
            #expect(read[0].columnNames == ["i", "r", "s", "b", "f"])
            #expect(try read[2].optionalText("s") == nil)
            #expect(try read[2].optionalBytes(3) == nil)
        }
    }

    @Test("Given Int64.min, Int64.max and small integers, when sent as parameters, then they come back unchanged")
    func integerExtremes() throws {
        let db = try TestDatabase.connect()
        for value: Int64 in [.min, .max, 0, -1, 1, 1 << 53 + 1] {
            let row = try #require(try db.query("SELECT $1 AS v, $1 + 0 AS w", [.integer(value)]).first)
            #expect(try row.int64("v") == value)
            #expect(try row.int64("w") == value)
        }
    }

    @Test("Given extreme, subnormal, signed-zero and special doubles, when stored and read, then every bit survives")
    func doublesRoundTripExactly() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript("CREATE TABLE d (n int PRIMARY KEY, v double precision)")
            let values: [Double] = [
                0, -0.0, 0.1, 1.0 / 3, .pi, -.pi, 123_456_789.123_456_789, 1e308, -1e-300,
                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude,
                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .ulpOfOne, 1 + .ulpOfOne, .infinity, -.infinity,
            ]
            for (n, value) in values.enumerated() {
                try db.execute("INSERT INTO d VALUES ($1, $2)", [PostgresValue(n), .real(value)])
            }
            let read = try db.query("SELECT v FROM d ORDER BY n").map { try $0.double(0) }
            #expect(read.map(\.bitPattern) == values.map(\.bitPattern))

            let nan = try #require(try db.query("SELECT $1 AS v", [.real(.nan)]).first)
            #expect(try nan.double("v").isNaN)
        }
    }

    @Test("Given a bytea holding all 256 byte values, when sent and read, then the server sees and returns them")
    func byteaAllValues() throws {
        let db = try TestDatabase.connect()
        let bytes = (0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) }
        let row = try #require(
            try db.query(
                "SELECT $1 AS b, length($1) AS n, get_byte($1, 0) AS first, get_byte($1, 255) AS last",
                [.bytes(bytes)]
            ).first)
        #expect(try row.bytes("b") == bytes)
        #expect(try row.int64("n") == 512)
        #expect(try row.int64("first") == 0)
        #expect(try row.int64("last") == 255)

        let large = (0..<1_000_000).map { _ in UInt8.random(in: 0...255) }
        #expect(try db.query("SELECT $1", [.bytes(large)])[0].bytes(0) == large)
    }

    @Test("Given unicode text with quotes, backslashes and control characters, when stored and read, then unchanged")
    func unicodeText() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript("CREATE TABLE notes (body text NOT NULL)")
            let text = "щука 🐟 Ölfisch 鯉 e\u{301} 'single' \"double\" \\back\\slash\\ tab\t newline\n 𝄞 done"
            try db.execute("INSERT INTO notes VALUES ($1)", [.text(text)])
            let row = try #require(try db.query("SELECT body, length(body) AS chars FROM notes").first)
            #expect(try row.text("body") == text)
            #expect(try row.int64("chars") == Int64(text.unicodeScalars.count))
        }
    }

    @Test("Given text containing a NUL character, when sent, then it is refused instead of cut short")
    func nulInTextRefused() throws {
        let db = try TestDatabase.connect()
        let error = #expect(throws: PostgresError.self) { try db.query("SELECT $1", [.text("before\u{0}after")]) }
        #expect(error?.kind == .usage)
        #expect(error?.message.contains("$1") == true)
    }

    @Test("Given a value that looks like SQL, when passed as a parameter, then it is stored verbatim and nothing runs")
    func parametersPreventInjection() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript("CREATE TABLE x (note text)")
            let attack = "'; DROP TABLE x; --"
            try db.execute("INSERT INTO x VALUES ($1)", [.text(attack)])
            #expect(try db.query("SELECT note FROM x")[0].text(0) == attack)
            #expect(try db.query("SELECT count(*) FROM x WHERE note = $1", [.text("x' OR '1'='1")])[0].int64(0) == 0)
            #expect(try db.query("SELECT count(*) FROM x WHERE note = $1", [.text(attack)])[0].int64(0) == 1)
        }
    }

    @Test("Given two statements in one execute call, when run, then the server refuses them")
    func oneStatementPerCall() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript("CREATE TABLE x (n int)")
            let error = #expect(throws: PostgresError.self) { try db.execute("INSERT INTO x VALUES (1); DROP TABLE x") }
            #expect(error?.sqlState == "42601")
            #expect(try db.query("SELECT count(*) FROM x")[0].int64(0) == 0)
        }
    }

    @Test("Given columns of many types, when read, then integers, reals and booleans are typed and the rest is text")
    func columnsDecodedByType() throws {
        let db = try TestDatabase.connect()
        let row = try #require(
            try db.query(
                """
                SELECT 7::int2 AS a, 8::int4 AS b, 9::int8 AS c, 1.5::float4 AS d, 2.25::numeric AS e,
                       'NaN'::numeric AS f, true AS g, 'abc'::varchar AS h, DATE '2024-06-01' AS i,
                       'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS j, '{"k": 1}'::jsonb AS k, ARRAY[1, 2] AS l,
                       'Infinity'::float8 AS m
                """
            ).first)
        #expect(Array(row.values[0..<3]) == [.integer(7), .integer(8), .integer(9)])
        #expect(row["d"] == .real(1.5))
        #expect(row["e"] == .real(2.25))
        #expect(try row.double("f").isNaN)
        #expect(row["g"] == .bool(true))
        #expect(row["h"] == .text("abc"))
        #expect(row["i"] == .text("2024-06-01"))
        #expect(row["j"] == .text("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"))
        #expect(row["k"] == .text(#"{"k": 1}"#))
        #expect(row["l"] == .text("{1,2}"))
        #expect(row["m"] == .real(.infinity))
    }

    @Test("Given a typed accessor, when the value is NULL, of another type or missing, then the error names the column")
    func typedAccessorsThrow() throws {
        let db = try TestDatabase.connect()
        let row = try #require(try db.query("SELECT 'x' AS word, NULL::bigint AS missing, 3 AS three").first)
        let wrongType = #expect(throws: PostgresError.self) { try row.int64("word") }
        #expect(wrongType?.kind == .decoding)
        #expect(wrongType?.message.contains("word") == true)
        #expect(throws: PostgresError.self) { try row.int64("missing") }
        #expect(try row.optionalInt64("missing") == nil)
        #expect(try row.double("three") == 3)
        let unknown = #expect(throws: PostgresError.self) { try row.text("nope") }
        #expect(unknown?.message.contains("nope") == true)
        #expect(row["nope"] == .null)
        #expect(throws: PostgresError.self) { try row.bool(7) }
    }

    @Test("Given statements without a row count or with an empty body, when executed, then they report 0 rows")
    func executeCounts() throws {
        try TestDatabase.withSchema { db, _ throws in
            #expect(try db.execute("CREATE TABLE t (n int)") == 0)
            #expect(try db.execute("INSERT INTO t SELECT generate_series(1, 5)") == 5)
            #expect(try db.execute("UPDATE t SET n = n + 1 WHERE n > $1", [3]) == 2)
            #expect(try db.execute("") == 0)
            #expect(try db.query("SELECT n FROM t WHERE n > 100").isEmpty)
        }
    }

    @Test("Given a script of several statements that raises notices, when run, then all of it applies quietly")
    func scripts() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript(
                """
                CREATE TABLE a (n int);
                CREATE TABLE b (n int);
                INSERT INTO a VALUES (1), (2);
                DO $$ BEGIN RAISE NOTICE 'a notice nobody should see'; END $$;
                DROP TABLE IF EXISTS not_there;
                """)
            #expect(try db.query("SELECT count(*) FROM a")[0].int64(0) == 2)
        }
    }
}
