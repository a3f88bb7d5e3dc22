import AppFeatures
import AppUI
import Foundation
import SwiftUI

/// A device size the wireframes are drawn at: iPhone in portrait (compact width), iPad in
/// landscape (regular width).
enum Device: String, CaseIterable {
    case iphone, ipad
    /// An iPad held upright (issue 33 §2).
    case ipadPortrait = "ipad-portrait"
    /// The app in half of an iPad's landscape screen, beside another app: compact width.
    case ipadSplit = "ipad-split"
    /// An iPhone at the largest Dynamic Type size (accessibility 5).
    case iphoneLargeType = "iphone-large-type"

    var size: (width: Int, height: Int) {
        switch self {
        case .iphone, .iphoneLargeType: (390, 844)
        case .ipad: (1180, 820)
        case .ipadPortrait: (820, 1180)
        case .ipadSplit: (590, 820)
        }
    }

    var sizeClass: UserInterfaceSizeClass { self == .ipad || self == .ipadPortrait ? .regular : .compact }

    /// How much larger than at the default size text is drawn: accessibility 5 sets body text
    /// at 53 points against the default 17.
    var textScale: Double { self == .iphoneLargeType ? 53.0 / 17.0 : 1 }

    /// The devices every state is drawn on; the others draw each screen's state named in
    /// ``WireframeBook/statesOnEveryDevice``.
    static let everyState: [Device] = [.iphone, .ipad]
}

/// One screen state drawn on one device.
public struct Render {
    let screen: String
    let state: String
    let device: Device
    let nodes: [WireframeNode]
}

/// Every screen of the app in its states, and the checks of issue 14 §4 over what they drew.
@MainActor
public final class WireframeBook {
    public private(set) var renders: [Render] = []
    public private(set) var screens: [String] = []
    /// How each state was reached, to reach it again (the taps of ``tapEveryControl()``).
    private(set) var scenarios: [Scenario] = []

    public init() {}

    init(renders: [Render]) {
        self.renders = renders
        screens = renders.reduce(into: []) { if !$0.contains($1.screen) { $0.append($1.screen) } }
    }

    /// Draws `screen` in `state` on both devices: a fresh device, the page selected, every
    /// shown model loaded, then `drive` puts the models in the state.
    func render(
        _ screen: String, _ state: String, page: String? = nil, filled: Bool, signedIn: Bool = false,
        language: Language = .english, drive: @escaping @MainActor (ScreenModels) async throws -> Void
    ) async throws {
        let scenario = Scenario(
            screen: screen, state: state, page: page ?? screen, filled: filled, signedIn: signedIn, language: language,
            drive: drive)
        scenarios.append(scenario)
        let devices = Self.statesOnEveryDevice[screen] == state ? Device.allCases : Device.everyState
        for device in devices {
            let nodes = try await scenario.staged(on: device) { _, context, root in
                WireframePhotos.inline(context.evaluate(root))
            }
            keep(Render(screen: screen, state: state, device: device, nodes: nodes))
        }
    }

    /// Keeps a drawn state; its screen is listed when first drawn.
    func keep(_ render: Render) {
        if !screens.contains(render.screen) { screens.append(render.screen) }
        renders.append(render)
    }

    static func environment(_ device: Device) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.horizontalSizeClass = device.sizeClass
        environment.dynamicTypeSize = device.textScale > 1 ? .accessibility5 : .large
        environment.timeZone = SampleDevice.providers.timeZone
        return environment
    }

    /// The state of each screen drawn on every device, iPad upright and in Split View and the
    /// iPhone at the largest type included (issue 33 §2): the one that shows the most of it.
    static let statesOnEveryDevice: [String: String] = [
        "home": "filled", "trips": "filled", "spots": "filled", "media": "filled", "map": "chosen-point",
        "reports": "report", "formula": "built", "sync": "signed-in", "trash": "filled", "settings": "filled",
        "profiles": "filled", "about": "filled", "conditions": "offline", "trip-editor": "editing",
        "catch-editor": "editing", "catch-page": "filled", "trip": "filled", "media-viewer": "photo",
        "widgets": "trip-going-on",
    ]

    /// Writes the HTML of every render and the manifest.
    public func write(to folder: URL) throws {
        let maps = try WireframeMaps()
        for render in renders {
            let directory = folder.appendingPathComponent("html/\(render.device.rawValue)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let size = render.device.size
            let page = HTMLPage(
                title: "\(render.screen) — \(render.state)", width: size.width, height: size.height,
                textScale: render.device.textScale, nodes: render.nodes, maps: maps)
            try Data(page.html.utf8).write(
                to: directory.appendingPathComponent("\(render.screen)-\(render.state).html"))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(manifest).write(to: folder.appendingPathComponent("manifest.json"))
    }

    var manifest: ScreenManifest {
        ScreenManifest(
            devices: Device.allCases.map {
                ScreenManifest.DeviceSize(id: $0.rawValue, width: $0.size.width, height: $0.size.height)
            },
            screens: screens.map { screen in
                let drawn = renders.filter { $0.screen == screen }
                let section = AppScreens.ring.section(of: screen)?.id
                return ScreenManifest.Screen(
                    id: screen,
                    title: Catalog.shared.text(Self.titleKey[screen] ?? "page.\(screen)", .english),
                    ring: section.map { ScreenManifest.RingPlace(section: $0, page: screen) },
                    states: drawn.reduce(into: [String]()) { if !$0.contains($1.state) { $0.append($1.state) } },
                    controls: Self.controls(in: drawn.flatMap(\.nodes)))
            })
    }

    /// The title of the screens that are not ring pages.
    private static let titleKey = [
        "trip": "page.tripDetail", "trip-editor": "trips.newTitle", "catch-editor": "catches.title",
        "conditions": "conditions.title", "catch-page": "page.catch", "widgets": "glance.title",
    ]

    private static func controls(in nodes: [WireframeNode]) -> [ScreenManifest.Control] {
        let known = Dictionary(AppScreens.controls.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: [String: ScreenManifest.Control] = [:]
        for node in nodes.flatMap(\.allNodes) {
            guard let id = node.attributes["id"], seen[id] == nil else { continue }
            seen[id] = ScreenManifest.Control(
                id: id, kind: known[id]?.kind.rawValue ?? "unknown", label: node.attributes["accessibilityLabel"] ?? "",
                help: ScreenManifest.Help(
                    en: Catalog.shared.stored("help.\(id)", .english) ?? "",
                    ru: Catalog.shared.stored("help.\(id)", .russian) ?? ""),
                shortcut: node.attributes["shortcut"])
        }
        return seen.values.sorted { $0.id < $1.id }
    }

    /// Controls the app shows that no wireframe draws, each with the reason. Every other declared
    /// control must be drawn in some state, or it is a control no angler can reach.
    static let undrawnControls: [String: String] = [
        "home.searchSpecies":
            "the search field `.searchable` draws takes no modifier, so carries no id; its prompt is the label",
        "trips.search":
            "the search field `.searchable` draws takes no modifier, so carries no id; its prompt is the label",
        "catchEditor.speciesSearch":
            "the search field `.searchable` draws takes no modifier, so carries no id; its prompt is the label",
        "catchEditor.acceptPhotoTrip": "shown when a photo's time falls in a trip; no sample photo's time does",
        "mapPacks.download": "offered packs come from the angler's portal; the sample portal offers none",
        "media.download": "shown for a photo kept only on the portal; every sample photo is on the device",
        "mediaViewer.download": "shown for a photo kept only on the portal; every sample photo is on the device",
        "sync.restoreVersion": "shown for versions the portal set aside; the sample portal has set none aside",
        "keys.catchNow": "a keyboard shortcut (⌘N), listed by iPadOS while ⌘ is held; no screen draws it",
        "keys.findTrips": "a keyboard shortcut (⌘F), listed by iPadOS while ⌘ is held; no screen draws it",
    ]

    /// What breaks issue 14 §4's rules: a control without help in either language, a ring page
    /// never drawn (or drawn without a control of its own: no screen yet, or missing from the
    /// iPad's sidebar), a control declared but never drawn, a destructive control never drawn
    /// asking first.
    public func problems() -> [String] {
        var problems: [String] = []
        for screen in manifest.screens {
            for control in screen.controls where control.help.en.isEmpty || control.help.ru.isEmpty {
                problems.append("\(screen.id): control \(control.id) has no help in English and Russian")
            }
        }
        for screen in screens {
            let everywhere = Set(renders.filter { $0.screen == screen }.map(\.device))
            if everywhere != Set(Device.allCases) {
                problems.append(
                    "\(screen): no state drawn on every device (name one in statesOnEveryDevice): \(Set(Device.allCases).subtracting(everywhere).map(\.rawValue).sorted())"
                )
            }
        }
        for page in AppScreens.ring.sections.flatMap(\.pages).map(\.id) {
            let drawn = renders.filter { $0.screen == page }
            if drawn.isEmpty { problems.append("ring page \(page) was never drawn") }
            let frame = Set(
                NavigationRing.controls.map(\.id) + AppScreens.ring.sections.map { AppScreens.tab($0.id).id }
                    + [UndoOffer.undoControl.id])
            let own = drawn.flatMap { $0.nodes.flatMap(\.allNodes) }.compactMap { $0.attributes["id"] }
                .filter { !frame.contains($0) }
            if !drawn.isEmpty && own.isEmpty { problems.append("ring page \(page) has no screen of its own yet") }
        }
        let drawnIds = Set(renders.flatMap { $0.nodes.flatMap(\.allNodes) }.compactMap { $0.attributes["id"] })
        for control in AppScreens.controls where control.kind != .tab {
            let excused = Self.undrawnControls[control.id] != nil
            if !excused && !drawnIds.contains(control.id) {
                problems.append(
                    "control \(control.id) is declared but never drawn (no screen shows it in any state drawn)")
            }
            if excused && drawnIds.contains(control.id) {
                problems.append("control \(control.id) is drawn now: take it out of undrawnControls")
            }
        }
        let sidebar = Set(
            renders.filter { $0.device == .ipad }.flatMap { $0.nodes.flatMap(\.allNodes) }
                .filter { $0.kind == "tabSection" }.flatMap { $0.children.compactMap(\.text) })
        for page in AppScreens.ring.sections.flatMap(\.pages).map(\.id)
        where !sidebar.contains(Catalog.shared.text("page.\(page)", .english)) {
            problems.append("ring page \(page) is in no section of the iPad's sidebar")
        }
        let symbols = Set(
            renders.flatMap { $0.nodes.flatMap(\.allNodes) }.compactMap {
                $0.kind == "symbol" ? $0.text : $0.attributes["symbol"]
            })
        for symbol in symbols.sorted() where SymbolIcons.material[symbol] == nil {
            problems.append("symbol \(symbol) has no icon in the wireframes (SymbolIcons)")
        }
        let destructive = AppScreens.controls.filter(\.isDestructive)
        for screen in screens {
            let drawn = renders.filter { $0.screen == screen }.map { $0.nodes.flatMap(\.allNodes) }
            for control in destructive
            where drawn.contains(where: { $0.contains { $0.attributes["id"] == control.id } }) {
                let asked = drawn.contains { nodes in
                    control.safeguard == .undo
                        ? nodes.contains { $0.attributes["id"] == UndoOffer.undoControl.id }
                        : nodes.contains { $0.kind == "dialog" || $0.kind == "alert" }
                }
                if !asked {
                    problems.append("\(screen): destructive control \(control.id) is never drawn asking first")
                }
            }
        }
        return problems
    }
}

/// docs/screens/manifest.json: every screen, its place on the ring, the states drawn, and every
/// control with its help in both languages.
struct ScreenManifest: Encodable {
    struct Screen: Encodable {
        let id: String
        let title: String
        let ring: RingPlace?
        let states: [String]
        let controls: [Control]
    }
    struct RingPlace: Encodable {
        let section: String
        let page: String
    }
    struct Control: Encodable {
        let id: String
        let kind: String
        let label: String
        let help: Help
        /// Its keyboard shortcut, as iPadOS lists it while ⌘ is held (`⌘⌫`).
        let shortcut: String?
    }
    struct Help: Encodable {
        let en: String
        let ru: String
    }
    /// A device the pictures are drawn on: its folder under docs/screens and its screen in points.
    struct DeviceSize: Encodable {
        let id: String
        let width: Int
        let height: Int
    }
    let devices: [DeviceSize]
    let screens: [Screen]
}

/// Why the wireframes could not be drawn.
struct WireframeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
