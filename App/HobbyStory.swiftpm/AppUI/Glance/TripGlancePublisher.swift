import ActivityKit
import AppWidgets
import Foundation
import TripGlance
import WidgetKit

/// Hands each new glance of the trip going on to the system (issue 33 §5; T10, T11): writes it to
/// the app group's container for the widget and has WidgetKit read it again, and keeps one Live
/// Activity for a trip going on — started with the trip, updated with each catch, ended with
/// the trip or when it goes quiet — by the steps ``TripGlance/activitySteps(running:at:)`` plans.
@MainActor
enum TripGlancePublisher {
    static func publish(_ glance: TripGlance) async {
        if let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: TripGlance.appGroup) {
            // A glance that cannot be written leaves the last one: the widget lags, the diary is untouched.
            try? GlanceFile.write(glance, to: folder.appendingPathComponent(TripGlance.fileName))
        }
        WidgetCenter.shared.reloadTimelines(ofKind: TripGlance.widgetKind)
        await showLiveActivity(glance)
    }

    private static func showLiveActivity(_ glance: TripGlance) async {
        let activities = Activity<TripActivityAttributes>.activities
        for extra in activities.dropFirst() { await extra.end(nil, dismissalPolicy: .immediate) }
        let running = activities.first
        var shown: (tripId: UUID, state: TripActivityState)?
        if let running { shown = (running.attributes.trip.id, running.content.state) }
        for step in glance.activitySteps(running: shown, at: Date()) {
            switch step {
            case .start(let trip, let state):
                guard ActivityAuthorizationInfo().areActivitiesEnabled else { continue }
                _ = try? Activity.request(
                    attributes: TripActivityAttributes(trip: trip),
                    content: ActivityContent(state: state, staleDate: state.quietFrom))
            case .update(let state):
                await running?.update(ActivityContent(state: state, staleDate: state.quietFrom))
            case .end(let state):
                await running?.end(state.map { ActivityContent(state: $0, staleDate: nil) }, dismissalPolicy: .default)
            }
        }
    }
}
