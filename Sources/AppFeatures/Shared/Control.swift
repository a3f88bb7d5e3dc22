/// What kind of thing a control is, as VoiceOver and the help catalogue name it (UI6).
public enum ControlKind: String, Sendable, CaseIterable {
    case button, tab, link, menuItem, picker, toggle, field
}

/// How a destructive control protects the angler from a slip (UI5, "fool protection").
public enum Safeguard: String, Sendable {
    /// Not destructive.
    case none
    /// Goes to the Trash at once, with an undo offer.
    case undo
    /// Runs only after a confirmation dialog.
    case confirm
    /// Runs only after the angler types the name of what goes (removing a profile).
    case typedConfirmation
}

/// One actionable control of a screen (UI6): a stable id, its kind, and how it is safeguarded
/// when it destroys something (UI5). Its label is `label.<id>` (or the catalogue text it is
/// named by, such as the title of the page it opens) and its help text `help.<id>` in the
/// catalogue (Localizable.xcstrings), in English and Russian; a long press shows the help
/// without acting.
public struct Control: Hashable, Sendable, CustomStringConvertible {
    public let id: String
    public let kind: ControlKind
    public let safeguard: Safeguard
    public let labelKey: String
    /// The catalogue key of the title of the screen or sheet the control opens, when it opens
    /// one: its help must name that title, and tapping it must show it (issue 33 §3).
    public let opens: String?

    /// A control labelled `label.<id>`, or by the catalogue's `labelKey` when another text
    /// already names what it opens.
    public init(
        _ id: String, _ kind: ControlKind, safeguard: Safeguard = .none, labelKey: String? = nil, opens: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.safeguard = safeguard
        self.labelKey = labelKey ?? "label.\(id)"
        self.opens = opens
    }

    public var isDestructive: Bool { safeguard != .none }

    public var helpKey: String { "help.\(id)" }
    public var description: String { id }
}

/// A screen model that declares its controls, so that a test can prove every one has help in
/// both languages (UI6) and every destructive one waits for its confirmation (UI5).
@MainActor
public protocol DeclaresControls {
    /// Every actionable control the screen shows, in any state.
    static var controls: [Control] { get }
}
