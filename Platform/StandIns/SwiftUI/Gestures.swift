import Foundation

/// A recognised touch pattern (Apple: `Gesture`).
@MainActor @preconcurrency public protocol Gesture<Value> {
    associatedtype Value
}

/// A drag (Apple: `DragGesture`): its value is where it started and how far it went.
@MainActor @preconcurrency public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var startLocation: CGPoint
        public var location: CGPoint
        public var translation: CGSize
        public var predictedEndTranslation: CGSize
    }

    public var minimumDistance: CGFloat

    nonisolated public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
    }

    public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture { self }
    public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture { self }
}

/// A long press (Apple: `LongPressGesture`).
nonisolated public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
    }
    @MainActor public func onEnded(_ action: @escaping (Bool) -> Void) -> LongPressGesture { self }
}

/// A coordinate system to read a gesture's locations in (Apple: `CoordinateSpace`).
public enum CoordinateSpace: Sendable, Hashable {
    case global, local
}

/// Which gestures a view keeps when another is attached (Apple: `GestureMask`).
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let all = GestureMask(rawValue: 3)
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
}

extension View {
    nonisolated public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        attribute("gesture", "\(T.self)")
    }

    nonisolated public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all)
        -> some View
    {
        attribute("simultaneousGesture", "\(T.self)")
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
