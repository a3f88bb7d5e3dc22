import Foundation
import SwiftUI
import TripGlance
import WidgetKit

/// The widget's face in each size (issue 33 §5; T10, T11): the trip going on — its name, the
/// fish so far, the time on the water counting by itself, the last catch — and *Catch now*; or
/// that no trip goes on and Catch now starts one; or, after three quiet hours, that a catch now
/// starts a new trip. Without a glance (the app not opened since it was installed) it asks to
/// open the app. The Home Screen sizes carry *Catch now* as a button; the Lock Screen's open
/// Catch now when tapped.
public struct TripGlanceView: View {
    let glance: TripGlance?
    let date: Date
    let family: WidgetFamily

    public init(glance: TripGlance?, date: Date, family: WidgetFamily) {
        self.glance = glance
        self.date = date
        self.family = family
    }

    public var body: some View {
        // A widget's size is fixed: beyond xxxLarge its words would no longer fit.
        content.dynamicTypeSize(...DynamicTypeSize.xxxLarge)
    }

    @ViewBuilder
    private var content: some View {
        if let glance {
            switch family {
            case .accessoryInline: inline(glance)
            case .accessoryCircular: circular(glance)
            case .accessoryRectangular: rectangular(glance)
            case .systemMedium, .systemLarge, .systemExtraLarge: medium(glance)
            default: small(glance)
            }
        } else {
            Text("Open The Hobby Story to show your trip here.")
                .font(.footnote)
        }
    }

    // MARK: Home Screen

    private func small(_ glance: TripGlance) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            summary(glance, lines: 2)
            Spacer(minLength: 0)
            CatchNowBadge(text: glance.words.catchNow)
        }
        .widgetURL(glance.catchNowLink)
    }

    private func medium(_ glance: TripGlance) -> some View {
        HStack(alignment: .top, spacing: 12) {
            Link(destination: glance.openLink) {
                VStack(alignment: .leading, spacing: 4) { summary(glance, lines: 3) }
            }
            Spacer(minLength: 0)
            Link(destination: glance.catchNowLink) { CatchNowBadge(text: glance.words.catchNow) }
                .layoutPriority(1)
        }
    }

    /// The trip's name, its fish and time on the water, and the last catch; or why there is none.
    @ViewBuilder
    private func summary(_ glance: TripGlance, lines: Int) -> some View {
        switch glance.phase(at: date) {
        case .noTrip:
            Label(glance.words.noTrip, systemImage: "figure.fishing")
                .font(.headline)
                .lineLimit(2)
            Text(glance.words.noTripHint)
                .font(.caption)
                .foregroundStyle(.secondary)
                .lineLimit(lines)
        case .goingOn(let trip):
            TripHeadline(title: trip.title, fishText: trip.fishText)
            TimeOnTheWater(label: glance.words.onTheWater, since: trip.startedAt)
            if let last = trip.lastCatchText, lines > 2 {
                Text(last)
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
        case .quiet(let trip):
            TripHeadline(title: trip.title, fishText: trip.fishText)
            Text(glance.words.quiet)
                .font(.caption)
                .foregroundStyle(.secondary)
                .lineLimit(lines)
        }
    }

    // MARK: Lock Screen

    @ViewBuilder
    private func rectangular(_ glance: TripGlance) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            switch glance.phase(at: date) {
            case .noTrip:
                Label(glance.words.noTrip, systemImage: "figure.fishing")
                    .font(.headline)
                Text(glance.words.noTripHint)
                    .lineLimit(2)
            case .goingOn(let trip):
                Label(trip.title, systemImage: "figure.fishing")
                    .font(.headline)
                    .lineLimit(1)
                Text(trip.fishText)
                Text(trip.startedAt, style: .timer)
            case .quiet(let trip):
                Label(trip.title, systemImage: "figure.fishing")
                    .font(.headline)
                    .lineLimit(1)
                Text(trip.fishText)
                Text(glance.words.quiet)
                    .lineLimit(1)
            }
        }
        .widgetURL(glance.catchNowLink)
    }

    private func circular(_ glance: TripGlance) -> some View {
        ZStack {
            AccessoryWidgetBackground()
            VStack(spacing: 0) {
                Image(systemName: "fish")
                if case .goingOn(let trip) = glance.phase(at: date) {
                    Text("\(trip.fish)")
                        .font(.headline)
                } else {
                    Image(systemName: "plus")
                }
            }
        }
        .accessibilityLabel(accessibilityText(glance))
        .widgetURL(glance.catchNowLink)
    }

    private func inline(_ glance: TripGlance) -> some View {
        Label(accessibilityText(glance), systemImage: "fish")
            .lineLimit(1)
            .widgetURL(glance.catchNowLink)
    }

    /// One line of what the glance says: "Volga bend: 4 fish", or "No trip going on".
    private func accessibilityText(_ glance: TripGlance) -> String {
        switch glance.phase(at: date) {
        case .noTrip: glance.words.noTrip
        case .goingOn(let trip), .quiet(let trip): "\(trip.title): \(trip.fishText)"
        }
    }
}

/// The trip's name over its fish so far, large: the first thing a glance reads.
struct TripHeadline: View {
    let title: String
    let fishText: String

    var body: some View {
        Label(title, systemImage: "figure.fishing")
            .font(.caption)
            .lineLimit(1)
        Text(fishText)
            .font(.title2)
            .bold()
    }
}

/// "On the water 1:10:05", counting by itself between the widget's timeline entries.
struct TimeOnTheWater: View {
    let label: String
    let since: Date

    var body: some View {
        HStack(spacing: 4) {
            Text(label)
            Text(since, style: .timer)
        }
        .font(.caption)
        .foregroundStyle(.secondary)
        .lineLimit(1)
    }
}

/// *Catch now* drawn as a button: what a tap on the widget (or on this part of it) opens.
struct CatchNowBadge: View {
    let text: String

    var body: some View {
        Label(text, systemImage: "plus.circle.fill")
            .font(.headline)
            .lineLimit(1)
            .padding(.horizontal, 10)
            .padding(.vertical, 6)
            .foregroundStyle(Color.white)
            .background(Color.blue)
    }
}
