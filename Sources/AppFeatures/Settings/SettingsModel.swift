import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MapSources
import Observation

/// The angler's settings, kept in their diary so they follow the profile: units (metric or
/// imperial, pressure, wind), language, map source; and a diagnostics bundle to attach to a bug
/// report (T6).
public struct AppSettings: Codable, Sendable, Equatable {
    public var units: UnitPreferences
    /// Nil: the device's language.
    public var language: Language?
    /// The chosen map source's id (the maps issue lists them); nil: Apple Maps' standard map.
    public var mapSourceId: String?
    /// Whether the angler has put away the tip that tells of help mode (nil in settings saved
    /// before there was one: not yet).
    public var helpTipDone: Bool?

    public init(
        units: UnitPreferences, language: Language? = nil, mapSourceId: String? = nil, helpTipDone: Bool? = nil
    ) {
        self.units = units
        self.language = language
        self.mapSourceId = mapSourceId
        self.helpTipDone = helpTipDone
    }
}

/// The settings screen: every change is saved at once (no save button to forget).
@MainActor
@Observable
public final class SettingsModel: DeclaresControls {
    public static let unitSystem = Control("settings.units", .picker)
    public static let pressureUnit = Control("settings.pressure", .picker)
    public static let windUnit = Control("settings.wind", .picker)
    public static let language = Control("settings.language", .picker)
    public static let mapSource = Control("settings.mapSource", .picker)
    public static let exportDiagnostics = Control("settings.exportDiagnostics", .button)
    /// Sends the file the export wrote, through the share sheet.
    public static let shareDiagnostics = Control("settings.shareDiagnostics", .button)
    /// Puts away the first-run tip about help mode.
    public static let helpTipDone = Control("settings.helpTipDone", .button)
    /// How finely a shared catch shows its place unless its spot says (issue 34 §4).
    public static let sharePrecision = Control("settings.sharePrecision", .picker)
    public static let controls =
        [
            unitSystem, pressureUnit, windUnit, language, mapSource, exportDiagnostics, shareDiagnostics, helpTipDone,
            sharePrecision,
        ]
        + SettingsGroup.controls

    public private(set) var settings: AppSettings
    /// The default place precision of shared catches (kept in the diary, as the CLI's
    /// `settings share-precision` keeps it).
    public private(set) var sharePrecision: SharePrecision = .about10km
    /// The keys of the paid sources the device draws; a source needing one is offered once it
    /// is saved.
    public let mapKeys: [MapKeyModel]
    /// The file the last diagnostics export wrote.
    public private(set) var exportedDiagnostics: URL?
    public private(set) var problem: String?

    private let diary: DiaryQueue
    private let drawableMapSources: Set<String>
    private let deviceLanguage: Language
    private let appVersion: String
    private let logFolder: URL

    /// `drawableMapSources`: the ids of the sources the device can draw (T7).
    public init(
        diary: DiaryQueue, deviceLanguage: Language, drawableMapSources: Set<String>, mapKeys: [MapKeyModel],
        appVersion: String, logFolder: URL
    ) {
        self.diary = diary
        self.deviceLanguage = deviceLanguage
        self.drawableMapSources = drawableMapSources
        self.mapKeys = mapKeys
        self.appVersion = appVersion
        self.logFolder = logFolder
        settings = AppSettings(units: .defaults(for: diary.profile.units, language: deviceLanguage))
    }

    /// The language the app speaks now.
    public var language: Language { settings.language ?? deviceLanguage }

    /// An option of a picker (a unit system, a unit, a language) in the app's language.
    public func name<Option: RawRepresentable>(of option: Option) -> String where Option.RawValue == String {
        Catalog.shared.text("option.\(option.rawValue)", language)
    }

    /// Whether the first-run tip about help mode is still to be shown (issue 33 §3).
    public var showsHelpTip: Bool { settings.helpTipDone != true }

    /// The tip is put away, for this angler's diary on every device it syncs to.
    public func finishHelpTip() async { await update { $0.helpTipDone = true } }

    /// The formatter every screen shows figures with.
    public var formatter: MeasureFormatter { MeasureFormatter(preferences: settings.units, language: language) }

    public func load() async throws {
        for model in mapKeys { await model.load() }
        if let document = try await diary.read({ try $0.appSettings() }) {
            settings = try JSONDecoder().decode(AppSettings.self, from: document)
        }
        sharePrecision = try await diary.read { try $0.defaultSharePrecision() }
    }

    /// A precision as the share sheet names it: "About 10 km".
    public func name(of precision: SharePrecision) -> String {
        Catalog.shared.text("share.precision.\(precision.rawValue)", language)
    }

    /// The default for catches whose spot has no choice of its own.
    public func choose(sharePrecision: SharePrecision) async {
        problem = await ProblemMessages(language: language).problem {
            try await self.diary.write { try $0.setDefaultSharePrecision(sharePrecision) }
            self.sharePrecision = sharePrecision
        }
    }

    /// Metric or imperial; the pressure and wind units follow the system's usual ones.
    public func choose(system: Units) async {
        await update { $0.units = .defaults(for: system, language: self.language) }
    }

    public func choose(pressure: PressureUnit) async { await update { $0.units.pressure = pressure } }
    public func choose(wind: WindUnit) async { await update { $0.units.wind = wind } }
    public func choose(language: Language?) async { await update { $0.language = language } }

    /// The sources the picker offers: those the device draws, the paid ones once their key is saved.
    public var mapSources: [MapSource] {
        MapSource.offered(on: .app, drawable: drawableMapSources, keys: keys)
    }

    /// The map source in use: the one chosen while it is offered, else the first offered.
    public var mapSource: MapSource? {
        let offered = mapSources
        return offered.first { $0.id == settings.mapSourceId } ?? offered.first
    }

    /// The map source in use and its key, as the map draws it.
    public var mapSourceInUse: (source: MapSource?, key: String?) {
        let source = mapSource
        return (source, source.flatMap { keys[$0.id] })
    }

    /// The saved keys by source id.
    private var keys: [String: String] {
        Dictionary(mapKeys.compactMap { model in model.key.map { (model.source.id, $0) } }) { first, _ in first }
    }

    /// What the angler should know of a source (T7): its price, whether it works offline, its
    /// licence and attribution, in the angler's language.
    public func terms(of source: MapSource) -> String {
        let price = Catalog.shared.text("mapSource.price.\(source.price.rawValue)", language)
        let offline = Catalog.shared.text("mapSource.offline.\(source.offline.rawValue)", language)
        return "\(price) \(offline) \(source.licence). \(source.attribution)"
    }

    public func choose(mapSource: MapSource) async {
        guard mapSources.contains(mapSource) else { return }
        await update { $0.mapSourceId = mapSource.id }
    }

    /// Writes the diagnostics bundle beside the log folder, for the share sheet to send on.
    public func exportDiagnostics() async {
        await exportDiagnostics(
            to: logFolder.deletingLastPathComponent().appendingPathComponent("HobbyStory-diagnostics.json"))
    }

    /// Writes the diagnostics bundle to `file` (the share sheet sends it on).
    public func exportDiagnostics(to file: URL) async {
        let (version, folder) = (appVersion, logFolder)
        problem = await ProblemMessages(language: language).problem {
            let data = try await self.diary.read { diary in
                try DiagnosticsExport.bundle(appVersion: version, logFolder: folder, diary: diary).jsonData()
            }
            try data.write(to: file, options: .atomic)
            self.exportedDiagnostics = file
        }
    }

    private func update(_ change: (inout AppSettings) -> Void) async {
        var changed = settings
        change(&changed)
        problem = await ProblemMessages(language: language).problem {
            let document = try JSONEncoder().encode(changed)
            try await self.diary.write { try $0.saveAppSettings(document) }
            self.settings = changed
        }
    }
}
