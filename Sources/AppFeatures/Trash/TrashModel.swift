import DiaryStore
import Foundation
import MediaLibrary
import Observation

/// The Trash (UI5): everything deleted, newest first, each restorable with what went with it;
/// emptying it — the one way anything leaves the diary for good — asks first. Refreshes itself
/// when the diary changes (a delete on another screen, a sync).
@MainActor
@Observable
public final class TrashModel: SafeguardsDestructiveActions {
    public static let restore = Control("trash.restore", .button)
    public static let empty = Control("trash.empty", .button, safeguard: .confirm)
    public static let controls = [restore, empty]

    public private(set) var entries: [TrashEntry] = []
    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?
    /// The last failure, in words, shown above the list.
    public private(set) var problem: String?

    private let diary: DiaryQueue
    private let language: Language
    private let catalog: Catalog
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    public init(diary: DiaryQueue, language: Language, catalog: Catalog = .shared) {
        self.diary = diary
        self.language = language
        self.catalog = catalog
    }

    public var canEmpty: Bool { !entries.isEmpty }

    public func load() async throws {
        entries = try await diary.read { try $0.trash.entries() }
    }

    /// Keeps the list current while the screen is shown (run from the view's `.task`).
    public func observe() async {
        for await change in diary.changes() where change.contains(.trash) {
            try? await load()
        }
    }

    /// Brings an entry back with everything that went with it.
    public func restore(_ entry: TrashEntry) async {
        do {
            let id = entry.id
            _ = try await diary.write { try $0.trash.restore(id) }
            problem = nil
            try await load()
        } catch {
            problem = problems.text(error)
        }
    }

    public func request(_ control: Control) async {
        guard control == Self.empty, canEmpty else { return }
        let count = entries.reduce(0) { $0 + $1.itemCount }
        confirmation = PendingConfirmation(
            control: control, title: catalog.text("confirm.trash.empty.title", language),
            message: catalog.text("confirm.trash.empty.message", language, count: count)
        ) { [weak self] in
            guard let self else { return }
            // Not one transaction: the rows go first, then the bytes no row refers to any more.
            _ = try await diary.read { try MediaStore(diary: $0).emptyTrash() }
            confirmation = nil
            try await load()
        }
    }

    public func dismissConfirmation() { confirmation = nil }
}
