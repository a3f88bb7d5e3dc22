import Foundation
import UIKit

/// What a button does to the data it acts on (Apple: `ButtonRole`).
public struct ButtonRole: Equatable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

/// A control that acts when tapped (Apple: `Button`).
nonisolated public struct Button<Label: View>: View, _WireframePrimitive {
    /// Apple's Button has a body (an opaque view); the wireframe draws the Button itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let role: ButtonRole?
    let action: @MainActor () -> Void
    let label: Label

    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    @preconcurrency public init(
        role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) {
        self.role = role
        self.action = action
        self.label = label()
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        var attributes = role.map { ["role": $0.name] } ?? [:]
        attributes["tap"] = String(context.register(action))
        return [context.node("button", attributes: attributes, of: label)]
    }
}

/// A control that opens an address in the browser (Apple: `Link`).
nonisolated public struct Link<Label: View>: View, _WireframePrimitive {
    /// Apple's Link has a body (an opaque view); the wireframe draws the Link itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let destination: URL
    let label: Label

    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("link", attributes: ["destination": destination.absoluteString], of: label)]
    }
}

extension Link where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}

extension Button where Label == Text {
    @preconcurrency public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }
    @_disfavoredOverload @preconcurrency public init<S: StringProtocol>(
        _ title: S, action: @escaping @MainActor () -> Void
    ) {
        self.init(action: action) { Text(title) }
    }
    @preconcurrency public init(
        _ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { Text(titleKey) }
    }
    @_disfavoredOverload @preconcurrency public init<S: StringProtocol>(
        _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    @preconcurrency public init(
        _ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void
    ) {
        self.init(action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }
    @_disfavoredOverload @preconcurrency public init<S: StringProtocol>(
        _ title: S, systemImage: String, action: @escaping @MainActor () -> Void
    ) {
        self.init(action: action) { SwiftUI.Label(title, systemImage: systemImage) }
    }
    @preconcurrency public init(
        _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?,
        action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }
    @_disfavoredOverload @preconcurrency public init<S: StringProtocol>(
        _ title: S, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { SwiftUI.Label(title, systemImage: systemImage) }
    }
}

/// A one-line text entry (Apple: `TextField`).
nonisolated public struct TextField<Label: View>: View, _WireframePrimitive {
    /// Apple's TextField has a body (an opaque view); the wireframe draws the TextField itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let text: Binding<String>
    let label: Label
    let kind: String

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.field(text.wrappedValue, entry: kind, label: label)]
    }
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text, label: Text(titleKey), kind: "text")
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, label: Text(title), kind: "text")
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(text: text, label: Text(titleKey), kind: axis == .vertical ? "multiline" : "text")
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(text: text, label: Text(title), kind: axis == .vertical ? "multiline" : "text")
    }
}

/// A text entry whose characters are hidden (Apple: `SecureField`).
nonisolated public struct SecureField<Label: View>: View, _WireframePrimitive {
    /// Apple's SecureField has a body (an opaque view); the wireframe draws the SecureField itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let text: Binding<String>
    let label: Label
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.field(String(repeating: "•", count: text.wrappedValue.count), entry: "secure", label: label)]
    }
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text, label: Text(titleKey))
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, label: Text(title))
    }
}

/// The direction of a layout or a text field's growth (Apple: `Axis`).
public enum Axis: Sendable, Hashable {
    case horizontal, vertical
}

/// An on/off switch (Apple: `Toggle`).
nonisolated public struct Toggle<Label: View>: View, _WireframePrimitive {
    /// Apple's Toggle has a body (an opaque view); the wireframe draws the Toggle itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let isOn: Binding<Bool>
    let label: Label
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("toggle", attributes: ["on": isOn.wrappedValue ? "true" : "false"], of: label)]
    }
}

extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(titleKey) } }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// A choice of one value among tagged views (Apple: `Picker`).
nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, _WireframePrimitive {
    /// Apple's Picker has a body (an opaque view); the wireframe draws the Picker itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    public init(
        selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label
    ) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        let chosen = "\(selection.wrappedValue)"
        let options = context.evaluate(content).map { option -> WireframeNode in
            var option = option
            if option.attributes["tag"] == chosen { option.attributes["selected"] = "true" }
            return option
        }
        return [
            WireframeNode(
                "picker", attributes: ["selection": chosen],
                children: [WireframeNode("caption", children: context.evaluate(label))] + options)
        ]
    }
}

extension Picker where Label == Text {
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// Progress towards a total (Apple: `ProgressView`).
nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: View, _WireframePrimitive {
    /// Apple's ProgressView has a body (an opaque view); the wireframe draws the ProgressView itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let fraction: Double?
    let label: Label
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [
            context.node(
                "progress", attributes: fraction.map { ["fraction": String(format: "%.2f", $0)] } ?? [:], of: label)
        ]
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() { self.init(fraction: nil, label: EmptyView()) }
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(fraction: value.map { Double($0 / total) }, label: EmptyView())
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// Work under way of unknown length, with what it is.
    public init(_ titleKey: LocalizedStringKey) { self.init(fraction: nil, label: Text(titleKey)) }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S) { self.init(fraction: nil, label: Text(title)) }
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        self.init(fraction: value.map { Double($0 / total) }, label: Text(titleKey))
    }
    @_disfavoredOverload public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(fraction: value.map { Double($0 / total) }, label: Text(title))
    }
}

/// What a screen shows when it has nothing to show (Apple: `ContentUnavailableView`).
nonisolated public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    /// Apple's ContentUnavailableView has a body (an opaque view); the wireframe draws the view
    /// itself (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let label: Label
    let description: Description
    let actions: Actions

    public init(
        @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }
}

extension ContentUnavailableView: _WireframePrimitive {
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [
            WireframeNode(
                "unavailable",
                children: context.evaluate(label) + context.evaluate(description) + context.evaluate(actions))
        ]
    }
}

extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { SwiftUI.Label(titleKey, systemImage: name) }, description: { description })
    }
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, systemImage name: String, description: Text? = nil
    ) {
        self.init(label: { SwiftUI.Label(title, systemImage: name) }, description: { description })
    }
}

/// Which parts of a date a picker edits (Apple: `DatePickerComponents`).
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let hourAndMinute = DatePickerComponents(rawValue: 1)
    public static let date = DatePickerComponents(rawValue: 2)
}

/// A date and time entry (Apple: `DatePicker`); the wireframe shows the value in UTC.
nonisolated public struct DatePicker<Label: View>: View, _WireframePrimitive {
    /// Apple's DatePicker has a body (an opaque view); the wireframe draws the DatePicker itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let selection: Binding<Date>
    let label: Label

    /// Drawn as a form's row draws it: the label, then the date and time in the environment's
    /// time zone ("1 Jun 2026, 13:33").
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = context.environment.timeZone
        formatter.dateFormat = "d MMM yyyy, HH:mm"
        let text = formatter.string(from: selection.wrappedValue)
        return [
            WireframeNode(
                "picker", attributes: ["entry": "date"],
                children: [
                    WireframeNode("caption", children: context.evaluate(label)),
                    WireframeNode("text", text: text, attributes: ["selected": "true"]),
                ])
        ]
    }
}

extension DatePicker where Label == Text {
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, label: Text(titleKey))
    }
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, label: Text(title))
    }
}

extension WireframeContext {
    /// A text entry as iOS draws it: what was typed, or its label as the placeholder while empty.
    func field(_ value: String, entry: String, label: some View) -> WireframeNode {
        value.isEmpty
            ? node("field", attributes: ["entry": entry], of: label)
            : WireframeNode("field", text: value, attributes: ["entry": entry])
    }
}

/// A form row: a label, and its content on the trailing side (Apple: `LabeledContent`).
nonisolated public struct LabeledContent<Label: View, Content: View>: View, _WireframePrimitive {
    /// Apple's LabeledContent has a body (an opaque view); the wireframe draws the LabeledContent itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let label: Label
    let content: Content

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [
            WireframeNode(
                "stack", attributes: ["axis": "horizontal", "row": "labeled"],
                children: context.evaluate(label) + [WireframeNode("spacer")] + context.evaluate(content))
        ]
    }
}

extension LabeledContent where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(label: Text(titleKey), content: content())
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(label: Text(title), content: content())
    }
}

/// How lines of text line up (Apple: `TextAlignment`).
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

extension View {
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        attribute("textAlignment", "\(alignment)")
    }
}

extension View {
    /// The keyboard a text entry shows (Apple: `View.keyboardType(_:)`, iOS).
    nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View {
        attribute("keyboard", "\(type)")
    }
}
