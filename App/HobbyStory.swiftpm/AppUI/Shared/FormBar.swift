import AppFeatures
import SwiftUI

/// What a form's bar needs from its model: saving, and asking before its changes are dropped.
@MainActor
protocol EditableForm: AnyObject {
    var canSave: Bool { get }
    var isDirty: Bool { get }
    /// Saves; true when the record was stored.
    func saveForm() async -> Bool
    func request(_ control: Control) async
}

extension TripEditorModel: EditableForm {
    func saveForm() async -> Bool { await save() != nil }
}

extension CatchEditorModel: EditableForm {
    func saveForm() async -> Bool { await save() != nil }
}

extension View {
    /// A form's bar: Save (enabled when nothing is invalid) leaves once stored; Cancel leaves at
    /// once when nothing changed, else asks before discarding (UI5).
    func formBar(
        _ form: some EditableForm, save: Control, discard: Control, help: HelpModel,
        leave: @escaping @MainActor () -> Void
    ) -> some View {
        toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button(help.label(save)) {
                    Task { if await form.saveForm() { leave() } }
                }
                .disabled(!form.canSave)
                .control(save, help: help)
            }
            ToolbarItem(placement: .cancellationAction) {
                Button(help.label(discard)) {
                    if form.isDirty { Task { await form.request(discard) } } else { leave() }
                }
                .control(discard, help: help)
            }
        }
    }
}
