import Diagnostics
import DiaryStore
import FishingModel
import Foundation
import Gazetteer
import Geomagnetism
import Weather

/// The credits the data's licences require (place names, the magnetic model, the weather
/// providers), for the app's About screen and `hobbystory about` alike.
public enum DataCredits {
    public static var all: [String] {
        [Gazetteer.attribution, WorldMagneticModel.attribution] + WeatherService.dataAttributions
    }
}

/// A diagnostics bundle to attach to a bug report (T6), the same from the app's settings and
/// `hobbystory diagnostics export`: the log and captured errors of `logFolder`, and the diary's
/// schema version and integrity when a diary is open.
public enum DiagnosticsExport {
    public static func bundle(appVersion: String, logFolder: URL, diary: Diary?) throws -> DiagnosticsBundle {
        let sink = try FileLogSink(folder: logFolder.appendingPathComponent("logs"))
        return DiagnosticsBundle(
            appVersion: appVersion, databaseSchemaVersion: try diary?.schemaVersion(),
            databaseIntegrity: try diary?.integrityCheck(), recentLog: sink.recentRecords(),
            capturedErrors: sink.recentErrors())
    }
}

/// Labels points with the bundled gazetteer, loaded on first use (T9, T10: settlement, region
/// and country, offline): for spots as the store saves them, and for the map's chosen point.
public struct BundledGazetteerLabeler: PlaceLabeling {
    public init() {}

    public func label(latitude: Double, longitude: Double) -> PlaceLabel? {
        (try? Gazetteer.bundled())?.label(latitude: latitude, longitude: longitude)
    }
}
