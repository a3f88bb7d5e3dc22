import Observation

/// The help a long press shows (UI6): which control's help is up, and its words in the angler's
/// language. One for the app; every control's view asks it, so no control can show help of its
/// own making, and a long press never runs the control's action.
@Observable
@MainActor
public final class HelpModel {
    public private(set) var shown: Control?
    public let language: Language
    private let catalog: Catalog

    public init(language: Language, catalog: Catalog = .shared) {
        self.language = language
        self.catalog = catalog
    }

    /// A long press on `control`: its help comes up, replacing any other.
    public func show(_ control: Control) { shown = control }

    public func dismiss() { shown = nil }

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
