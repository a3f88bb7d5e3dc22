import Foundation
import Observation

/// A destructive intent waiting for the angler to confirm it (UI5). The action lives inside the
/// confirmation, so a screen model cannot run it any other way: the view shows a confirmation
/// dialog (or a field to type the name into) and calls ``confirm()``; dismissing drops it.
@MainActor
@Observable
public final class PendingConfirmation: Identifiable {
    public let id = UUID()
    public let control: Control
    /// Shown as the dialog's title and message, in the angler's language.
    public let title: String
    public let message: String
    /// The words of the button that confirms, when they are not the control's own (a form's
    /// Cancel confirms by "Discard changes").
    public let confirmLabel: String?
    /// For a typed confirmation, what must be typed exactly; nil for a plain one.
    public let expectedText: String?
    /// What the angler has typed so far (typed confirmations).
    public var typedText = ""
    /// Whether the PIN of what goes must be typed too (a protected profile, issue 30 §2.6).
    public let asksPin: Bool
    /// The PIN typed so far.
    public var pin = ""
    /// Why the last confirmation failed (a wrong PIN, a lockout), shown in the dialog.
    public internal(set) var problem: String?
    private let action: @MainActor () async throws -> Void

    init(
        control: Control, title: String, message: String, confirmLabel: String? = nil, expectedText: String? = nil,
        asksPin: Bool = false, action: @escaping @MainActor () async throws -> Void
    ) {
        self.control = control
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.expectedText = expectedText
        self.asksPin = asksPin
        self.action = action
    }

    /// True when the confirm button is enabled: always for a plain confirmation, once the
    /// typed text matches (and a PIN is typed, where one is asked) for a typed one.
    public var canConfirm: Bool { (expectedText.map { typedText == $0 } ?? true) && (!asksPin || !pin.isEmpty) }

    /// Runs the action; a typed confirmation that does not match yet does nothing.
    public func confirm() async throws {
        guard canConfirm else { return }
        try await action()
    }
}

/// An undo offered after something went to the Trash (UI5): shown as a banner with an Undo
/// button until it expires or another one replaces it.
@MainActor
public struct UndoOffer: Identifiable {
    public let id = UUID()
    public let message: String
    let undo: @MainActor () async throws -> Void

    init(message: String, undo: @escaping @MainActor () async throws -> Void) {
        self.message = message
        self.undo = undo
    }

    public func perform() async throws { try await undo() }

    /// The banner's Undo button.
    public static let undoControl = Control("undo", .button)
}

/// A screen with destructive controls (UI5): each is started by ``request(_:)`` on what the
/// screen has selected, which may only ask (``confirmation``) or move to the Trash with an
/// ``undoOffer``. A test walks every one of them.
@MainActor
public protocol SafeguardsDestructiveActions: AnyObject, DeclaresControls {
    var confirmation: PendingConfirmation? { get }
    var undoOffer: UndoOffer? { get }
    /// Starts the destructive action of `control`.
    func request(_ control: Control) async
}
