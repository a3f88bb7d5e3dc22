import Foundation
import Geodesy
import SQLiteDB

/// The device cache of fetched conditions (T14: "no refetch within the hour", offline answers
/// from the cache), one SQLite table `weather_cache` created by a ``Migrator``.
///
/// Rows are keyed by the coordinate rounded to 0.1° (about 11 km of latitude) and the UTC hour
/// nearest to the time the values describe. Every hour of a fetched series is stored, so an
/// answer fetched in the morning also serves the afternoon offline; Kp is stored with the hour
/// it belongs to.
///
/// Give it a file of its own (the app uses `<data>/weather.sqlite`, shared by all profiles):
/// its schema history lives in that file's `schema_migrations`, which a diary database already
/// uses for its own versions.
public actor WeatherCache {
    static let migrator = Migrator([
        Migration(
            version: 1, name: "weather cache",
            sql: """
                CREATE TABLE weather_cache (
                    lat_tenths INTEGER NOT NULL CHECK (lat_tenths BETWEEN -900 AND 900),
                    lon_tenths INTEGER NOT NULL CHECK (lon_tenths BETWEEN -1800 AND 1799),
                    hour       INTEGER NOT NULL,
                    fetched_at INTEGER NOT NULL,
                    payload    TEXT    NOT NULL,
                    PRIMARY KEY (lat_tenths, lon_tenths, hour)
                ) WITHOUT ROWID;
                """)
    ])

    private let database: Database

    /// Opens (creating if needed) the cache database at `path` and brings its table up to date.
    public init(path: String) throws(WeatherError) {
        do {
            let database = try Database(path: path)
            try Self.migrator.migrate(database)
            self.database = database
        } catch {
            throw .cache("cannot open \(path): \(error)")
        }
    }

    /// The cache key of a coordinate and time.
    struct Key: Hashable, Sendable {
        var latitudeTenths: Int
        var longitudeTenths: Int
        var hour: Int64

        init(_ coordinate: Coordinate, time: Date) {
            latitudeTenths = Int((coordinate.latitude * 10).rounded())
            let longitude = Int((coordinate.longitude * 10).rounded())
            longitudeTenths = longitude >= 1800 ? longitude - 3600 : longitude
            hour = Int64((time.timeIntervalSince1970 / 3600).rounded())
        }

        var hourStart: Date {
            Date(timeIntervalSince1970: Double(hour) * 3600)
        }
    }

    /// What is stored for one hour at one place.
    struct Entry: Codable, Sendable, Equatable {
        var point: WeatherPoint
        var pressureChange3h: Double?
        var provider: String
        var attribution: String
        var kp: KpReading?
        var kpProvider: String?
    }

    /// A stored entry and when it was fetched.
    struct Hit: Sendable, Equatable {
        var entry: Entry
        var fetchedAt: Date

        /// Fresh entries are not fetched again: those fetched less than an hour ago, and those
        /// fetched an hour or more after the hour they describe had passed (history that will
        /// not change).
        func isFresh(for key: Key, now: Date) -> Bool {
            now.timeIntervalSince(fetchedAt) < 3600 || fetchedAt.timeIntervalSince(key.hourStart) >= 3600
        }
    }

    func entry(for key: Key) throws(WeatherError) -> Hit? {
        do {
            guard
                let row = try database.queryFirst(
                    "SELECT fetched_at, payload FROM weather_cache WHERE lat_tenths = ? AND lon_tenths = ? AND hour = ?",
                    [.integer(Int64(key.latitudeTenths)), .integer(Int64(key.longitudeTenths)), .integer(key.hour)])
            else { return nil }
            let entry = try JSONDecoder().decode(Entry.self, from: Data(try row.text(1).utf8))
            return Hit(entry: entry, fetchedAt: Date(timeIntervalSince1970: Double(try row.int64(0)) / 1000))
        } catch {
            throw .cache("cannot read an entry: \(error)")
        }
    }

    /// Stores entries (replacing those with the same key) in one transaction.
    func store(_ entries: [(key: Key, entry: Entry)], fetchedAt: Date) throws(WeatherError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            try database.transaction {
                for (key, entry) in entries {
                    try database.execute(
                        """
                        INSERT OR REPLACE INTO weather_cache (lat_tenths, lon_tenths, hour, fetched_at, payload)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                        [
                            .integer(Int64(key.latitudeTenths)), .integer(Int64(key.longitudeTenths)),
                            .integer(key.hour),
                            SQLiteValue(fetchedAt), .text(String(decoding: try encoder.encode(entry), as: UTF8.self)),
                        ])
                }
            }
        } catch {
            throw .cache("cannot store entries: \(error)")
        }
    }
}
