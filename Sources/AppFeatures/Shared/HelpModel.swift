import Observation

/// The help a long press or help mode shows (UI6): which control's help is up, and its words in
/// the angler's language. One for the app; every control's view asks it, so no control can show
/// help of its own making, and asking for help never runs the control's action. Help mode
/// (issue 33 §3) is the visible way in: the "?" in a screen's bar turns it on, and then a tap on
/// any control shows its help instead of acting, until the "?" turns it off.
@Observable
@MainActor
public final class HelpModel: DeclaresControls {
    /// The "?" in each screen's bar.
    public static let mode = Control("help.mode", .button)
    public static let controls = [mode]

    public private(set) var shown: Control?
    /// Whether a tap on a control shows its help instead of acting.
    public private(set) var isHelpMode = false
    public let language: Language
    private let catalog: Catalog

    public init(language: Language, catalog: Catalog = .shared) {
        self.language = language
        self.catalog = catalog
    }

    /// A long press on `control`: its help comes up, replacing any other.
    public func show(_ control: Control) { shown = control }

    public func dismiss() { shown = nil }

    /// The "?": help mode on, or off with any help put away.
    public func toggleHelpMode() {
        isHelpMode.toggle()
        if !isHelpMode { shown = nil }
    }

    /// Whether a long press on a control of this kind shows its help: on buttons, links and
    /// tabs; never on text fields, where it moves the cursor, nor on pickers and switches, which
    /// sit in scrolling rows (help mode and VoiceOver's hint reach those).
    public static func pressShowsHelp(_ kind: ControlKind) -> Bool {
        switch kind {
        case .button, .link, .tab, .menuItem: true
        case .field, .picker, .toggle: false
        }
    }

    public func isShown(_ control: Control) -> Bool { shown == control }

    public func label(_ control: Control) -> String { catalog.label(control, language) }

    /// A text of the catalogue in the angler's language, its placeholders (such as `{page}`) filled from
    /// `values`.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        catalog.text(key, language, values)
    }

    /// A form field's label, marked with an asterisk when the field must be filled before saving
    /// (T19: mandatory attributes are marked before the angler tries to save).
    public func label(_ control: Control, requiredIn required: Set<Control>) -> String {
        required.contains(control) ? label(control) + " *" : label(control)
    }

    /// What the control will do, said when it is long-pressed and by VoiceOver as the hint.
    public func help(_ control: Control) -> String { catalog.help(control, language) }
}
