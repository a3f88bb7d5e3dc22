import Foundation
import UIKit

/// A key into the app's localised strings (Apple: `LocalizedStringKey`). The app passes its own
/// catalogue's words as plain strings, so the stand-in keeps the key's text.
///
/// As Apple's, it interpolates only strings, numbers (with a `printf` specifier or without),
/// texts and images: `"\(flag)"` with a Bool, an enum, an optional or a substring does not
/// compile — say `String(describing:)` or `Text(verbatim:)` instead.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    let key: String
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.text }

    /// The pieces of an interpolated key (Apple: `LocalizedStringKey.StringInterpolation`).
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ string: String) { text += string }
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) { text += "\(value)" }
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {
            text += String(format: specifier, value._arg)
        }
        public mutating func appendInterpolation(_ text: Text) { self.text += text.content }
        public mutating func appendInterpolation(_ image: Image) { text += "[\(image.name)]" }
    }
}

/// A number a localised string can format (Apple: `_FormatSpecifiable`, SwiftUI's own).
public protocol _FormatSpecifiable: Equatable {
    associatedtype _Arg: CVarArg
    var _arg: _Arg { get }
    var _specifier: String { get }
}

extension Int: _FormatSpecifiable {
    public var _arg: Int64 { Int64(self) }
    public var _specifier: String { "%lld" }
}
extension Int8: _FormatSpecifiable {
    public var _arg: Int32 { Int32(self) }
    public var _specifier: String { "%d" }
}
extension Int16: _FormatSpecifiable {
    public var _arg: Int32 { Int32(self) }
    public var _specifier: String { "%d" }
}
extension Int32: _FormatSpecifiable {
    public var _arg: Int32 { self }
    public var _specifier: String { "%d" }
}
extension Int64: _FormatSpecifiable {
    public var _arg: Int64 { self }
    public var _specifier: String { "%lld" }
}
extension UInt: _FormatSpecifiable {
    public var _arg: UInt64 { UInt64(self) }
    public var _specifier: String { "%llu" }
}
extension UInt8: _FormatSpecifiable {
    public var _arg: UInt32 { UInt32(self) }
    public var _specifier: String { "%u" }
}
extension UInt16: _FormatSpecifiable {
    public var _arg: UInt32 { UInt32(self) }
    public var _specifier: String { "%u" }
}
extension UInt32: _FormatSpecifiable {
    public var _arg: UInt32 { self }
    public var _specifier: String { "%u" }
}
extension UInt64: _FormatSpecifiable {
    public var _arg: UInt64 { self }
    public var _specifier: String { "%llu" }
}
extension Float: _FormatSpecifiable {
    public var _arg: Float { self }
    public var _specifier: String { "%f" }
}
extension Double: _FormatSpecifiable {
    public var _arg: Double { self }
    public var _specifier: String { "%lf" }
}

/// Words on the screen (Apple: `Text`).
nonisolated public struct Text: View, _WireframePrimitive, Equatable, Sendable {
    public typealias Body = Never
    let content: String
    var font: Font?

    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) {
        content = key.key
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public init(verbatim content: String) { self.content = content }

    public static func == (a: Text, b: Text) -> Bool { a.content == b.content && a.font == b.font }

    public func font(_ font: Font?) -> Text {
        var text = self
        text.font = font
        return text
    }

    public func bold() -> Text { font(.headline) }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("text", text: content, attributes: font.map { ["font": $0.name] } ?? [:])]
    }
}

/// A picture; the stand-in knows system symbols by name, and a photo by the file it was read
/// from, which the wireframe draws (Apple: `Image`).
nonisolated public struct Image: View, _WireframePrimitive, Equatable, Sendable {
    public typealias Body = Never
    let name: String
    /// The file of a `UIImage` the picture shows; nil for a symbol.
    let file: String?
    public init(systemName: String) {
        name = systemName
        file = nil
    }
    public init(_ name: String, bundle: Bundle? = nil) {
        self.name = name
        file = nil
    }
    @MainActor public init(uiImage: UIImage) {
        name = "photo"
        file = uiImage._wireframeFile
    }

    /// How a resized picture fills its frame (Apple: `Image.ResizingMode`).
    public enum ResizingMode: Sendable, Hashable {
        case tile, stretch
    }

    /// The picture scaled to its frame rather than drawn at its own size.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        self
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        guard let file else { return [WireframeNode("symbol", text: name)] }
        return [WireframeNode("photo", attributes: ["file": file])]
    }
}

/// A title with an icon (Apple: `Label`).
nonisolated public struct Label<Title: View, Icon: View>: View, _WireframePrimitive {
    /// Apple's Label has a body (an opaque view, as its style draws it); the wireframe draws the
    /// label itself (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let title: Title
    let icon: Icon
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("label", children: context.evaluate(icon) + context.evaluate(title))]
    }
}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}

/// A text style (Apple: `Font`); the wireframe shows its name.
public struct Font: Hashable, Sendable {
    let name: String
    public static let largeTitle = Font(name: "largeTitle")
    public static let title = Font(name: "title")
    public static let title2 = Font(name: "title2")
    public static let title3 = Font(name: "title3")
    public static let headline = Font(name: "headline")
    public static let subheadline = Font(name: "subheadline")
    public static let body = Font(name: "body")
    public static let callout = Font(name: "callout")
    public static let footnote = Font(name: "footnote")
    public static let caption = Font(name: "caption")
    public static let caption2 = Font(name: "caption2")
}

/// A colour or style to fill text and shapes with (Apple: `ShapeStyle`).
public protocol ShapeStyle: Sendable {}

/// A style with a name the wireframes colour by. Not Apple API: the app's sources never name it.
public protocol _WireframeNamedStyle {
    var _wireframeName: String { get }
}

/// A colour (Apple: `Color`).
nonisolated public struct Color: ShapeStyle, Hashable, View, _WireframePrimitive {
    public typealias Body = Never
    let name: String
    public static let red = Color(name: "red")
    public static let orange = Color(name: "orange")
    public static let green = Color(name: "green")
    public static let blue = Color(name: "blue")
    public static let black = Color(name: "black")
    public static let white = Color(name: "white")
    public static let secondary = Color(name: "secondary")
    public static let accentColor = Color(name: "accent")
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("swatch", text: name)]
    }
}

/// The primary, secondary… levels of the foreground (Apple: `HierarchicalShapeStyle`).
public struct HierarchicalShapeStyle: ShapeStyle {
    let name: String
    public static let primary = HierarchicalShapeStyle(name: "primary")
    public static let secondary = HierarchicalShapeStyle(name: "secondary")
    public static let tertiary = HierarchicalShapeStyle(name: "tertiary")
    public static let quaternary = HierarchicalShapeStyle(name: "quaternary")
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var green: Color { .green }
    public static var black: Color { .black }
}

extension View {
    nonisolated public func font(_ font: Font?) -> some View {
        attribute("font", font?.name ?? "body")
    }

    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        attribute("style", (style as? any _WireframeNamedStyle)?._wireframeName ?? "\(style)")
    }

    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> some View
    {
        attribute("background", (style as? any _WireframeNamedStyle)?._wireframeName ?? "\(style)")
    }
}

extension Color: _WireframeNamedStyle {
    public var _wireframeName: String { name }
}

extension HierarchicalShapeStyle: _WireframeNamedStyle {
    public var _wireframeName: String { name }
}
