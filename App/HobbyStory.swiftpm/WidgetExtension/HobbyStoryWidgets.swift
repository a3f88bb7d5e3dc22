import AppWidgets
import SwiftUI
import WidgetKit

/// The app's widget extension (issue 33 §5): the trip widget for the Home Screen and Lock Screen,
/// and the trip's Live Activity. Its target is made in Xcode (docs/first-mac-build.md); the
/// views live in `AppWidgets`, which the app links too.
@main
struct HobbyStoryWidgets: WidgetBundle {
    var body: some Widget {
        OpenTripWidget()
        TripLiveActivity()
    }
}
