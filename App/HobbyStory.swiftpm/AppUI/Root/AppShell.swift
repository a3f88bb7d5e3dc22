import AppFeatures
import DiaryServices
import DiaryStore
import Foundation
import MetricKit
import Observation

/// The app from launch (T15, issue 14 §2): the device's profiles in one folder; the profiles
/// screen until an angler's diary is open, then every screen over it. Opening another angler's
/// diary (on the Profiles page) or changing the language or units rebuilds the screens.
@Observable
@MainActor
public final class AppShell {
    public let profiles: ProfilesModel
    public let help: HelpModel
    public private(set) var models: ScreenModels?
    /// Why the screens could not be made (the diary unreadable, the disk full).
    public private(set) var problem: String?
    private let storage: SerialAccess<DeviceStorage>
    private let deviceLanguage: Language
    private let providers: AppProviders
    private var shownDiary: DiaryQueue?
    /// Takes MetricKit's crash and hang reports into the shown diary's queue (issue 18).
    private var crashReports: CrashReportSubscriber?
    /// Keeps the widget and the Live Activity showing the shown diary's trip (issue 33 §5).
    private var glance: Task<Void, Never>?

    public init(
        root: URL, deviceLanguage: Language = .preferred(Locale.preferredLanguages), providers: AppProviders
    ) throws {
        storage = SerialAccess(try DeviceStorage(root: root), label: "device")
        self.deviceLanguage = deviceLanguage
        IntentsHost.language = deviceLanguage
        self.providers = providers
        profiles = ProfilesModel(storage: storage, language: deviceLanguage)
        help = HelpModel(language: deviceLanguage)
    }

    /// Where the app keeps the device's profiles: Application Support, backed up with the device.
    public static var defaultRoot: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("HobbyStory", isDirectory: true)
    }

    /// The shell over the device's folder with the device's providers, or why the folder
    /// cannot be opened (the device full, say).
    public static func onDevice(deviceName: String, appVersion: String) -> Result<AppShell, any Error> {
        Result { try AppShell(root: defaultRoot, providers: .device(deviceName: deviceName, appVersion: appVersion)) }
    }

    /// Shows the diary the profiles screen opened, when it is not the one shown.
    public func showOpenedDiary() async {
        guard let diary = profiles.openedDiary, diary !== shownDiary else { return }
        await show(diary)
    }

    /// Makes the screens again over the shown diary, in the language and units now chosen.
    public func settingsChanged() async {
        guard let shownDiary else { return }
        await show(shownDiary)
    }

    private func show(_ diary: DiaryQueue) async {
        do {
            let made = try await ScreenModels.assemble(
                diary: diary, storage: storage, profiles: profiles, deviceLanguage: deviceLanguage,
                providers: providers)
            try await made.loadAll()
            // A track recording on the screens replaced is saved; over the same diary (a setting
            // changed) it goes on in the new screens, from where it was.
            let previous = models?.track
            let recording = diary === shownDiary ? previous?.tripId : nil
            await previous?.stopRecording()
            shownDiary = diary
            models = made
            if let recording { await made.track.start(trip: recording, continuing: previous) }
            IntentsHost.intents = made.intents
            glance?.cancel()
            glance = Task { await made.glance.keep { await TripGlancePublisher.publish($0) } }
            subscribeToCrashReports(made.errorReports.service)
            problem = nil
        } catch {
            problem = ProblemMessages(language: deviceLanguage).text(error)
        }
    }

    private func subscribeToCrashReports(_ service: DiagnosticsService) {
        if let crashReports { MXMetricManager.shared.remove(crashReports) }
        let subscriber = CrashReportSubscriber(
            service: service, appBinary: Bundle.main.executableURL?.lastPathComponent ?? "HobbyStory")
        MXMetricManager.shared.add(subscriber)
        crashReports = subscriber
    }
}
