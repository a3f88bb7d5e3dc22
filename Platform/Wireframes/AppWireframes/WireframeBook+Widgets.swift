import AppFeatures
import AppUI
import AppWidgets
import FishingModel
import Foundation
import SwiftUI
import TripGlance
import WidgetKit

/// The widget and the Live Activity drawn as the angler meets them (issue 33 §5): each size of
/// the widget, the Live Activity on the Lock Screen and in the Dynamic Island, over the glance
/// the sample diary makes after what the angler did, at the moment named.
extension WireframeBook {
    /// Draws the widgets' states: a trip going on with catches, the same trip three quiet hours
    /// later, no trip, and in Russian.
    func renderWidgets() async throws {
        try await renderWidgets("trip-going-on", at: Self.onTheWater) { models in
            try await Self.catchNow(models, destination: 0)
            try await Self.catchNow(models, destination: nil)
            return try await models.glance.glance()
        }
        try await renderWidgets("trip-quiet", at: { $0.trip?.quietFrom.addingTimeInterval(600) ?? $0.writtenAt }) {
            try await Self.catchNow($0, destination: 0)
            return try await $0.glance.glance()
        }
        try await renderWidgets("no-trip") { try await $0.glance.glance() }
        try await renderWidgets("russian", language: .russian, at: Self.onTheWater) {
            try await Self.catchNow($0, destination: 0)
            return try await $0.glance.glance()
        }
    }

    /// A moment 47 minutes into the trip, while it goes on.
    private static func onTheWater(_ glance: TripGlance) -> Date {
        (glance.trip?.startedAt ?? glance.writtenAt).addingTimeInterval(47 * 60)
    }

    /// Draws the board of widgets for the glance `drive` makes, as it shows at `moment`.
    private func renderWidgets(
        _ state: String, language: Language = .english, at moment: (TripGlance) -> Date = { $0.writtenAt },
        drive: @MainActor (ScreenModels) async throws -> TripGlance
    ) async throws {
        let screen = "widgets"
        let devices = Self.statesOnEveryDevice[screen] == state ? Device.allCases : Device.everyState
        for device in devices {
            let sample = try await SampleDevice(filled: true)
            defer { sample.remove() }
            let models = try await sample.models(language: language)
            try await models.loadAll()
            let glance = try await drive(models)
            let date = moment(glance)
            var environment = Self.environment(device)
            environment._wireframeNow = date
            let context = WireframeContext(
                environment: environment, canvasSize: CGSize(width: device.size.width, height: device.size.height))
            keep(
                Render(
                    screen: screen, state: state, device: device,
                    nodes: context.evaluate(WidgetBoard(glance: glance, date: date))))
        }
    }
}

/// The widget's sizes and the Live Activity side by side, at the sizes iOS gives them on an
/// iPhone 15: Home Screen small and medium, Lock Screen rectangular, circular and inline, the
/// Live Activity's banner and the Dynamic Island compact and expanded.
struct WidgetBoard: View {
    let glance: TripGlance
    let date: Date

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Text("Home Screen").font(.headline)
                tile(.systemSmall, width: 170, height: 170)
                tile(.systemMedium, width: 364, height: 170)
                Text("Lock Screen").font(.headline)
                HStack(alignment: .top, spacing: 16) {
                    tile(.accessoryRectangular, width: 172, height: 76)
                    tile(.accessoryCircular, width: 76, height: 76)
                }
                tile(.accessoryInline, width: 234, height: 26)
                if let trip = glance.trip {
                    liveActivity(trip)
                }
            }
            .padding()
        }
    }

    private func tile(_ family: WidgetFamily, width: Double, height: Double) -> some View {
        TripGlanceView(glance: glance, date: date, family: family)
            .padding(family == .accessoryInline ? 0 : 12)
            .frame(width: width, height: height, alignment: .topLeading)
            .background(.quaternary)
    }

    @ViewBuilder
    private func liveActivity(_ open: TripGlance.OpenTrip) -> some View {
        let trip = TripActivityTrip(open, words: glance.words, catchNowLink: glance.catchNowLink)
        let state = TripActivityState(open)
        let stale = date >= open.quietFrom
        Text("Live Activity").font(.headline)
        TripActivityView(trip: trip, state: state, isStale: stale)
            .frame(width: 364)
            .background(.quaternary)
        Text("Dynamic Island").font(.headline)
        HStack(spacing: 16) {
            Image(systemName: "fish")
            Spacer(minLength: 0)
            TripIslandFish(state: state, compact: true)
        }
        .padding(.horizontal, 16)
        .frame(width: 250, height: 37)
        .foregroundStyle(Color.white)
        .background(Color.black)
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                TripIslandTitle(trip: trip)
                Spacer(minLength: 0)
                TripIslandFish(state: state, compact: false)
            }
            TripActivityView(trip: trip, state: state, isStale: stale, inIsland: true)
        }
        .padding()
        .frame(width: 364)
        .foregroundStyle(Color.white)
        .background(Color.black)
    }
}
