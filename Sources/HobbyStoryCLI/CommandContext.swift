import Diagnostics
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary

/// What a running command has at hand: its parsed arguments, the device storage, the chosen
/// profile's diary, and helpers to read typed options and to print.
final class CommandContext {
    let cli: HobbyStoryCLI
    let arguments: Arguments
    var operands: [String] = []
    /// Options that could not be read as their type; reported with the draft's own issues.
    var parseIssues: [ValidationIssue] = []
    private var openedStorage: DeviceStorage?
    private var openedDiary: Diary?
    private var openedQueue: DiaryQueue?
    private var openedMediaStore: MediaStore?

    init(cli: HobbyStoryCLI, tokens: [String], spec: OptionSpec) throws {
        self.cli = cli
        self.arguments = try Arguments(tokens, spec: spec)
    }

    var json: Bool { arguments.flag("json") }
    var console: Console { cli.console }

    /// The PIN given with `--pin` or `$HOBBYSTORY_PIN`.
    var pin: String? { arguments.value("pin") ?? cli.environment["HOBBYSTORY_PIN"] }

    /// The data folder: `--data`, else `$HOBBYSTORY_HOME`, else `~/.hobbystory`.
    var dataFolder: URL {
        if let path = arguments.value("data") ?? cli.environment["HOBBYSTORY_HOME"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let home = cli.environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".hobbystory")
    }

    func storage() throws -> DeviceStorage {
        if let openedStorage { return openedStorage }
        let storage = try DeviceStorage(root: dataFolder, placeLabeler: BundledGazetteerLabeler(), now: cli.now)
        Diagnostics.install(try FileLogSink(folder: storage.root.appendingPathComponent("logs")))
        openedStorage = storage
        return storage
    }

    /// The diary of `--profile` (or `$HOBBYSTORY_PROFILE`, or the only profile on the device).
    func diary() throws -> Diary {
        if let openedDiary { return openedDiary }
        let storage = try storage()
        let name: String
        if let chosen = arguments.value("profile") ?? cli.environment["HOBBYSTORY_PROFILE"] {
            name = chosen
        } else {
            let profiles = try storage.profiles()
            switch profiles.count {
            case 0:
                throw StoreError.notFound(
                    entity: "profile", id: "(none yet: create one with `hobbystory profile add NAME`)")
            case 1: name = profiles[0].displayName
            default:
                throw UsageError(
                    "this device has several profiles (\(profiles.map(\.displayName).joined(separator: ", "))); choose one with --profile NAME"
                )
            }
        }
        let diary = try storage.openDiary(named: name, pin: pin)
        // The licence is judged each time a diary opens: past the trial without a purchase it
        // takes no local change (T13); reading, export and sync go on.
        _ = try LicenceService.check(diary, shippedKey: licenceKey, now: Date())
        Diagnostics.install(
            try DiagnosticsService.sink(
                logsOf: storage.folder(of: diary.profile), diaryAt: diary.fileURL, device: deviceDescription))
        openedDiary = diary
        return diary
    }

    /// The portal's licence key as the app ships it: `$HOBBYSTORY_LICENCE_KEY` (base64); nil pins
    /// the key of the portal first redeemed on.
    var licenceKey: Data? { cli.environment["HOBBYSTORY_LICENCE_KEY"].flatMap { Data(base64Encoded: $0) } }

    /// The chosen profile's diary for async work (sync): a second connection to the same file,
    /// used only through the queue while the command waits.
    func diaryQueue() throws -> DiaryQueue {
        if let openedQueue { return openedQueue }
        let queue = DiaryQueue(try diary().openAnotherConnection())
        openedQueue = queue
        return queue
    }

    /// This build as its error reports describe it; `$HOBBYSTORY_APP_VERSION` overrides the
    /// version (packagers stamp their release; tests play an upgrade).
    var deviceDescription: DeviceDescription {
        let version = cli.environment["HOBBYSTORY_APP_VERSION"].flatMap { $0.isEmpty ? nil : $0 }
        return DeviceDescription.current(
            appVersion: version ?? HobbyStoryCLI.version, build: "cli", schemaVersion: Diary.currentSchemaVersion)
    }

    /// Error reports of the chosen profile's diary (issue 18), over libcurl.
    func diagnosticsService() throws -> DiagnosticsService {
        let diary = try diary()
        return DiagnosticsService(
            diary: try diaryQueue(), device: deviceDescription, profileFolder: try storage().folder(of: diary.profile),
            transport: portalTransports(timeout: .seconds(15)))
    }

    /// The photos and videos of the chosen profile's diary (opening it sweeps leftovers).
    func mediaStore() throws -> MediaStore {
        if let openedMediaStore { return openedMediaStore }
        let store = try MediaStore(diary: try diary())
        openedMediaStore = store
        return store
    }

    // MARK: Output

    /// Prints `value` as JSON with `--json`, else the human text.
    func output(_ value: @autoclosure () -> JSONValue, text: @autoclosure () -> String) {
        console.write(json ? value().rendered() : text())
    }

    /// Asks the person to type `answer`; `--yes` answers for scripts. Refuses when nobody can answer.
    func confirm(_ question: String, answer: String = "y", flag: String = "yes") throws {
        if arguments.flag(flag) { return }
        guard console.isInteractive else {
            throw StoreError.refused("\(question) — not confirmed; add --\(flag) to confirm from a script")
        }
        console.write("\(question) Type \(answer) to confirm: ")
        guard console.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == answer.lowercased() else {
            throw StoreError.refused("not confirmed; nothing was changed")
        }
    }

    // MARK: Typed options

    /// The option's number; a malformed one becomes a validation issue named `field`.
    func double(_ option: String, field: String) -> Double? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            parseIssues.append(ValidationIssue(field: field, value: text, message: "is not a number"))
            return nil
        }
        return value
    }

    func integer(_ option: String, field: String) -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text) else {
            parseIssues.append(ValidationIssue(field: field, value: text, message: "is not a whole number"))
            return nil
        }
        return value
    }

    /// An ISO 8601 time; without an offset it is read in the device's time zone.
    func time(_ option: String, field: String) -> (date: Date, utcOffsetSeconds: Int)? {
        guard let text = arguments.value(option) else { return nil }
        guard let parsed = DiaryTime.parse(text, defaultOffsetSeconds: DiaryTime.deviceOffset(at: cli.now())) else {
            parseIssues.append(
                ValidationIssue(
                    field: field, value: text,
                    message: "is not a date-time; use ISO 8601 such as 2026-06-01T05:30:00+03:00"))
            return nil
        }
        return parsed
    }

    /// The text of an option; `--clear FIELD` gives an explicit empty value.
    func text(_ option: String) -> String? { arguments.value(option) }

    /// Fields named by `--clear`, checked against those the command can clear.
    func cleared(allowed: [String]) throws -> Set<String> {
        let requested = Set(arguments.all("clear"))
        let unknown = requested.subtracting(allowed)
        if !unknown.isEmpty {
            throw UsageError(
                "--clear accepts \(allowed.joined(separator: ", ")); not \(unknown.sorted().joined(separator: ", "))")
        }
        return requested
    }

    /// Resolves an id (or unique prefix) given as operand or option.
    func id(_ text: String, _ type: RecordKind) throws -> UUID { try diary().resolveId(text, type) }

    /// Throws the parse issues together with the draft's own, so every problem is reported at once.
    func throwIfInvalid(_ entity: String, _ draftIssues: [ValidationIssue]) throws {
        let parsedFields = Set(parseIssues.map(\.field))
        let issues = parseIssues + draftIssues.filter { !parsedFields.contains($0.field) }
        if !issues.isEmpty { throw ValidationError(entity: entity, issues: issues) }
    }
}
