import Foundation
import SwiftUI
import TripGlance
import WidgetKit

/// The Home Screen and Lock Screen widget of the trip going on (issue 33 §5; T10, T11): reads the
/// glance the app last wrote to the app group's container and shows it until the app writes
/// another (which reloads it) or the trip goes quiet (its timeline's second entry). Its gallery
/// name and description are keys of the extension's String Catalog (`widget.*` in the app's),
/// shown in the device's language.
public struct OpenTripWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: TripGlance.widgetKind, provider: GlanceTimeline()) { entry in
            OpenTripWidgetView(entry: entry)
        }
        .configurationDisplayName("Fishing trip")
        .description("The trip going on: fish so far, time on the water, and Catch now.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular, .accessoryCircular, .accessoryInline])
    }
}

/// One moment of the widget's timeline: the glance as it shows at `date`.
public struct GlanceEntry: TimelineEntry {
    public let date: Date
    public let glance: TripGlance?

    public init(date: Date, glance: TripGlance?) {
        self.date = date
        self.glance = glance
    }
}

/// The widget's timeline from the glance file: an entry now, and one when the trip goes quiet.
struct GlanceTimeline: TimelineProvider {
    /// The glance file in the app group's container, when the app group exists.
    static var fileURL: URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: TripGlance.appGroup)?
            .appendingPathComponent(TripGlance.fileName)
    }

    func placeholder(in context: Context) -> GlanceEntry { GlanceEntry(date: Date(), glance: nil) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (GlanceEntry) -> Void) {
        completion(GlanceEntry(date: Date(), glance: Self.fileURL.flatMap(GlanceFile.read)))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<GlanceEntry>) -> Void) {
        let glance = Self.fileURL.flatMap(GlanceFile.read)
        let dates = glance?.changes(from: Date()) ?? [Date()]
        completion(Timeline(entries: dates.map { GlanceEntry(date: $0, glance: glance) }, policy: .never))
    }
}

/// The widget's view for its family, on the system's widget background.
struct OpenTripWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: GlanceEntry

    var body: some View {
        TripGlanceView(glance: entry.glance, date: entry.date, family: family)
            .containerBackground(.fill.tertiary, for: .widget)
    }
}
