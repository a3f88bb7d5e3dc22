import DiaryStore
import FishingModel
import Foundation

extension DiaryQueue {
    /// Moves an object (with what goes with it) to the Trash and returns the offer that brings
    /// it back (UI5); `afterUndo` refreshes the screen once it is back.
    @MainActor
    func moveToTrashOfferingUndo(
        _ type: RecordKind, _ id: UUID, language: Language, catalog: Catalog,
        afterUndo: @escaping @MainActor () async throws -> Void = {}
    ) async throws -> UndoOffer {
        let entry = try await write { try $0.trash.put(type, id) }
        return UndoOffer(message: catalog.text("undo.deleted", language, ["what": entry.label])) { [self] in
            _ = try await write { try $0.trash.restore(entry.batchId) }
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
            message: catalog.text("confirm.discard.message", language),
            confirmLabel: catalog.text("confirm.discard.action", language), action: revert)
    }
}

/// How saving a form ended: the record, or each invalid field's message, or a failure in words.
enum FormSaveOutcome<Record, Field: RecordField> {
    case saved(Record)
    case invalid([Field: String])
    case failed(String)
}

extension FormSaveOutcome {
    /// Runs `save`; the store's validation comes back as messages at their fields, in the
    /// angler's language and units (T19), and an issue at no row of the form is said as the
    /// form's problem, never dropped.
    @MainActor
    static func of(messages: FieldMessages, _ save: () async throws -> Record) async -> Self {
        do {
            return .saved(try await save())
        } catch let error as ValidationError {
            guard let fields = messages.messages(for: error.issues, as: Field.self) else {
                return .failed(messages.problems.text(error))
            }
            return .invalid(fields)
        } catch {
            return .failed(messages.problems.text(error))
        }
    }
}

extension DiaryQueue {
    /// Saves a form's record in one transaction (``FormSaveOutcome/of(messages:_:)``).
    @MainActor
    func saveForm<Record: Sendable, Field: RecordField>(
        messages: FieldMessages, fields _: Field.Type, _ save: @escaping @Sendable (Diary) throws -> Record
    ) async -> FormSaveOutcome<Record, Field> {
        await .of(messages: messages) { try await write(save) }
    }
}

extension DiaryQueue {
    /// Why saving is off — the trial or the purchase is over (T13, issue 17; docs/licensing.md)
    /// — in the angler's language, or nil while the diary takes changes. Forms grey their Save
    /// with this reason beside it, rather than refusing the angler's work after they press it.
    func readOnlyReason(_ catalog: Catalog, _ language: Language) async -> String? {
        let readOnly = (try? await read { try $0.licence.isReadOnly() }) ?? false
        return readOnly ? catalog.text("error.store.readOnly", language) : nil
    }
}

extension DiaryQueue {
    /// Ends trip `id` at `end` (issue 30 §2.2: End trip on Today and on the trip's page); the
    /// error when it could not, for the screen to say.
    func end(trip id: UUID, at end: Date) async -> (any Error)? {
        do {
            _ = try await write { try $0.trips.update(id) { $0.endAt = end } }
            return nil
        } catch {
            return error
        }
    }
}
