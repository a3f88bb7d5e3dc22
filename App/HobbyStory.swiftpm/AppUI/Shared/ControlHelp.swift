import AppFeatures
import SwiftUI

extension View {
    /// Makes this view one of the app's controls (UI3, UI6): its id for UI tests and the
    /// wireframes, its label and help for VoiceOver (the hint is the help), a hit target of at
    /// least 44 × 44 pt, and its help — shown in a popover, without acting — on a long press
    /// (buttons, links, tabs) and, in help mode, on a tap (issue 33 §3).
    public func control(_ control: Control, help: HelpModel) -> some View {
        modifier(ControlModifier(control: control, help: help))
    }
}

/// The one place a control gets its id, VoiceOver words and help (UI6).
struct ControlModifier: ViewModifier {
    let control: Control
    @Bindable var help: HelpModel

    func body(content: Content) -> some View {
        content
            .frame(minWidth: 44, minHeight: 44)
            .modifier(HelpModeCover(control: control, help: help))
            .accessibilityIdentifier(control.id)
            .accessibilityLabel(help.label(control))
            .accessibilityHint(help.help(control))
            .modifier(PressForHelp(control: control, help: help))
            .modifier(FieldEditingReport(control: control))
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

/// Tells the ring a text field began or ended being edited (issue 33 §1): while one is, a drag
/// on its page moves the cursor or scrolls, never turns the page. The ring's pager hears it.
struct FieldEditingReport: ViewModifier {
    let control: Control
    @FocusState private var focused: Bool
    @Environment(\.fieldEditing) private var report

    func body(content: Content) -> some View {
        if control.kind == .field {
            content
                .focused($focused)
                .onChange(of: focused) { _, editing in report(control.id, editing) }
        } else {
            content
        }
    }
}

/// Where a text field's ``FieldEditingReport`` goes: the ring's pager, nowhere elsewhere.
struct FieldEditingKey: EnvironmentKey {
    static var defaultValue: @MainActor (String, Bool) -> Void { { _, _ in } }
}

extension EnvironmentValues {
    var fieldEditing: @MainActor (String, Bool) -> Void {
        get { self[FieldEditingKey.self] }
        set { self[FieldEditingKey.self] = newValue }
    }
}

/// In help mode a control takes no touch of its own: a cover over it, marked with a "?", shows
/// its help instead (issue 33 §3). The "?" that leaves help mode is never covered.
struct HelpModeCover: ViewModifier {
    let control: Control
    let help: HelpModel

    func body(content: Content) -> some View {
        if help.isHelpMode && control != HelpModel.mode {
            content
                .allowsHitTesting(false)
                .overlay {
                    Button {
                        help.show(control)
                    } label: {
                        Image(systemName: "questionmark.circle.fill")
                            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topTrailing)
                            .background(.quaternary)
                    }
                }
        } else {
            content
        }
    }
}

/// A long press shows the help of buttons, links and tabs; text fields keep it for the cursor,
/// and pickers and switches, which sit in scrolling rows, leave it to the scroll
/// (``HelpModel/pressShowsHelp(_:)``).
struct PressForHelp: ViewModifier {
    let control: Control
    let help: HelpModel

    func body(content: Content) -> some View {
        if HelpModel.pressShowsHelp(control.kind) {
            content.onLongPressGesture(minimumDuration: 0.5) { help.show(control) }
        } else {
            content
        }
    }
}

/// The "?" in a screen's bar (issue 33 §3): help mode on and off, filled while it is on.
struct HelpModeButton: View {
    let help: HelpModel

    var body: some View {
        Button(
            help.label(HelpModel.mode),
            systemImage: help.isHelpMode ? "questionmark.circle.fill" : "questionmark.circle"
        ) {
            help.toggleHelpMode()
        }
        .labelStyle(.iconOnly)
        .control(HelpModel.mode, help: help)
    }
}

extension HelpModeButton {
    /// The "?" at the trailing end of a pushed screen's or a sheet's bar.
    static func barItem(_ help: HelpModel) -> ToolbarItem<(), HelpModeButton> {
        ToolbarItem(placement: .topBarTrailing) { HelpModeButton(help: help) }
    }
}

/// What help mode says while it is on, in the bar at the bottom of the page.
struct HelpModeNote: View {
    let help: HelpModel

    var body: some View {
        Label(help.text("helpMode.on"), systemImage: "questionmark.circle.fill").font(.footnote)
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
