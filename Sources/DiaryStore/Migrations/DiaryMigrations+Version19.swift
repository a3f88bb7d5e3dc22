// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 19, "water" (issue 34 §5; T19): the water's clarity (metres seen into it), level
    /// (metres above or below the spot's usual) and trend (rising, steady, falling) on catches, and
    /// those with its temperature on trips, within `Limits`' bounds.
    static let version19 = #"""
        ALTER TABLE catches ADD COLUMN water_clarity_m REAL
            CHECK (water_clarity_m IS NULL OR (water_clarity_m >= 0.0 AND water_clarity_m <= 100.0));
        ALTER TABLE catches ADD COLUMN water_level_m REAL
            CHECK (water_level_m IS NULL OR (water_level_m >= -30.0 AND water_level_m <= 30.0));
        ALTER TABLE catches ADD COLUMN water_trend TEXT
            CHECK (water_trend IS NULL OR water_trend IN ('rising', 'steady', 'falling'));
        ALTER TABLE trips ADD COLUMN water_temp_c REAL
            CHECK (water_temp_c IS NULL OR (water_temp_c >= -2.0 AND water_temp_c <= 40.0));
        ALTER TABLE trips ADD COLUMN water_clarity_m REAL
            CHECK (water_clarity_m IS NULL OR (water_clarity_m >= 0.0 AND water_clarity_m <= 100.0));
        ALTER TABLE trips ADD COLUMN water_level_m REAL
            CHECK (water_level_m IS NULL OR (water_level_m >= -30.0 AND water_level_m <= 30.0));
        ALTER TABLE trips ADD COLUMN water_trend TEXT
            CHECK (water_trend IS NULL OR water_trend IN ('rising', 'steady', 'falling'));
        """#
}
