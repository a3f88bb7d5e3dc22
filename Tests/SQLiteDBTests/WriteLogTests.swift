import Foundation
import SQLiteDB
import Testing

/// `Database.takeCommittedWrites()`: the tables committed transactions wrote, for screens that
/// refresh when the diary changes underneath them.
@Suite("SQLite layer: tables written by committed transactions")
struct WriteLogTests {
    func database() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.executeScript(
            """
            CREATE TABLE trips (id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE outbox (id INTEGER PRIMARY KEY, entity TEXT);
            CREATE TABLE species (id TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;
            CREATE TRIGGER trips_outbox AFTER INSERT ON trips BEGIN INSERT INTO outbox(entity) VALUES ('trip'); END;
            """)
        _ = db.takeCommittedWrites()
        return db
    }

    @Test("Given a write outside a transaction, when taken, then its table and its trigger's table are reported once")
    func autocommitWrite() throws {
        let db = try database()
        try db.execute("INSERT INTO trips(title) VALUES (?)", [.text("Volga")])
        #expect(db.takeCommittedWrites() == ["trips", "outbox"])
        #expect(db.takeCommittedWrites().isEmpty)
    }

    @Test("Given an open transaction, when taken inside it, then nothing is reported until it commits")
    func onlyAfterCommit() throws {
        let db = try database()
        try db.transaction {
            try db.execute("UPDATE trips SET title = 'x'")
            try db.execute("INSERT INTO species VALUES ('pike', 'Northern pike')")
            #expect(db.takeCommittedWrites().isEmpty)
        }
        #expect(db.takeCommittedWrites() == ["species"])
    }

    @Test(
        "Given a transaction that rolls back, when taken, then its writes are not reported, and earlier committed ones still are"
    )
    func rollbackForgets() throws {
        let db = try database()
        try db.execute("INSERT INTO species VALUES ('perch', 'Perch')")
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try db.transaction {
                try db.execute("INSERT INTO trips(title) VALUES ('never')")
                throw Abandon()
            }
        }
        #expect(db.takeCommittedWrites() == ["species"])
        #expect(try db.scalar("SELECT count(*) FROM trips") == .integer(0))
    }

    @Test("Given statements that change no row or only read, when taken, then nothing is reported")
    func noChangeNoReport() throws {
        let db = try database()
        try db.execute("UPDATE trips SET title = 'x' WHERE id = 42")
        _ = try db.query("SELECT * FROM trips")
        #expect(db.takeCommittedWrites().isEmpty)
    }

    @Test("Given a table emptied whole (SQLite's truncate path), when taken, then it is reported")
    func truncation() throws {
        let db = try database()
        try db.execute("INSERT INTO outbox(entity) VALUES ('spot')")
        _ = db.takeCommittedWrites()
        try db.execute("DELETE FROM outbox")
        #expect(db.takeCommittedWrites() == ["outbox"])
    }
}
