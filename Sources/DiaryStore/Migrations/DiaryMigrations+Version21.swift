// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 21, "share precision" (issue 34 §4; T9): how finely a catch shared from a spot gives
    /// the place away; NULL follows the default in Settings.
    static let version21 = #"""
        ALTER TABLE spots ADD COLUMN share_precision TEXT
            CHECK (share_precision IS NULL OR share_precision IN ('exact', '1km', '10km', 'region', 'none'));
        """#
}
