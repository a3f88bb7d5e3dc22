import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Observation
import SyncClient
import SyncProtocol

/// Sync with the portal (T3): sign in or up, the state (last sync, what waits, what the portal
/// refused and why, what waits for something else), sync now, the versions other devices'
/// changes replaced with a way to bring one back, and signing out — which asks first when
/// changes have not been sent (UI5).
@MainActor
@Observable
public final class SyncModel: SafeguardsDestructiveActions {
    public static let portal = Control("sync.portal", .field)
    public static let email = Control("sync.email", .field)
    public static let password = Control("sync.password", .field)
    public static let signIn = Control("sync.signIn", .button)
    public static let signUp = Control("sync.signUp", .button)
    public static let syncNow = Control("sync.syncNow", .button)
    public static let history = Control("sync.history", .link)
    public static let restoreVersion = Control("sync.restoreVersion", .button)
    public static let signOut = Control("sync.signOut", .button, safeguard: .confirm)
    public static let controls = [portal, email, password, signIn, signUp, syncNow, history, restoreVersion, signOut]

    public var portalAddress = ""
    public var emailAddress = ""
    public var passwordText = ""
    public private(set) var status: SyncStatus?
    public private(set) var lastReport: SyncReport?
    public private(set) var isSyncing = false
    /// The set-aside versions last listed, newest first.
    public private(set) var versions: [HistoryEntry] = []
    /// Why the last action failed, in words.
    public private(set) var problem: String?
    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?

    private let service: SyncService
    private let deviceName: String
    private let language: Language
    private let catalog: Catalog
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    public init(service: SyncService, deviceName: String, language: Language, catalog: Catalog = .shared) {
        self.service = service
        self.deviceName = deviceName
        self.language = language
        self.catalog = catalog
    }

    public func load() async throws {
        status = try await service.status()
        if let account = status?.account {
            portalAddress = account.portalURL
            emailAddress = account.email
        }
    }

    public func observe() async {
        for await change in service.diary.changes() where change.contains(.sync) { try? await load() }
    }

    /// Whether the sign-in form is complete: an https portal (or http on this machine), an
    /// email and a password.
    public var canSignIn: Bool {
        PortalAddress.problem(with: portalAddress) == nil && !emailAddress.isEmpty && !passwordText.isEmpty
    }

    public func signIn(creatingAccount: Bool = false) async {
        if PortalAddress.problem(with: portalAddress) != nil {
            problem = catalog.text("error.sync.portalAddress", language)
            return
        }
        guard canSignIn, let url = URL(string: portalAddress) else { return }
        let (email, password) = (emailAddress, passwordText)
        await run {
            if creatingAccount {
                _ = try await service.signUp(portal: url, email: email, password: password, deviceName: deviceName)
            } else {
                _ = try await service.signIn(portal: url, email: email, password: password, deviceName: deviceName)
            }
            passwordText = ""
        }
    }

    public func syncNow() async {
        guard !isSyncing else { return }
        isSyncing = true
        defer { isSyncing = false }
        await run { lastReport = try await service.sync() }
    }

    /// Lists the versions the portal set aside (of one record when `id` is given).
    public func loadHistory(of id: UUID? = nil) async {
        await run { versions = try await service.history(of: id).entries }
    }

    /// Brings a set-aside version back as a new local change, sent by the next sync.
    public func restore(_ entry: HistoryEntry) async {
        guard let version = entry.seq else { return }
        await run { try await service.restoreVersion(version, of: entry.id) }
    }

    /// Signing out with changes not yet sent asks first: they stay on the device but would not
    /// reach the portal until the angler signs in again.
    public func request(_ control: Control) async {
        guard control == Self.signOut, status?.isSignedIn == true else { return }
        let pending = status?.pending.count ?? 0
        guard pending > 0 else {
            await run { _ = try await service.signOut() }
            return
        }
        confirmation = PendingConfirmation(
            control: control, title: catalog.text("confirm.sync.signOut.title", language),
            message: catalog.text("confirm.sync.signOut.message", language, count: pending)
        ) { [weak self] in
            guard let self else { return }
            await run { _ = try await self.service.signOut() }
            confirmation = nil
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    /// A version as its row reads: when it was saved (the device's local time), and whether it
    /// was a deletion.
    public func title(of entry: HistoryEntry) -> String {
        let date = Date(timeIntervalSince1970: Double(entry.modifiedAt) / 1_000)
        let local = DiaryTime.iso8601(date, utcOffsetSeconds: DiaryTime.deviceOffset(at: date))
        let text = String(local.prefix(16)).replacingOccurrences(of: "T", with: " ")
        return entry.deleted ? "\(text) — \(catalog.text("sync.deleted", language))" : text
    }

    /// Runs an action, keeping its failure in words, then refreshes the state.
    private func run(_ action: () async throws -> Void) async {
        do {
            try await action()
            problem = nil
        } catch {
            problem = problems.text(error)
        }
        try? await load()
    }
}
