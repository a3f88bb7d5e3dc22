import AppFeatures
import SwiftUI
import Testing

@testable import AppUI
@testable import AppWireframes

/// The stand-in SwiftUI evaluates views as SwiftUI would lay them out (issue 14 §4): builders,
/// state, environment, stacks of screens, tabs by width, presentations only when presented.
@Suite("Stand-in SwiftUI: evaluating views into wireframes")
@MainActor
struct StandInTests {
    @Observable
    final class Counter {
        var count = 2
    }

    struct Sample: View {
        @Environment(Counter.self) var counter
        @Environment(\.horizontalSizeClass) var width
        @State private var flag = true
        let names: [String]

        var body: some View {
            VStack {
                if flag { Text("on") } else { Text("off") }
                ForEach(names, id: \.self) { Text($0) }
                Text("count \(counter.count)")
                Text(width == .regular ? "wide" : "narrow")
                Button("Go") {}.disabled(counter.count > 1).accessibilityIdentifier("go")
            }
            .confirmationDialog("Sure?", isPresented: .constant(counter.count > 5)) { Button("Yes") {} }
        }
    }

    func texts(_ nodes: [WireframeNode]) -> [String] {
        nodes.flatMap(\.allNodes).filter { $0.kind == "text" }.compactMap(\.text)
    }

    @Test(
        "Given a view with if, ForEach, state and environment, when evaluated, then the nodes follow what its body says"
    )
    func buildersStateAndEnvironment() {
        let counter = Counter()
        var environment = EnvironmentValues()
        environment._wireframeInsert(counter)
        environment.horizontalSizeClass = .regular
        let nodes = WireframeContext(environment: environment).evaluate(Sample(names: ["pike", "perch"]))
        #expect(texts(nodes) == ["on", "pike", "perch", "count 2", "wide", "Go"])
        let button = nodes.flatMap(\.allNodes).first { $0.attributes["id"] == "go" }
        #expect(button?.kind == "button" && button?.attributes["disabled"] == "true")
        #expect(!nodes.flatMap(\.allNodes).contains { $0.kind == "dialog" }, "not presented")
        counter.count = 9
        let presented = WireframeContext(environment: environment).evaluate(Sample(names: []))
        #expect(presented.flatMap(\.allNodes).contains { $0.kind == "dialog" && $0.text == "Sure?" })
    }

    struct Stack: View {
        @State var path: [Int]
        var body: some View {
            NavigationStack(path: $path) {
                Text("root").navigationTitle("Root")
                    .navigationDestination(for: Int.self) { Text("screen \($0)").navigationTitle("Pushed \($0)") }
            }
        }
    }

    @Test(
        "Given a navigation stack with a pushed value, when evaluated, then its destination shows under a bar with Back"
    )
    func stacks() {
        let root = WireframeContext().evaluate(Stack(path: []))
        #expect(texts(root) == ["root"])
        #expect(root.first?.children.first?.text == "Root")
        let pushed = WireframeContext().evaluate(Stack(path: [1, 7]))
        #expect(texts(pushed) == ["screen 7"])
        #expect(pushed.first?.children.first?.text == "Pushed 7")
        #expect(pushed.first?.children.first?.attributes["back"] == "true")
    }
}

/// Tapping what was drawn, and bars that belong to their own screens (issue 30 §1).
@Suite("Stand-in SwiftUI: taps and bars")
@MainActor
struct StandInTapTests {
    @Observable
    final class Flag {
        var on = false
    }

    struct Toggler: View {
        let flag: Flag
        var body: some View {
            VStack {
                Text(flag.on ? "on" : "off")
                Button("Switch") { flag.on.toggle() }
            }
        }
    }

    @Test("Given a drawn button, when the node's tap is used, then its action runs and the next drawing shows it")
    func tapsRunActions() throws {
        let flag = Flag()
        let context = WireframeContext()
        let before = context.evaluate(Toggler(flag: flag))
        let tap = try #require(before.flatMap(\.allNodes).first { $0.kind == "button" }?.attributes["tap"])
        context.tap(try #require(Int(tap)))
        #expect(flag.on)
        #expect(WireframeContext().evaluate(Toggler(flag: flag)) != before)
    }

    struct ScreenWithSheet: View {
        var body: some View {
            NavigationStack {
                Text("under")
                    .navigationTitle("Outer")
                    .toolbar { ToolbarItem(placement: .primaryAction) { Button("Outer action") {} } }
                    .sheet(isPresented: .constant(true)) {
                        NavigationStack {
                            Text("inside")
                                .navigationTitle("Inner")
                                .toolbar { ToolbarItem(placement: .cancellationAction) { Button("Inner cancel") {} } }
                        }
                    }
            }
        }
    }

    @Test(
        "Given a sheet with its own bar over a screen with a bar, when drawn, then each bar holds its own title and items"
    )
    func barsStayWithTheirScreens() throws {
        let nodes = WireframeContext().evaluate(ScreenWithSheet()).flatMap(\.allNodes)
        let bars = nodes.filter { $0.kind == "bar" }
        func words(_ bar: WireframeNode) -> [String] { bar.allNodes.compactMap(\.text) }
        let outer = try #require(bars.first { $0.text == "Outer" })
        let inner = try #require(bars.first { $0.text == "Inner" })
        #expect(words(outer).contains("Outer action") && !words(outer).contains("Inner cancel"))
        #expect(words(inner).contains("Inner cancel") && !words(inner).contains("Outer action"))
    }
}

/// The wireframe checks fail on what issue 14 §4 forbids.
@Suite("Wireframe checks")
@MainActor
struct WireframeCheckTests {
    func render(_ screen: String, _ nodes: [WireframeNode]) -> Render {
        Render(screen: screen, state: "filled", device: .iphone, nodes: nodes)
    }

    @Test(
        "Given a drawn control without help, a ring page without a screen and a destructive control never asking, then each is named"
    )
    func problemsAreNamed() {
        let book = WireframeBook(renders: [
            render("trash", [WireframeNode("button", attributes: ["id": "trash.empty"])]),
            render("home", [WireframeNode("button", attributes: ["id": "home.mystery"])]),
            render("about", [WireframeNode("text", text: "nothing to press")]),
        ])
        let problems = book.problems()
        #expect(problems.contains("home: control home.mystery has no help in English and Russian"))
        #expect(problems.contains("trash: destructive control trash.empty is never drawn asking first"))
        #expect(problems.contains("ring page about has no screen of its own yet"))
        #expect(problems.contains("ring page map was never drawn"))
    }

    @Test("Given a sideways drag on the diary, when drawn, then both neighbouring sections follow one page away")
    func ringPagerDrawsNeighbours() async throws {
        let sample = try await SampleDevice(filled: false)
        defer { sample.remove() }
        let models = try await sample.models(language: .english)
        var swipe = RingSwipe()
        _ = swipe.follow(dx: -100, dy: 0)
        func pages(offset: CGSize) -> [WireframeNode] {
            let pager = RingPages(
                ring: models.router.ring, neighbours: swipe.neighbours, offset: offset,
                size: CGSize(width: 390, height: 844), models: models
            ) { Text("current") }
            return WireframeContext().evaluate(pager).flatMap(\.allNodes)
        }
        let dragged = pages(offset: CGSize(width: -100, height: 0))
        let neighbours = dragged.filter { $0.attributes["accessibilityHidden"] == "true" }
        #expect(neighbours.compactMap { $0.attributes["offsetX"] } == ["-490", "290"])
        #expect(neighbours.allSatisfy { $0.attributes["hitTesting"] == "false" })
        let titles = neighbours.flatMap(\.allNodes).compactMap { $0.attributes["navigationTitle"] }
        #expect(titles.contains(models.text("page.sync")), "left of the diary: the page the last section shows")
        #expect(titles.contains(models.text("page.map")), "right of the diary: the map")
        #expect(pages(offset: .zero).allSatisfy { $0.attributes["accessibilityHidden"] == nil }, "at rest: one page")
    }

    @Test(
        "Given the catch editor, when its species row is tapped, then the species list is drawn over the form (issue 30 §2.1)"
    )
    func speciesRowOpensTheList() async throws {
        let scenario = Scenario(
            screen: "catch-editor", state: "new", page: "trips", filled: true, signedIn: false, language: .english
        ) { models in
            guard let trip = models.trips.allRows.first?.trip else { throw WireframeError("no trip") }
            models.router.current.navigate(to: .newCatch(tripId: trip.id))
            try await models.catchEditor(CatchForm(tripId: trip.id)).load()
        }
        #expect(try await WireframeBook.tapChanges(CatchEditorModel.species.id, in: scenario) != nil)
        let sheet = try await scenario.staged(on: .iphone) { models, context, root -> [WireframeNode] in
            let drawn = context.evaluate(root).flatMap(\.allNodes)
            let tap = try #require(
                drawn.first { $0.attributes["id"] == CatchEditorModel.species.id }?.attributes["tap"])
            context.tap(try #require(Int(tap)))
            return WireframeBook.context(.iphone).evaluate(AppRootView(models: models)).flatMap(\.allNodes)
                .filter { $0.kind == "sheet" }
        }
        let words = sheet.flatMap(\.allNodes).compactMap(\.text)
        #expect(words.contains("Northern pike") && words.contains("European perch"))
    }

    @Test(
        "Given the app, then the iPhone's tab bar holds the four sections and the iPad's sidebar every page under its section; a sidebar item shows its page (issue 33 §1)"
    )
    func tabBarAndSidebar() async throws {
        let sample = try await SampleDevice(filled: false)
        defer { sample.remove() }
        let models = try await sample.models(language: .english)
        func drawn(_ device: Device) -> [WireframeNode] {
            WireframeBook.context(device).evaluate(AppRootView(models: models)).flatMap(\.allNodes)
        }
        func selected(_ device: Device) -> String? {
            drawn(device).first { $0.kind == "tab" && $0.attributes["selected"] == "true" }?.text
        }
        let sectionTitles = AppScreens.ring.sections.map { models.help.label(AppScreens.tab($0.id)) }
        #expect(drawn(.iphone).filter { $0.kind == "tab" }.compactMap(\.text) == sectionTitles)
        let sidebar = drawn(.ipad).filter { $0.kind == "tabSection" }
        #expect(sidebar.compactMap(\.text) == sectionTitles)
        #expect(
            sidebar.map { $0.children.compactMap(\.text) }
                == AppScreens.ring.sections.map { $0.pages.map { models.text("page.\($0.id)") } })
        #expect(
            !drawn(.ipad).contains { $0.kind == "tab" && $0.text == "More" }, "the sidebar lists pages, not sections")
        models.router.choose(.page("settings"))
        #expect(selected(.ipad) == "Settings" && selected(.iphone) == "More")
        #expect(models.router.ring.page.id == "settings")
    }

    @Test(
        "Given the Spots page, when Mark on the map is tapped, then the New spot sheet comes up over it; Cancel closes it on Spots, nothing saved (issue 33 §1)"
    )
    func markOnTheMapReturns() async throws {
        let sample = try await SampleDevice(filled: true)
        defer { sample.remove() }
        let models = try await sample.models(language: .english)
        try await models.loadAll()
        models.router.select(page: "spots")
        let spotsBefore = models.spots.spots.count
        let context = WireframeBook.context(.iphone)
        func drawn() -> [WireframeNode] { context.evaluate(AppRootView(models: models)).flatMap(\.allNodes) }
        func tap(_ control: Control) throws {
            let node = drawn().first { $0.attributes["id"] == control.id }
            context.tap(try #require(node?.attributes["tap"].flatMap(Int.init), "\(control.id) is not drawn"))
        }
        try tap(SpotsModel.markOnMap)
        for _ in 0..<1000 where !models.marking.isShown { await Task.yield() }
        let sheet = try #require(drawn().first { $0.kind == "sheet" })
        #expect(sheet.allNodes.contains { $0.kind == "bar" && $0.text == "New spot" })
        #expect(sheet.allNodes.contains { $0.text == "Tap the map where the spot is" })
        #expect(drawn().contains { $0.kind == "bar" && $0.text == "Spots" }, "the Spots page stays under the sheet")
        try tap(SpotMarkingModel.cancel)
        #expect(!drawn().contains { $0.kind == "sheet" })
        #expect(models.router.ring.page.id == "spots" && models.spots.spots.count == spotsBefore)
    }

    @Test("Given every screen drawn by the tool, when checked, then nothing is broken and every ring page has a screen")
    func theAppPasses() async throws {
        let book = WireframeBook()
        try await book.renderEveryScreen()
        #expect(book.problems() == [])
        #expect(Set(book.screens).isSuperset(of: AppScreens.ring.sections.flatMap(\.pages).map(\.id)))
        func tripPage(on device: Device) -> [WireframeNode] {
            book.renders.first { $0.screen == "trip" && $0.state == "filled" && $0.device == device }?.nodes
                .flatMap(\.allNodes) ?? []
        }
        let ipad = tripPage(on: .ipad)
        #expect(ipad.contains { $0.kind == "split" }, "the iPad shows the trip beside the list")
        #expect(ipad.filter { $0.kind == "link" && $0.attributes["selected"] == "true" }.count == 1)
        #expect(!tripPage(on: .iphone).contains { $0.kind == "split" }, "the iPhone pushes it")
    }

    @Test(
        "Given the largest Dynamic Type size, when the ring's bar is drawn, then its moves are arrows only, their names kept as labels"
    )
    func ringBarAtLargestType() async throws {
        let scenario = Scenario(
            screen: "home", state: "filled", page: "home", filled: true, signedIn: false, language: .english
        ) { _ in }
        for (device, iconOnly) in [(Device.iphone, false), (Device.iphoneLargeType, true)] {
            let moves = try await scenario.staged(on: device) { _, context, root in
                context.evaluate(root).flatMap(\.allNodes).filter {
                    $0.attributes["id"] == NavigationRing.previousPage.id
                }
            }
            let move = try #require(moves.first)
            #expect(
                (move.allNodes.contains { $0.attributes["labelStyle"] == "IconOnlyLabelStyle" }) == iconOnly,
                "\(device.rawValue): \(move)")
        }
    }
}
