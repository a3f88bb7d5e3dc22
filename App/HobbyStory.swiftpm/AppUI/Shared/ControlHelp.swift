import AppFeatures
import SwiftUI

extension View {
    /// Makes this view one of the app's controls (UI3, UI6): its id for UI tests and the
    /// wireframes, its label and help for VoiceOver (the hint is the help), a hit target of at
    /// least 44 × 44 pt, and its help on a long press — shown in a popover, without acting.
    public func control(_ control: Control, help: HelpModel) -> some View {
        modifier(ControlModifier(control: control, help: help))
    }
}

/// The one place a control gets its id, VoiceOver words and long-press help (UI6).
struct ControlModifier: ViewModifier {
    let control: Control
    @Bindable var help: HelpModel

    func body(content: Content) -> some View {
        content
            .frame(minWidth: 44, minHeight: 44)
            .accessibilityIdentifier(control.id)
            .accessibilityLabel(help.label(control))
            .accessibilityHint(help.help(control))
            .onLongPressGesture(minimumDuration: 0.5) { help.show(control) }
            .popover(
                isPresented: Binding(
                    get: { @MainActor in help.isShown(control) },
                    set: { @MainActor shown in if !shown { help.dismiss() } })
            ) {
                Text(help.help(control))
                    .font(.body)
                    .padding()
                    .presentationCompactAdaptation(.popover)
            }
    }
}

/// The app's main actions (UI3): full width, at least 60 pt high, a symbol with its label.
struct PrimaryActionLabel: View {
    let title: String
    let systemImage: String

    var body: some View {
        Label(title, systemImage: systemImage)
            .font(.title2)
            .frame(maxWidth: .infinity, minHeight: 60)
    }
}

/// A button that is one of the app's controls (UI3, UI6): its words are the control's label in
/// the angler's language, and it carries that same control's id and help, so the two can never
/// name different controls.
struct ControlButton: View {
    let control: Control
    let systemImage: String?
    let role: ButtonRole?
    let help: HelpModel
    let action: @MainActor () -> Void

    init(
        _ control: Control, systemImage: String? = nil, role: ButtonRole? = nil, help: HelpModel,
        action: @escaping @MainActor () -> Void
    ) {
        self.control = control
        self.systemImage = systemImage
        self.role = role
        self.help = help
        self.action = action
    }

    var body: some View {
        Group {
            if let systemImage {
                Button(help.label(control), systemImage: systemImage, role: role, action: action)
            } else {
                Button(help.label(control), role: role, action: action)
            }
        }
        .control(control, help: help)
    }
}
