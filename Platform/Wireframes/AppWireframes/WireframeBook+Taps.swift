import AppFeatures
import AppUI
import Foundation
import SwiftUI

/// How one screen state is reached: which screen and page, on what sample device, in which
/// language, and what the angler did (`drive`).
struct Scenario {
    let screen: String
    let state: String
    let page: String
    let filled: Bool
    let signedIn: Bool
    let language: Language
    let drive: @MainActor (ScreenModels) async throws -> Void

    /// `screen-state`, as its pictures are named.
    var name: String { "\(screen)-\(state)" }

    /// Puts a fresh sample device in this state on `device` and hands `look` its models, a
    /// context for the device and the app's root view; the device is removed afterwards.
    @MainActor
    func staged<T>(
        on device: Device, _ look: @MainActor (ScreenModels, WireframeContext, AppRootView) async throws -> T
    ) async throws -> T {
        let sample = try await SampleDevice(filled: filled, signedIn: signedIn)
        defer { sample.remove() }
        let models = try await sample.models(language: language)
        try await models.loadAll()
        models.router.select(page: page)
        try await drive(models)
        defer {
            models.camera.request.dismiss()
            models.library.request.dismiss()
        }
        return try await look(models, WireframeBook.context(device), AppRootView(models: models))
    }
}

extension WireframeBook {
    /// A fresh evaluation context for `device`.
    static func context(_ device: Device) -> WireframeContext {
        WireframeContext(
            environment: environment(device), canvasSize: CGSize(width: device.size.width, height: device.size.height))
    }

    /// Controls whose tap shows nothing new in the wireframes for a reason of the platform, not a
    /// defect, each with that reason. Everything else must change what is drawn.
    static let quietTaps: [String: String] = [
        "profiles.unlock":
            "opens the chosen angler's diary: the app's window (AppLaunchView) replaces the whole app, which the wireframes draw from AppRootView",
        "conditions.refresh":
            "asks the weather service again; offline, it computes the same sky and field and misses the same fetch, as the state drawn already says",
        "mapKeys.check":
            "asks the provider again; the wireframes have no network, so it says again the 'not reached' the save's check said",
    ]

    /// Taps every button the wireframes draw (issue 30 §1): on the iPhone, on a fresh device put
    /// in a state that draws it enabled, trying the states in order (at most ``statesTried``)
    /// until a tap changes what is drawn. Returns one problem for each control no tap changed —
    /// a control that does nothing — and for each that opens a screen its tap did not show, by
    /// its bar's title or a section headed so (issue 33 §3: help that promises a screen the
    /// control does not lead to).
    public func tapEveryControl() async throws -> [String] {
        var quiet: [String: [String]] = [:]
        var alive = Set<String>()
        var misled: [String] = []
        let opens = Dictionary(
            AppScreens.controls.compactMap { control in control.opens.map { (control.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        for scenario in scenarios {
            guard let drawn = renders.first(where: { $0.screen == scenario.screen && $0.state == scenario.state })
            else { continue }
            for node in drawn.nodes.flatMap(\.allNodes) where node.kind == "button" {
                guard let id = node.attributes["id"], node.attributes["tap"] != nil,
                    node.attributes["disabled"] != "true", Self.quietTaps[id] == nil, !alive.contains(id),
                    quiet[id, default: []].count < Self.statesTried, !quiet[id, default: []].contains(scenario.name)
                else { continue }
                if let after = try await Self.tapChanges(id, in: scenario) {
                    alive.insert(id)
                    quiet[id] = nil
                    if let key = opens[id] {
                        let title = Catalog.shared.text(key, scenario.language)
                        let shown = after.flatMap(\.allNodes).contains { node in
                            node.kind == "bar" && node.text == title
                                || node.kind == "header" && node.allNodes.contains { $0.text == title }
                        }
                        if !shown {
                            misled.append("tapping \(id) in \(scenario.name) does not show “\(title)”, which it opens")
                        }
                    }
                } else {
                    quiet[id, default: []].append(scenario.name)
                }
            }
        }
        return quiet.sorted { $0.key < $1.key }.map { id, states in
            "tapping \(id) changes nothing drawn (tried in \(states.joined(separator: ", ")))"
        } + misled
    }

    /// How many states a quiet control is tried in before it is called dead.
    static let statesTried = 4

    /// What is drawn after tapping `id` in `scenario`, or nil when the tap changed nothing.
    static func tapChanges(_ id: String, in scenario: Scenario) async throws -> [WireframeNode]? {
        try await scenario.staged(on: .iphone) { models, context, root in
            let before = context.evaluate(root)
            guard
                let tap = before.flatMap(\.allNodes).first(where: { $0.attributes["id"] == id })?
                    .attributes["tap"].flatMap(Int.init)
            else { return before }
            context.tap(tap)
            return await settles(into: before) { Self.context(.iphone).evaluate(AppRootView(models: models)) }
        }
    }

    /// What `draw` draws once it comes to differ from `before`, within about a second while the
    /// tapped action's work (reads, writes, tasks) runs; nil when it never does.
    private static func settles(into before: [WireframeNode], draw: @MainActor () -> [WireframeNode]) async
        -> [WireframeNode]?
    {
        for _ in 0..<40 {
            for _ in 0..<20 { await Task.yield() }
            let drawn = draw()
            if drawn != before { return drawn }
            try? await Task.sleep(for: .milliseconds(25))
        }
        let drawn = draw()
        return drawn != before ? drawn : nil
    }
}
