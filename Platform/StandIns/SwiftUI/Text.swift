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
    /// A date the text shows in a style, drawn when the wireframe is evaluated (the reference time
    /// is the environment's).
    var dated: DatedText?

    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) {
        content = key.key
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public init(verbatim content: String) { self.content = content }

    public init(_ date: Date, style: Text.DateStyle) {
        let dated = DatedText(date: date, style: style.name)
        content = dated.text(now: nil, timeZone: TimeZone(secondsFromGMT: 0)!)
        self.dated = dated
    }

    public static func == (a: Text, b: Text) -> Bool {
        a.content == b.content && a.font == b.font && a.dated == b.dated
    }

    /// How a date is shown: its time, its day, or its distance from now (Apple: `Text.DateStyle`).
    public struct DateStyle {
        let name: String
        public static var time: DateStyle { DateStyle(name: "time") }
        public static var date: DateStyle { DateStyle(name: "date") }
        public static var relative: DateStyle { DateStyle(name: "relative") }
        public static var offset: DateStyle { DateStyle(name: "offset") }
        public static var timer: DateStyle { DateStyle(name: "timer") }
    }

    public func font(_ font: Font?) -> Text {
        var text = self
        text.font = font
        return text
    }

    public func bold() -> Text { font(.headline) }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        var attributes = font.map { ["font": $0.name] } ?? [:]
        guard let dated else { return [WireframeNode("text", text: content, attributes: attributes)] }
        attributes["dateStyle"] = dated.style
        let text = dated.text(now: context.environment._wireframeNow, timeZone: context.environment.timeZone)
        return [WireframeNode("text", text: text, attributes: attributes)]
    }
}

/// A date a `Text` shows in a style, as the wireframe draws it at a reference time: `time` as
/// "13:05", `date` as "1 Jun 2026" (in the environment's time zone), `timer` as the time elapsed
/// or left ("1:05:09", "4:07"), `relative` as "2 hr, 10 min", `offset` as "+2 hr". Without a
/// reference time every style draws as `time`.
struct DatedText: Equatable, Sendable {
    let date: Date
    let style: String

    func text(now: Date?, timeZone: TimeZone) -> String {
        guard let now, style != "time", style != "date" else { return formatted(timeZone: timeZone) }
        let seconds = Int(date.timeIntervalSince(now).rounded())
        let distance = abs(seconds)
        switch style {
        case "timer":
            let (hours, minutes, rest) = (distance / 3600, distance % 3600 / 60, distance % 60)
            return hours > 0
                ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
        case "offset":
            return (seconds < 0 ? "-" : "+") + Self.largestUnit(distance)
        default:
            return Self.twoUnits(distance)
        }
    }

    private func formatted(timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = style == "date" ? "d MMM yyyy" : "HH:mm"
        return formatter.string(from: date)
    }

    private static let units: [(seconds: Int, name: String)] = [
        (86_400, "day"), (3600, "hr"), (60, "min"), (1, "sec"),
    ]

    private static func count(_ value: Int, _ unit: String) -> String {
        unit == "day" && value != 1 ? "\(value) days" : "\(value) \(unit)"
    }

    /// "2 hr": the largest unit the distance reaches.
    private static func largestUnit(_ distance: Int) -> String {
        let unit = units.first { distance >= $0.seconds } ?? units[units.count - 1]
        return count(distance / unit.seconds, unit.name)
    }

    /// "2 hr, 10 min": the largest unit and the next, the second left out when it is zero.
    private static func twoUnits(_ distance: Int) -> String {
        guard let index = units.firstIndex(where: { distance >= $0.seconds }) else { return "0 sec" }
        let unit = units[index]
        let first = count(distance / unit.seconds, unit.name)
        guard index + 1 < units.count else { return first }
        let next = units[index + 1]
        let second = distance % unit.seconds / next.seconds
        return second == 0 ? first : first + ", " + count(second, next.name)
    }
}

extension EnvironmentValues {
    /// The moment the wireframe is drawn at, from which `Text(_:style:)` measures `relative`,
    /// `offset` and `timer` dates; nil draws them as times. Not Apple API: the wireframe book sets it.
    public var _wireframeNow: Date? {
        get { self[WireframeNowKey.self] }
        set { self[WireframeNowKey.self] = newValue }
    }
}

private struct WireframeNowKey: EnvironmentKey {
    static var defaultValue: Date? { nil }
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

/// The translucent fills for shapes set on a background (Apple: `FillShapeStyle`).
public struct FillShapeStyle: ShapeStyle {
    public init() {}
}

extension ShapeStyle where Self == FillShapeStyle {
    public static var fill: FillShapeStyle { FillShapeStyle() }
}

extension ShapeStyle {
    /// The third level of this style, such as `.fill.tertiary`.
    public var tertiary: some ShapeStyle { LeveledShapeStyle(base: self, level: "tertiary") }
}

/// One level of another style, named after both ("fill.tertiary").
struct LeveledShapeStyle<Base: ShapeStyle>: ShapeStyle, _WireframeNamedStyle {
    let base: Base
    let level: String
    var _wireframeName: String { "\(styleName(base)).\(level)" }
}

/// The name the wireframes give a style.
func styleName(_ style: some ShapeStyle) -> String {
    (style as? any _WireframeNamedStyle)?._wireframeName ?? "\(style)"
}

extension FillShapeStyle: _WireframeNamedStyle {
    public var _wireframeName: String { "fill" }
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
