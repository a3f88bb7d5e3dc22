import DiaryStore
import Foundation

extension DiaryQueue {
    /// Moves an object (with what goes with it) to the Trash and returns the offer that brings
    /// it back (UI5); `afterUndo` refreshes the screen once it is back.
    @MainActor
    func moveToTrashOfferingUndo(
        _ type: EntityType, _ id: UUID, language: Language, catalog: Catalog,
        afterUndo: @escaping @MainActor () async throws -> Void = {}
    ) async throws -> UndoOffer {
        let entry = try await write { try $0.moveToTrash(type, id) }
        return UndoOffer(message: catalog.text("undo.deleted", language, ["what": entry.label])) { [self] in
            _ = try await write { try $0.restore(entry.batchId) }
            try await afterUndo()
        }
    }
}

extension PendingConfirmation {
    /// "Discard your changes?" for a form (UI5); `revert` puts the saved values back.
    static func discardingChanges(
        _ control: Control, language: Language, catalog: Catalog, revert: @escaping @MainActor () -> Void
    ) -> PendingConfirmation {
        PendingConfirmation(
            control: control, title: catalog.text("confirm.discard.title", language),
            message: catalog.text("confirm.discard.message", language), action: revert)
    }
}
