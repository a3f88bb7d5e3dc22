#if canImport(SQLite3)
    import SQLite3

    /// Tells SQLite to copy bound text and blobs before the call returns.
    let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
#else
    import CSQLite

    /// Tells SQLite to copy bound text and blobs before the call returns.
    let sqliteTransient = hobbystory_sqlite_transient()
#endif
