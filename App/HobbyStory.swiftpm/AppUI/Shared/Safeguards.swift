import AppFeatures
import SwiftUI

extension View {
    /// Shows a screen's pending confirmation (UI5): a confirmation dialog, or for a typed
    /// confirmation an alert with the field to type the name in. The action runs only from the
    /// dialog's confirming button.
    public func confirmation(
        _ pending: PendingConfirmation?, help: HelpModel, dismiss: @escaping @MainActor () -> Void
    ) -> some View {
        modifier(ConfirmationModifier(pending: pending, help: help, dismiss: dismiss))
    }

    /// Offers to undo the last delete (UI5) in a banner at the bottom.
    public func undoBanner(_ offer: UndoOffer?, help: HelpModel) -> some View {
        overlay(alignment: .bottom) {
            if let offer {
                UndoBanner(offer: offer, help: help)
            }
        }
    }
}

struct ConfirmationModifier: ViewModifier {
    let pending: PendingConfirmation?
    let help: HelpModel
    let dismiss: @MainActor () -> Void

    func body(content: Content) -> some View {
        let presented = Binding(
            get: { @MainActor in pending != nil && pending?.expectedText == nil },
            set: { @MainActor in if !$0 { dismiss() } })
        let typed = Binding(
            get: { @MainActor in pending?.expectedText != nil }, set: { @MainActor in if !$0 { dismiss() } })
        content
            .confirmationDialog(pending?.title ?? "", isPresented: presented, titleVisibility: .visible) {
                if let pending {
                    Button(pending.confirmLabel ?? help.label(pending.control), role: .destructive) {
                        Task { try? await pending.confirm() }
                    }
                }
            } message: {
                Text(pending?.message ?? "")
            }
            .alert(pending?.title ?? "", isPresented: typed) {
                if let pending {
                    TypedConfirmationField(pending: pending, help: help)
                    Button(pending.confirmLabel ?? help.label(pending.control), role: .destructive) {
                        Task { try? await pending.confirm() }
                    }
                    .disabled(!pending.canConfirm)
                }
            } message: {
                // An alert shows only buttons and fields among its actions: why the last try
                // failed (a wrong PIN) is said in its message, first.
                Text([pending?.problem, pending?.message].compactMap { $0 }.joined(separator: "\n\n"))
            }
    }
}

/// The field a typed confirmation is typed into, and the PIN's where one is asked.
struct TypedConfirmationField: View {
    @Bindable var pending: PendingConfirmation
    let help: HelpModel

    var body: some View {
        TextField(pending.expectedText ?? "", text: $pending.typedText)
        if pending.asksPin {
            SecureField(help.label(ProfilesModel.pinField), text: $pending.pin)
                .control(ProfilesModel.pinField, help: help)
        }
    }
}

struct UndoBanner: View {
    let offer: UndoOffer
    let help: HelpModel

    var body: some View {
        HStack {
            Text(offer.message)
            Spacer()
            Button(help.label(UndoOffer.undoControl)) { Task { try? await offer.perform() } }
                .control(UndoOffer.undoControl, help: help)
        }
        .padding()
    }
}
