import Foundation

/// Tabs grouped under a title: a group of the sidebar on iPad (Apple: `TabSection`, iOS 18).
nonisolated public struct TabSection<Header: View, Content: TabContent, Footer: View, SelectionValue: Hashable>:
    TabContent
where SelectionValue == Content.TabValue {
    public typealias TabValue = SelectionValue
    /// Apple's has a body of SwiftUI's own; the tab view reads the section's tabs itself.
    public var body: some TabContent<SelectionValue> { FrameworkTabContent<SelectionValue>() }
    let title: String
    let content: Content

    public init<S: StringProtocol>(_ title: S, @TabContentBuilder<SelectionValue> content: () -> Content)
    where Header == Text, Footer == EmptyView {
        self.title = String(title)
        self.content = content()
    }
}

/// A section's title and tabs, for the wireframe.
protocol AnyTabSection {
    var title: String { get }
    var tabs: Any { get }
}

extension TabSection: AnyTabSection {
    var tabs: Any { content }
}

/// Where a tab of a sidebar-adaptable tab view can show (Apple: `AdaptableTabBarPlacement`).
public struct AdaptableTabBarPlacement: Hashable {
    let name: String
    /// Wherever the style puts it.
    public static var automatic: AdaptableTabBarPlacement { AdaptableTabBarPlacement(name: "automatic") }
    /// The tab bar (iPhone, and iPad with the sidebar hidden).
    public static var tabBar: AdaptableTabBarPlacement { AdaptableTabBarPlacement(name: "tabBar") }
    /// The sidebar (iPad).
    public static var sidebar: AdaptableTabBarPlacement { AdaptableTabBarPlacement(name: "sidebar") }
}

/// Where a sidebar-adaptable tab view on iPad shows its tabs when the app opens (not Apple API:
/// the wireframe's environment entry behind `defaultAdaptableTabBarPlacement(_:)`).
struct DefaultAdaptableTabBarPlacementKey: EnvironmentKey {
    static var defaultValue: AdaptableTabBarPlacement { .automatic }
}

extension View {
    /// The placement a sidebar-adaptable tab view takes at launch on iPad (Apple:
    /// `defaultAdaptableTabBarPlacement(_:)`, iOS 18); the angler may switch it after.
    nonisolated public func defaultAdaptableTabBarPlacement(_ defaultPlacement: AdaptableTabBarPlacement = .automatic)
        -> some View
    {
        ModifiedView(content: self) { context, content in
            context.evaluate(content) { $0[DefaultAdaptableTabBarPlacementKey.self] = defaultPlacement }
        }
    }
}

/// Tab content with a tab-view modifier applied (not Apple API: Apple's modifiers return opaque
/// tab content); the tab view reads the modifier when it draws the tabs.
nonisolated struct ModifiedTabContent<Base: TabContent>: TabContent {
    typealias TabValue = Base.TabValue
    var body: FrameworkTabContent<Base.TabValue> { return FrameworkTabContent() }
    let base: Base
    /// Where the content starts hidden (`defaultVisibility(.hidden, for:)`).
    var hiddenIn: Set<AdaptableTabBarPlacement> = []
    /// Hidden everywhere (`hidden(_:)`).
    var hidden = false
    var customizationID: String?
}

/// Modified tab content's parts, for the wireframe.
protocol AnyModifiedTabContent {
    var tabs: Any { get }
    var hiddenIn: Set<AdaptableTabBarPlacement> { get }
    var hidden: Bool { get }
}

extension ModifiedTabContent: AnyModifiedTabContent {
    var tabs: Any { base }
}

extension TabContent {
    /// Whether the content shows in the placements by default; the angler may change it where
    /// the tab view is customizable (Apple: `defaultVisibility(_:for:)`, iOS 18).
    nonisolated public func defaultVisibility(_ visibility: Visibility, for placements: AdaptableTabBarPlacement...)
        -> some TabContent<Self.TabValue>
    {
        var modified = ModifiedTabContent(base: self)
        if visibility == .hidden { modified.hiddenIn = Set(placements) }
        return modified
    }

    /// Hides the content from every placement (Apple: `hidden(_:)` on `TabContent`, iOS 18).
    nonisolated public func hidden(_ hidden: Bool = true) -> some TabContent<Self.TabValue> {
        ModifiedTabContent(base: self, hidden: hidden)
    }

    /// The id by which the angler's customization keeps the tab or section (Apple:
    /// `customizationID(_:)`, iOS 18).
    nonisolated public func customizationID(_ id: String) -> some TabContent<Self.TabValue> {
        ModifiedTabContent(base: self, customizationID: id)
    }
}

/// The order and visibility an angler chose for the sidebar's tabs and sections (Apple:
/// `TabViewCustomization`, iOS 18).
public struct TabViewCustomization {
    public init() {}
}

extension View {
    /// Lets the angler reorder and hide the sidebar's tabs, kept in `customization` (Apple:
    /// `tabViewCustomization(_:)`, iOS 18).
    nonisolated public func tabViewCustomization(_ customization: Binding<TabViewCustomization>?) -> some View {
        attribute("tabViewCustomization", customization == nil ? "off" : "on")
    }
}

/// A value kept in the user defaults and read again at the next launch (Apple: `AppStorage`);
/// here only the form that keeps a tab view's customization, kept as a view's state is (the
/// wireframes draw one launch).
@propertyWrapper public struct AppStorage<Value>: DynamicProperty {
    private let state: State<Value>

    public init(wrappedValue: Value = TabViewCustomization(), _ key: String, store: UserDefaults? = nil)
    where Value == TabViewCustomization {
        state = State(wrappedValue: wrappedValue)
    }

    public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set { state.wrappedValue = newValue }
    }

    public var projectedValue: Binding<Value> { state.projectedValue }
}
