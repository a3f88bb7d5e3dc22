import Foundation
import SQLiteDB
import SecureHashing
import TestSupport
import Testing

@testable import DiaryStore

/// Shipped migrations are literal text that never changes (issue 32 §2): a device that installed
/// an early release and one that installs today must end with the same schema, so no script
/// may take today's limits or names. Each store's scripts are held to the SHA-256 recorded when
/// they shipped; a new version appends its digest here.
@Suite("Shipped migrations never change")
struct ShippedMigrationsTests {
    static let diary = [
        "8ee444e267ca9dc5a15641aa944b3287e4bff1437f6e1f18954adc5a0676e6da",
        "856a97e908e94d7e53008ce20eb16f2493658b93c794f9def85a0efac94e1fec",
        "8b5aa54cd7b8a8ff27e0cd48f5a657aa16f305d855fb051e8ae95b2d50a438d2",
        "dff32363988da14392d52836fb8f3c39300a7d7e30518be2b8e7f75f47f3ff7e",
        "f166f873a0a0976c0f52bc400d1d7d167904b59f1813b3277376d854d1ab655d",
        "f9534a4ebff8a6fce7afae5b0054f0126b3a251c556cea60043cf326c185ff6b",
        "c85b66dac06d2203ed7ea5175709bb096078f34ff5c3ad08a886c554e65ddfb8",
        "066fc4ee0894be0679060c8dbe6657a342f47b33693c80f4519c75d1fb9245dc",
        "fb092e7cb9014ebc8c1f45ff7c849df1221c8976775d73c8d2110c96b9519aee",
        "f099f8812b47295347544d8df01265c3e7668879c58e80228a78ee4b6892d1c0",
        "4b2c5318516c8fbcab4c7edc15f561631c045cab6744841b57c4bcb7684c760b",
        "aec3371121e654e83e8890e7b42e552361ea5d27f83c80d431af8e802843e084",
        "c1aa3e39e72a22f4f9a21205f96367433894711a277b170ec5dd3ab17badcccb",
        "2ee053bc447d7e4d5a562913e7780dfee125e8ae7b407c73d14085bd5dfe3049",
        "ef4c6ffbedb68240fda6e755408a6cba931f356ad2ce4f5175c07fdedc09a09c",
        "f68a2084ae23aa4b87a80f1676c66f3e9df9745098f5f164616aa2b8a48ca021",
        "1a8136172c9d260732dd3e67cf4fd31fb91b4df74f7a083c5b3722ad4ec14c92",
        "ce9140d391887960cdd3e99ad40379c082931048d99aa670543d3dd237401674",
        "fbabb053a04b910ac3467f8b4e5317d0cc776038376ccc2af3710ce19c231363",
        "622719a1e9361504b4ee26772a939d0ee8772acbabc4d53ce9f0b826ce61ce95",
        "dc8a4c06a20f4d4835fd62b07ca313ade75c626e44a7c210a0338d7b4d752d06",
    ]
    static let directory = ["715745934e2d55281b37ea168bab04e41682d09a9fa75c7fcc8fa361f0bba149"]
    static let device = ["60a5e3d4c5bad952c09596131b0f047298a6ac89e5a7a424dbc1bb22b9f21eed"]

    static func digests(_ migrator: Migrator) -> [String] {
        migrator.migrations.map { SHA256Digest.hex(of: Data(($0.sql ?? "").utf8)) }
    }

    @Test(
        "Given the diary's, the directories' and the device's migrations, when their scripts are digested, then each is the text it shipped with"
    )
    func scriptsAreTheShippedText() {
        #expect(Self.digests(DiaryMigrations.migrator) == Self.diary)
        #expect(Self.digests(DirectoryMigrations.migrator) == Self.directory)
        #expect(Self.digests(DeviceStorage.migrator) == Self.device)
    }

    /// The schema objects of a database, as SQLite keeps their text.
    static func schema(_ database: Database) throws -> [String] {
        try database.query(
            "SELECT type || ' ' || name || ' ' || tbl_name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name"
        ) { try $0.text(0) }
    }

    @Test(
        "Given a diary made at each shipped version, when it migrates to the latest, then its schema is byte for byte a new diary's"
    )
    func everyUpgradeEndsAsANewDiary() throws {
        let folder = try temporaryFolder("shipped-migrations")
        let fresh = try Database(path: folder.appendingPathComponent("fresh.sqlite").path)
        _ = try DirectoryWriteGate(database: fresh)
        try DiaryMigrations.migrator.migrate(fresh)
        let expected = try Self.schema(fresh)
        #expect(expected.count > 40)
        for start in 1..<DiaryMigrations.migrator.latestVersion {
            let old = try Database(path: folder.appendingPathComponent("from-\(start).sqlite").path)
            _ = try DirectoryWriteGate(database: old)
            try DiaryMigrations.migrator.migrate(old, upTo: start)
            try DiaryMigrations.migrator.migrate(old)
            #expect(try Self.schema(old) == expected, "from version \(start)")
        }
    }
}
