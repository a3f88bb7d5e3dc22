import AppFeatures
import FishingModel
import SwiftUI

/// Settings (issue 13 §3, issue 33 §6): a list of its pages in groups — account and purchase
/// first, then units and language, maps, the paid sources' keys, then error reports and the
/// diary's data, the legal text last — each row naming what it holds and opening its page
/// (``SettingsGroupScreen``) — pushed on iPhone, beside the list on iPad (issue 33 §2).
struct SettingsScreen: View {
    let model: SettingsModel
    let models: ScreenModels
    /// The page shown beside the list on a wide screen; nil when a row pushes its page.
    let selection: Binding<Destination?>?
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        List(selection: selection) {
            ForEach(SettingsGroup.sections, id: \.self) { groups in
                Section {
                    ForEach(groups, id: \.self) { group in
                        NavigationLink(value: Destination.settings(group)) { row(group) }
                            .control(group.control, help: models.help)
                    }
                }
            }
        }
        .navigationTitle(models.text("page.settings"))
        .task { try? await model.load() }
    }

    /// A page's name and what it holds now: side by side, the summary giving way to the name, or
    /// at the accessibility text sizes one under the other, as iOS's Settings sets them.
    @ViewBuilder
    private func row(_ group: SettingsGroup) -> some View {
        let label = Label(models.text(group.titleKey), systemImage: Self.symbol(of: group))
        if typeSize.isAccessibilitySize {
            VStack(alignment: .leading, spacing: 2) {
                label
                if let summary = summary(of: group) { Text(summary).foregroundStyle(.secondary) }
            }
        } else {
            HStack {
                label.layoutPriority(1)
                Spacer()
                if let summary = summary(of: group) { Text(summary).foregroundStyle(.secondary).lineLimit(1) }
            }
        }
    }

    /// What a row says of its page's settings now, where a word or two can.
    private func summary(of group: SettingsGroup) -> String? {
        switch group {
        case .units:
            "\(model.name(of: model.settings.units.system)) · \(model.name(of: model.language))"
        case .maps:
            ([model.mapSource?.name]
                + [
                    models.mapPacks.installed.isEmpty
                        ? nil : models.text("settings.offlinePacks", count: models.mapPacks.installed.count)
                ])
                .compactMap { $0 }.joined(separator: " · ")
        case .sharing: model.name(of: model.sharePrecision)
        default: nil
        }
    }

    static func symbol(of group: SettingsGroup) -> String {
        switch group {
        case .account: "person.crop.circle"
        case .licence: "checkmark.seal"
        case .units: "ruler"
        case .maps: "map"
        case .mapKeys: "key"
        case .errorReports: "exclamationmark.triangle"
        case .data: "doc.text"
        case .sharing: "square.and.arrow.up"
        case .about: "info.circle"
        }
    }
}
