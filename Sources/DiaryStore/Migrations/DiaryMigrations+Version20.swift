// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 20, "trip tracks" (issue 34 §3; T9, T10): the path a trip took, as the polyline
    /// text `TripTrack` writes (`t` for a timed track, `p` for a plain one), up to 20,000 characters.
    static let version20 = #"""
        ALTER TABLE trips ADD COLUMN track TEXT
            CHECK (track IS NULL OR (length(track) BETWEEN 1 AND 20000 AND substr(track, 1, 1) IN ('t', 'p')));
        """#
}
