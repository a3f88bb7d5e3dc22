import FishingModel
import Foundation
import SQLiteDB

/// The app's settings for one angler (units, language, map source), kept in the diary so they
/// follow the profile: one JSON document that the app's settings screen owns.
extension Diary {
    static let settingsKey = "app_settings"

    /// The stored settings document, or nil before the angler changed anything.
    public func appSettings() throws -> Data? {
        try meta(Self.settingsKey).map { Data($0.utf8) }
    }

    public func saveAppSettings(_ document: Data) throws {
        try setMeta(Self.settingsKey, String(decoding: document, as: UTF8.self))
    }

    static let sharePrecisionKey = "share_precision"

    /// How finely a catch is shared when its spot says nothing (issue 34 §4): about 10 km — a map
    /// of the area, never the spot — until the angler chooses in Settings.
    public func defaultSharePrecision() throws -> SharePrecision {
        try meta(Self.sharePrecisionKey).flatMap(SharePrecision.init(rawValue:)) ?? .about10km
    }

    public func setDefaultSharePrecision(_ precision: SharePrecision) throws {
        try setMeta(Self.sharePrecisionKey, precision.rawValue)
    }

    /// The diary's own value under `key` (`diary_meta`), nil when never set.
    func meta(_ key: String) throws -> String? {
        try database.scalar("SELECT value FROM diary_meta WHERE key = ?", [.text(key)]).stringValue
    }

    /// Sets the diary's own value under `key`, in a transaction of its own.
    func setMeta(_ key: String, _ value: String) throws {
        try database.transaction {
            try database.execute(
                "INSERT INTO diary_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [.text(key), .text(value)])
        }
    }
}
