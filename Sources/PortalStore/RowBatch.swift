/// Rows for one INSERT statement, sent a hundred at a time in multi-row statements instead of
/// one statement per row: a push of 500 mutations costs a few round trips to PostgreSQL rather
/// than a thousand.
struct RowBatch {
    /// `INSERT INTO table(columns) VALUES`
    let insert: String
    /// What follows the values, e.g. `ON CONFLICT … DO UPDATE …`.
    let conflict: String
    let width: Int
    private(set) var rows: [[PortalValue]] = []

    init(insert: String, width: Int, conflict: String = "") {
        self.insert = insert
        self.width = width
        self.conflict = conflict
    }

    mutating func add(_ row: [PortalValue]) {
        precondition(row.count == width, "a row of \(row.count) values for \(width) columns")
        rows.append(row)
    }

    mutating func flush(_ sql: any PortalSQL) throws {
        let tuple = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        for start in stride(from: 0, to: rows.count, by: 100) {
            let chunk = rows[start..<min(start + 100, rows.count)]
            try sql.execute(
                "\(insert) \(Array(repeating: tuple, count: chunk.count).joined(separator: ", ")) \(conflict)",
                chunk.flatMap { $0 })
        }
        rows.removeAll()
    }
}
