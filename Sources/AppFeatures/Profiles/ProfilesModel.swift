import DiaryStore
import FishingModel
import Foundation
import Observation

/// The anglers on this device (T15): pick one, add one, unlock one protected by a PIN (with the
/// lockout shown), remove one after typing its name and its PIN (UI5), bring a removed one back within
/// 30 days. Opening a profile hands its diary to the app as a ``DiaryQueue``.
@MainActor
@Observable
public final class ProfilesModel: SafeguardsDestructiveActions {
    public static let add = Control("profiles.add", .button)
    public static let open = Control("profiles.open", .button)
    public static let unlock = Control("profiles.unlock", .button)
    public static let pinField = Control("profiles.pin", .field)
    public static let nameField = Control("profiles.name", .field)
    public static let newPinField = Control("profiles.newPin", .field)
    public static let unitsPicker = Control("profiles.units", .picker)
    public static let remove = Control("profiles.remove", .button, safeguard: .typedConfirmation)
    public static let restore = Control("profiles.restore", .button)
    public static let controls = [add, open, unlock, pinField, nameField, newPinField, unitsPicker, remove, restore]

    public private(set) var profiles: [Profile] = []
    /// Removed profiles still kept (restorable until their retention ends).
    public private(set) var removedProfiles: [Profile] = []
    public var selected: Profile?
    /// What the angler typed to unlock the selected profile.
    public var pin = ""
    /// Why the last unlock failed, in the angler's language (a lockout says for how long).
    public private(set) var unlockProblem: String?
    /// The diary opened by the last successful ``openSelected()``.
    public private(set) var openedDiary: DiaryQueue?

    /// The new-profile form.
    public var newName = ""
    public var newPin = ""
    public var newUnits: Units = .metric
    /// Each invalid field of the form with its message, shown at the field.
    public private(set) var fieldErrors: [ProfileField: String] = [:]

    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?
    /// Restoring a backup as a new angler (issue 34 §2); the list reloads and selects it after.
    public let restoring: RestoreModel

    private let storage: SerialAccess<DeviceStorage>
    private let language: Language
    private let catalog: Catalog
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    public init(storage: SerialAccess<DeviceStorage>, language: Language, catalog: Catalog = .shared) {
        self.storage = storage
        self.language = language
        self.catalog = catalog
        restoring = RestoreModel(storage: storage, language: language, catalog: catalog)
        restoring.onRestored = { [weak self] profile in
            try? await self?.load()
            self?.selected = profile
        }
    }

    public func load() async throws {
        let all = try await storage.run { try $0.profiles(includeRemoved: true) }
        profiles = all.filter { $0.removedAt == nil }
        removedProfiles = all.filter { $0.removedAt != nil }
        if let selected, !profiles.contains(where: { $0.id == selected.id }) { self.selected = nil }
        if selected == nil, profiles.count == 1 { selected = profiles[0] }
    }

    /// Whether the open button is enabled: a profile is chosen and, if it has a PIN, one is typed.
    public var canOpen: Bool {
        guard let selected else { return false }
        return !selected.hasPin || !pin.isEmpty
    }

    /// Opens the selected profile's diary, checking its PIN.
    public func openSelected() async {
        guard let selected, canOpen else { return }
        let name = selected.displayName
        let pin = selected.hasPin ? pin : nil
        do {
            openedDiary = try await storage.run { DiaryQueue(try $0.openDiary(named: name, pin: pin)) }
            unlockProblem = nil
            self.pin = ""
        } catch {
            unlockProblem = problems.text(error)
            self.pin = ""
        }
    }

    /// Adds the profile of the form; each problem is shown at its field and nothing is saved.
    public func addProfile() async {
        let draft = ProfileDraft(displayName: newName, pin: newPin.isEmpty ? nil : newPin, units: newUnits)
        do {
            let profile = try await storage.run { try $0.addProfile(draft) }
            fieldErrors = [:]
            (newName, newPin, newUnits) = ("", "", .metric)
            try await load()
            selected = profile
        } catch let error as ValidationError {
            let named = error.issues.compactMap { issue in
                issue.field(of: ProfileField.self).map { ($0, issue.message) }
            }
            fieldErrors =
                named.count == error.issues.count
                ? Dictionary(named, uniquingKeysWith: { a, _ in a }) : [.displayName: problems.text(error)]
        } catch {
            fieldErrors = [.displayName: problems.text(error)]
        }
    }

    /// Removal is typed: the angler types the profile's name to confirm (UI5) and, for a profile
    /// protected by a PIN, its PIN (issue 30 §2.6); a wrong PIN is said in the dialog and counts
    /// toward the same lockout as unlocking.
    public func request(_ control: Control) async {
        guard control == Self.remove, let profile = selected else { return }
        let name = profile.displayName
        confirmation = PendingConfirmation(
            control: control, title: catalog.text("confirm.profiles.remove.title", language, ["name": name]),
            message: catalog.text(
                profile.hasPin ? "confirm.profiles.removeProtected.message" : "confirm.profiles.remove.message",
                language, ["name": name]),
            expectedText: name, asksPin: profile.hasPin
        ) { [weak self] in
            guard let self, let pending = confirmation else { return }
            let pin = profile.hasPin ? pending.pin : nil
            do {
                try await storage.run { try $0.removeProfile(named: name, confirmation: name, pin: pin) }
            } catch {
                pending.pin = ""
                pending.problem = problems.text(error)
                return
            }
            confirmation = nil
            try await load()
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    /// Brings a removed profile back.
    public func restore(_ profile: Profile) async throws {
        let name = profile.displayName
        _ = try await storage.run { try $0.restoreProfile(named: name) }
        try await load()
    }
}
