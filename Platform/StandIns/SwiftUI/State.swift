import Observation

/// A value a view owns (Apple: `State`). The stand-in keeps it in a box made with the view, which
/// is what one evaluation of a body needs.
@propertyWrapper public struct State<Value>: DynamicProperty {
    private let box: StateBox<Value>

    public init(wrappedValue value: Value) { box = StateBox(value) }
    public init(initialValue value: Value) { box = StateBox(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = box
        return Binding(reading: { box.value }, writing: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

private final class StateBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Read and write access to a value owned elsewhere (Apple: `Binding`).
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    private let reading: () -> Value
    private let writing: (Value) -> Void

    init(reading: @escaping () -> Value, writing: @escaping (Value) -> Void) {
        self.reading = reading
        self.writing = writing
    }

    /// As Apple's: the closures carry their own isolation (`@isolated(any)`), so one that touches
    /// main-actor state says `@MainActor in`. The wireframes read and write bindings on the main
    /// thread only, where the stand-in calls them directly: an `@isolated(any)` closure has a plain
    /// closure's layout, its isolation kept in its context.
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {
        let get = unsafeBitCast(get, to: (@Sendable () -> Value).self)
        let set = unsafeBitCast(set, to: (@Sendable (Value) -> Void).self)
        reading = { MainActor.assumeIsolated { UncheckedValue(get()) }.value }
        writing = { value in
            let carried = UncheckedValue(value)
            MainActor.assumeIsolated { set(carried.value) }
        }
    }

    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(reading: { value }, writing: { _ in })
    }

    public var wrappedValue: Value {
        get { reading() }
        nonmutating set { writing(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let (reading, writing) = (reading, writing)
        return Binding<Subject>(
            reading: { reading()[keyPath: keyPath] },
            writing: { subject in
                var value = reading()
                value[keyPath: keyPath] = subject
                writing(value)
            })
    }
}

/// As Apple's: a binding of a sendable value may be sent (its accessors run on the main thread).
extension Binding: @unchecked Sendable where Value: Sendable {}

/// A value handed across the main actor's boundary inside the stand-in, whose bindings and
/// evaluation only ever run on the main thread (`MainActor.assumeIsolated` checks it).
struct UncheckedValue<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// Bindings to the properties of an `@Observable` object (Apple: `Bindable`).
@propertyWrapper @dynamicMemberLookup public struct Bindable<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }

    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(reading: { object[keyPath: keyPath] }, writing: { object[keyPath: keyPath] = $0 })
    }
}
