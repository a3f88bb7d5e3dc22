import Foundation

/// A recognised touch pattern (Apple: `Gesture`). The framework's own gestures (`Body == Never`)
/// are primitive; a gesture of the app is made of others through its `body`.
@MainActor @preconcurrency public protocol Gesture<Value> {
    associatedtype Value
    associatedtype Body: Gesture
    @MainActor @preconcurrency var body: Self.Body { get }
}

/// Nothing: the body of the primitive gestures.
extension Never: Gesture {
    public typealias Value = Never
}

/// A drag (Apple: `DragGesture`): its value is where it started and how far it went.
@MainActor @preconcurrency public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var startLocation: CGPoint
        public var location: CGPoint
        public let translation: CGSize
        public let predictedEndTranslation: CGSize
    }

    public typealias Body = Never
    /// A primitive gesture has no body (Apple's is hidden from callers).
    public var body: Never { fatalError("DragGesture is a primitive gesture and has no body") }

    public var minimumDistance: CGFloat

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
    }
}

/// A long press (Apple: `LongPressGesture`).
nonisolated public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public typealias Body = Never
    /// A primitive gesture has no body (Apple's is hidden from callers).
    public var body: Never { fatalError("LongPressGesture is a primitive gesture and has no body") }
    public var minimumDuration: Double
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
    }
}

/// A gesture that runs an action each time its value changes (Apple: `_ChangedGesture`, what
/// `onChanged(_:)` returns).
nonisolated public struct _ChangedGesture<Content: Gesture>: Gesture where Content.Value: Equatable {
    public typealias Value = Content.Value
    public typealias Body = Never
    /// A primitive gesture has no body (Apple's is hidden from callers).
    public var body: Never { fatalError("_ChangedGesture is a primitive gesture and has no body") }
    let content: Content
    let action: (Content.Value) -> Void
}

/// A gesture that runs an action when it ends (Apple: `_EndedGesture`, what `onEnded(_:)` returns).
nonisolated public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    public typealias Body = Never
    /// A primitive gesture has no body (Apple's is hidden from callers).
    public var body: Never { fatalError("_EndedGesture is a primitive gesture and has no body") }
    let content: Content
    let action: (Content.Value) -> Void
}

extension Gesture where Value: Equatable {
    nonisolated public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
        _ChangedGesture(content: self, action: action)
    }
}

extension Gesture {
    nonisolated public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(content: self, action: action)
    }
}

/// A gesture an action was attached to, for the wireframe: the name of the gesture inside.
protocol _WireframeWrappedGesture {
    var innerName: String { get }
}

extension _ChangedGesture: _WireframeWrappedGesture {
    var innerName: String { gestureName(content) }
}

extension _EndedGesture: _WireframeWrappedGesture {
    var innerName: String { gestureName(content) }
}

/// The name the wireframe records for a gesture: the framework's gesture under any actions.
func gestureName<T: Gesture>(_ gesture: T) -> String {
    (gesture as? any _WireframeWrappedGesture)?.innerName ?? "\(T.self)"
}

/// A coordinate system to read a gesture's locations in (Apple: `CoordinateSpace`).
public enum CoordinateSpace: Hashable {
    case global, local
    case named(AnyHashable)
}

/// Which gestures a view keeps when another is attached (Apple: `GestureMask`).
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let all = GestureMask(rawValue: 3)
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
}

extension View {
    nonisolated public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        attribute("gesture", gestureName(gesture))
    }

    nonisolated public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all)
        -> some View
    {
        attribute("simultaneousGesture", gestureName(gesture))
    }

    nonisolated public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> some View {
        attribute("longPress", "true")
    }

    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        attribute("tap", "true")
    }

    nonisolated public func onTapGesture(
        count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void
    ) -> some View {
        attribute("tap", "location")
    }
}
