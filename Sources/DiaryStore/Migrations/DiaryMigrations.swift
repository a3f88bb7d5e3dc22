// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

import SQLiteDB

/// The schema of one profile's diary database (T2, T3, T18, T19, UI5), as the migrations each
/// release shipped. A new version is appended with its own literal script; none is ever edited.
enum DiaryMigrations {
    static let migrator = Migrator([
        Migration(version: 1, name: "diary", sql: version1),
        Migration(version: 2, name: "spot places", sql: version2),
        Migration(version: 3, name: "catch local time", sql: version3),
        Migration(version: 4, name: "conditions", sql: version4),
        Migration(version: 5, name: "sync state", sql: version5),
        Migration(version: 6, name: "media", sql: version6),
        Migration(version: 7, name: "media sync", sql: version7),
        Migration(version: 8, name: "media restored uploads again", sql: version8),
        Migration(version: 9, name: "saved reports", sql: version9),
        Migration(version: 10, name: "trips in list order", sql: version10),
        Migration(version: 11, name: "catch report indexes", sql: version11),
        Migration(version: 12, name: "saved reports in the Trash", sql: version12),
        Migration(version: 13, name: "error reports", sql: version13),
        Migration(version: 14, name: "saved reports sync", sql: version14),
        Migration(version: 15, name: "kinds the pull cursor covers", sql: version15),
        Migration(version: 16, name: "fish by spot", sql: version16),
        Migration(version: 17, name: "catches by weekday", sql: version17),
        Migration(version: 18, name: "imports", sql: version18),
        Migration(version: 19, name: "water", sql: version19),
        Migration(version: 20, name: "trip tracks", sql: version20),
        Migration(version: 21, name: "share precision", sql: version21),
    ])

    /// Version 1, "diary": the diary's tables (T2, T19, UI5) — spots, trips, catches and the Trash —
    /// over the directory tables. The rules the Swift validation checks are held a second time (NOT
    /// NULL, CHECK with the limits of the day, FOREIGN KEY into the directories, triggers that keep
    /// live objects off trashed parents and refuse hard deletes outside the Trash), so no code path can
    /// store what the app would refuse.
    static let version1 = DirectoryMigrations.version1 + version1DiaryTables
}
