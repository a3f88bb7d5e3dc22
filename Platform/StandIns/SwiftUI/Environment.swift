import Foundation
import Observation

/// A value a view reads from where it is placed (Apple: `DynamicProperty`).
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A key of the environment with its default (Apple: `EnvironmentKey`).
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

/// What views read from where they are placed (Apple: `EnvironmentValues`): keyed values and
/// `@Observable` objects by type.
public struct EnvironmentValues: CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]
    private var objects: [ObjectIdentifier: AnyObject] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Places an observable object, found by its type. Not Apple API: the wireframes' way in
    /// (views place objects with `.environment(_:)`).
    public mutating func _wireframeInsert<T: AnyObject & Observable>(_ object: T) {
        objects[ObjectIdentifier(T.self)] = object
    }

    func object<T: AnyObject>(_ type: T.Type) -> T? { objects[ObjectIdentifier(type)] as? T }

    public var description: String { "EnvironmentValues(\(values.count) values, \(objects.count) objects)" }

    /// The environment in force while a view's body is read: kept per thread, since bodies are
    /// read synchronously on the main thread and `Environment` reads it from a nonisolated getter.
    static func reading<T>(_ environment: EnvironmentValues, _ body: () -> T) -> T {
        let storage = Thread.current.threadDictionary
        let saved = storage[currentKey]
        storage[currentKey] = Box(environment)
        defer { storage[currentKey] = saved }
        return body()
    }

    static var current: EnvironmentValues {
        (Thread.current.threadDictionary[currentKey] as? Box)?.environment ?? EnvironmentValues()
    }

    private static let currentKey = "hobbystory.wireframe.environment"

    private final class Box {
        let environment: EnvironmentValues
        init(_ environment: EnvironmentValues) { self.environment = environment }
    }
}

/// Reads a value or an object from the environment (Apple: `Environment`).
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    private let read: (EnvironmentValues) -> Value

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { $0[keyPath: keyPath] }
    }

    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        read = { environment in
            guard let object = environment.object(objectType) else {
                fatalError("No \(Value.self) in the environment: place one with .environment(_:)")
            }
            return object
        }
    }

    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        read = { $0.object(objectType) }
    }

    public var wrappedValue: Value { read(EnvironmentValues.current) }
}

/// The width class a layout is shown in (Apple: `UserInterfaceSizeClass`).
public enum UserInterfaceSizeClass: Sendable, Hashable {
    case compact, regular
}

private struct HorizontalSizeClassKey: EnvironmentKey {
    static var defaultValue: UserInterfaceSizeClass? { .compact }
}

/// Closes the presentation a view is in (Apple: `DismissAction`).
@MainActor @preconcurrency public struct DismissAction {
    let action: @MainActor () -> Void
    nonisolated init(action: @escaping @MainActor () -> Void) { self.action = action }
    public func callAsFunction() { action() }
}

private struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction(action: {}) }
}

/// The size of text the angler chose in Settings (Apple: `DynamicTypeSize`).
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Whether the size is one of the accessibility sizes, beyond xxxLarge.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

private struct DynamicTypeSizeKey: EnvironmentKey {
    static var defaultValue: DynamicTypeSize { .large }
}

extension EnvironmentValues {
    /// The text size the angler chose (Apple: `EnvironmentValues.dynamicTypeSize`).
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }

    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { self[HorizontalSizeClassKey.self] }
        set { self[HorizontalSizeClassKey.self] = newValue }
    }

    /// Read-only, as Apple's: the stand-in never sets it (its default does nothing).
    public var dismiss: DismissAction { self[DismissKey.self] }

    /// The time zone dates are shown in (Apple: `EnvironmentValues.timeZone`).
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
}

private struct TimeZoneKey: EnvironmentKey {
    static var defaultValue: TimeZone { .current }
}

extension View {
    /// Sets an environment value for this view and those inside it.
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> some View
    {
        ModifiedView(content: self) { context, content in
            context.evaluate(content) { $0[keyPath: keyPath] = value }
        }
    }

    /// Limits the text size of this view and those inside it to `range`'s largest: a larger
    /// size the angler chose draws at that one (Apple: `dynamicTypeSize(_:)`; here only the
    /// `...size` form). The wireframe draws the capped text at its size.
    nonisolated public func dynamicTypeSize(_ range: PartialRangeThrough<DynamicTypeSize>) -> some View {
        ModifiedView(content: self) { context, content in
            guard context.environment.dynamicTypeSize > range.upperBound else { return context.evaluate(content) }
            let nodes = context.evaluate(content) { $0.dynamicTypeSize = range.upperBound }
            return [WireframeNode("typeCap", attributes: ["typeCap": "\(range.upperBound)"], children: nodes)]
        }
    }

    /// Places an observable object for this view and those inside it.
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        ModifiedView(content: self) { context, content in
            context.evaluate(content) { environment in if let object { environment._wireframeInsert(object) } }
        }
    }
}
