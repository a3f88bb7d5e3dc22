/// A value that follows where keyboard focus is (Apple: `FocusState`). The stand-in keeps it in a
/// box made with the view, as `State` does: no focus moves on Linux, so the value is what the
/// view (or a test driving it) last set.
@propertyWrapper public struct FocusState<Value: Hashable>: DynamicProperty {
    private let box: FocusBox<Value>

    /// Focus held or not, starting without it.
    public init() where Value == Bool { box = FocusBox(false) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: FocusState<Value>.Binding { Binding(box: box) }

    /// Read and write access to a focus state owned elsewhere (Apple: `FocusState.Binding`), what
    /// `focused(_:)` takes.
    @propertyWrapper public struct Binding {
        fileprivate let box: FocusBox<Value>

        public var wrappedValue: Value {
            get { box.value }
            nonmutating set { box.value = newValue }
        }
    }
}

private final class FocusBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension View {
    /// Ties the view's focus to `condition`; the wireframe marks the view `focused` while it is
    /// true.
    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        decorated { if condition.wrappedValue { $0.attributes["focused"] = "true" } }
    }
}
