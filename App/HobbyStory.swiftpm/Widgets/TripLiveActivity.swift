import ActivityKit
import Foundation
import SwiftUI
import TripGlance
import WidgetKit

/// The Live Activity of the trip going on (issue 33 §5; T10, T11), on the Lock Screen and in the
/// Dynamic Island: the fish so far, the time on the water and *Catch now*. It turns stale when
/// the trip goes quiet, and then says that a catch now starts a new trip.
public struct TripLiveActivity: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        ActivityConfiguration(for: TripActivityAttributes.self) { context in
            TripActivityView(trip: context.attributes.trip, state: context.state, isStale: context.isStale)
                .activityBackgroundTint(nil)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { TripIslandTitle(trip: context.attributes.trip) }
                DynamicIslandExpandedRegion(.trailing) { TripIslandFish(state: context.state, compact: false) }
                DynamicIslandExpandedRegion(.bottom) {
                    TripActivityView(
                        trip: context.attributes.trip, state: context.state, isStale: context.isStale, inIsland: true)
                }
            } compactLeading: {
                Image(systemName: "fish")
            } compactTrailing: {
                TripIslandFish(state: context.state, compact: true)
            } minimal: {
                TripIslandFish(state: context.state, compact: true)
            }
            .widgetURL(context.attributes.trip.link)
            .keylineTint(Color.blue)
        }
    }
}

/// The Lock Screen's banner — the trip, its fish, time on the water and last catch, and *Catch
/// now* — or, in the expanded Dynamic Island's bottom region, whose other regions show the trip
/// and its fish, the time on the water and *Catch now* alone.
public struct TripActivityView: View {
    let trip: TripActivityTrip
    let state: TripActivityState
    let isStale: Bool
    let inIsland: Bool

    public init(trip: TripActivityTrip, state: TripActivityState, isStale: Bool, inIsland: Bool = false) {
        self.trip = trip
        self.state = state
        self.isStale = isStale
        self.inIsland = inIsland
    }

    public var body: some View {
        BesideCatchNow(trip: trip) {
            if !inIsland { TripHeadline(title: trip.title, fishText: state.fishText) }
            TripActivityDetail(trip: trip, state: state, isStale: isStale)
        }
        .padding(inIsland ? 0 : 16)
        // The banner's height is the system's: beyond xxxLarge its words would no longer fit.
        .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
    }
}

/// What the activity says of its trip, with *Catch now* at its trailing end.
struct BesideCatchNow<Content: View>: View {
    let trip: TripActivityTrip
    @ViewBuilder let content: Content

    var body: some View {
        HStack(alignment: .center, spacing: 12) {
            VStack(alignment: .leading, spacing: 2) { content }
            Spacer(minLength: 0)
            Link(destination: trip.catchNowLink) { CatchNowBadge(text: trip.catchNow) }
                .layoutPriority(1)
        }
    }
}

/// Under the fish: the time on the water and the last catch, or, once stale, that a catch now
/// starts a new trip.
struct TripActivityDetail: View {
    let trip: TripActivityTrip
    let state: TripActivityState
    let isStale: Bool

    var body: some View {
        if isStale {
            Text(trip.quiet)
                .font(.caption)
                .foregroundStyle(.secondary)
                .lineLimit(2)
        } else {
            TimeOnTheWater(label: trip.onTheWater, since: trip.startedAt)
            if let last = state.lastCatchText {
                Text(last)
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
        }
    }
}

/// The expanded Dynamic Island's leading region: the trip's name.
public struct TripIslandTitle: View {
    let trip: TripActivityTrip

    public init(trip: TripActivityTrip) { self.trip = trip }

    public var body: some View {
        Label(trip.title, systemImage: "figure.fishing")
            .font(.caption)
            .lineLimit(1)
    }
}

/// The fish so far: "4 fish" in the expanded island, the number beside a fish when compact.
public struct TripIslandFish: View {
    let state: TripActivityState
    let compact: Bool

    public init(state: TripActivityState, compact: Bool) {
        self.state = state
        self.compact = compact
    }

    public var body: some View {
        if compact {
            Text("\(state.fish)")
                .font(.headline)
                .accessibilityLabel(state.fishText)
        } else {
            Text(state.fishText)
                .font(.headline)
                .lineLimit(1)
        }
    }
}
