import DiaryServices
import DiaryStore
import Foundation
import MapPacks
import Observation

/// Offline maps (issue 15 §2; T10): the map packs on this device and those the angler's portal
/// offers, a download (resumed where it stopped, checked, usable once whole) and a removal (asked
/// first, UI5). Installed packs draw the map and answer routes without a network.
@MainActor
@Observable
public final class MapPacksModel: SafeguardsDestructiveActions {
    public static let refresh = Control("mapPacks.refresh", .button)
    public static let download = Control("mapPacks.download", .button)
    public static let remove = Control("mapPacks.remove", .button, safeguard: .confirm)
    public static let controls = [refresh, download, remove]

    public private(set) var installed: [MapPackManifest] = []
    /// The portal's packs not on this device (after ``refresh()``).
    public private(set) var offered: [MapPackManifest] = []
    /// The pack being downloaded.
    public private(set) var downloading: String?
    public private(set) var problem: String?
    public private(set) var confirmation: PendingConfirmation?
    public var undoOffer: UndoOffer? { nil }
    /// The installed pack Remove acts on.
    public var selected: MapPackManifest?

    private let diary: DiaryQueue
    private let service: MapPackService
    private let formatter: MeasureFormatter
    private var language: Language { formatter.language }

    public init(diary: DiaryQueue, service: MapPackService, formatter: MeasureFormatter) {
        self.diary = diary
        self.service = service
        self.formatter = formatter
    }

    public func load() {
        installed = service.installed()
    }

    /// Asks the angler's portal which packs it offers.
    public func refresh() async {
        await report {
            let portal = try await self.portal()
            let names = Set(self.service.installed().map(\.name))
            self.offered = try await self.service.available(from: portal).filter { !names.contains($0.name) }
        }
    }

    public func download(_ pack: MapPackManifest) async {
        guard downloading == nil else { return }
        downloading = pack.name
        defer { downloading = nil }
        await report {
            try await self.service.download(pack.name, from: try await self.portal())
            self.offered.removeAll { $0.name == pack.name }
        }
        load()
    }

    /// Removing the selected pack asks first: its map and routes are gone until it is downloaded again.
    public func request(_ control: Control) async {
        guard control == Self.remove, let pack = selected else { return }
        confirmation = PendingConfirmation(
            control: control, title: text("confirm.mapPacks.remove.title", ["name": pack.displayTitle]),
            message: text("confirm.mapPacks.remove.message", ["name": pack.displayTitle, "size": size(of: pack)])
        ) { [weak self] in
            guard let self else { return }
            await report { try FileManager.default.removeItem(at: self.service.folder(of: pack)) }
            selected = nil
            confirmation = nil
            load()
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    /// A pack as its row reads: its name, size, and the date of its OpenStreetMap data.
    public func title(of pack: MapPackManifest) -> String {
        text("mapPacks.row", ["name": pack.displayTitle, "size": size(of: pack), "date": pack.sourceDate])
    }

    private func size(of pack: MapPackManifest) -> String {
        formatter.fileSize(bytes: pack.files.reduce(0) { $0 + Int($1.bytes) })
    }

    private func portal() async throws -> URL {
        guard let account = try await diary.read({ try $0.sync.account() }), let url = URL(string: account.portalURL)
        else { throw MapPacksProblem.notSignedIn }
        return url
    }

    private func report(_ body: @MainActor () async throws -> Void) async {
        problem = await ProblemMessages(language: language).problem(running: body)
    }

    private func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Catalog.shared.text(key, language, values)
    }
}

/// Why packs cannot be listed.
public enum MapPacksProblem: Error, Sendable, Equatable {
    /// Packs come from the portal the diary syncs with.
    case notSignedIn
}
