/// An action the app offers to Siri, Shortcuts, Spotlight and the Action button (Apple:
/// `AppIntent`).
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    init()
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription? { get }
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public typealias Parameter = IntentParameter
}

/// What an intent does, in a sentence for Shortcuts (Apple: `IntentDescription`).
public struct IntentDescription: Sendable {
    let text: LocalizedStringResource

    public init(
        _ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
        searchKeywords: [LocalizedStringResource] = []
    ) {
        text = descriptionText
    }
}

/// A value an intent's parameter may hold (Apple's `_IntentValue`, an underscored protocol the
/// framework's value types adopt).
public protocol _IntentValue: Sendable {
    associatedtype ValueType: _IntentValue = Self
    associatedtype UnwrappedType: _IntentValue = Self
}

extension Int: _IntentValue {}
extension Double: _IntentValue {}
extension String: _IntentValue {}
extension Never: _IntentValue {}
extension Optional: _IntentValue where Wrapped: _IntentValue {
    public typealias ValueType = Wrapped.ValueType
    public typealias UnwrappedType = Wrapped.UnwrappedType
}

/// One input of an intent, asked for when it has no value (Apple: `IntentParameter`, used as
/// `@Parameter`).
@propertyWrapper
public final class IntentParameter<Value>: @unchecked Sendable where Value: _IntentValue, Value: Sendable {
    /// The value the system resolved before `perform()`; never read on Linux, where no system runs intents.
    public var wrappedValue: Value {
        get {
            guard let value = value ?? (defaultValue as? Value) else {
                preconditionFailure("the system resolves a parameter before perform()")
            }
            return value
        }
        set { value = newValue }
    }
    private var value: Value?
    let title: LocalizedStringResource
    let defaultValue: Value.UnwrappedType?

    init(title: LocalizedStringResource, defaultValue: Value.UnwrappedType?) {
        self.title = title
        self.defaultValue = defaultValue
    }
}

extension IntentParameter where Value.ValueType == Int {
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Value.UnwrappedType? = nil
    ) {
        self.init(title: title, defaultValue: defaultValue)
    }
}

extension IntentParameter where Value.ValueType == Double {
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Value.UnwrappedType? = nil
    ) {
        self.init(title: title, defaultValue: defaultValue)
    }
}

extension IntentParameter where Value.ValueType: AppEntity {
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        requestValueDialog: IntentDialog? = nil
    ) {
        self.init(title: title, defaultValue: nil)
    }
}

/// What an intent hands back to the system (Apple: `IntentResult`).
public protocol IntentResult: Sendable {}

/// A result with a sentence for the system to say or show (Apple: `ProvidesDialog`).
public protocol ProvidesDialog: IntentResult {}

/// The results `result(dialog:)` makes (Apple: `IntentResultContainer`).
public struct IntentResultContainer<Value, OpensAppIntent, Snippet, Dialog>: IntentResult, Sendable
where Value: _IntentValue, OpensAppIntent: AppIntent {
    let dialog: IntentDialog?
}

/// No intent: what a result that opens none names (Apple: `Never` conforms to `AppIntent`).
extension Never: AppIntent {
    public init() { preconditionFailure("Never has no values") }
    public static var title: LocalizedStringResource { "" }
    public static var description: IntentDescription? { nil }
    public func perform() async throws -> IntentResultContainer<Never, Never, Never, Never> { switch self {} }
}

extension IntentResultContainer: ProvidesDialog where Dialog == IntentDialog {}

extension IntentResult {
    public static func result(dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        IntentResultContainer(dialog: dialog)
    }
}

/// A sentence the system says or shows (Apple: `IntentDialog`).
public struct IntentDialog: Sendable, ExpressibleByStringInterpolation {
    let text: String

    public init(_ string: LocalizedStringResource) { text = string.text }

    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) { text = stringInterpolation.text }
}
