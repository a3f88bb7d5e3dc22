import AppFeatures
import FishingModel
import SwiftUI

/// One page of Settings (issue 33 §6): the settings of its group and nothing else, under the
/// group's title. The account is the Sync page's screen and the legal text the About page's.
struct SettingsGroupScreen: View {
    let group: SettingsGroup
    let models: ScreenModels

    var body: some View {
        switch group {
        case .account: SyncScreen(model: models.sync, models: models, titleKey: group.titleKey)
        case .about: AboutScreen(model: models.about, models: models)
        default:
            Form { settings }
                .undoBanner(group == .data ? models.interchange.undoOffer : nil, help: models.help)
                .navigationTitle(models.text(group.titleKey))
                .navigationBarTitleDisplayMode(.inline)
                .task { try? await model.load() }
        }
    }

    private var model: SettingsModel { models.settings }

    @ViewBuilder
    private var settings: some View {
        switch group {
        case .licence: LicenceSection(model: models.licence, models: models)
        case .units: units
        case .maps:
            Picker(models.help.label(SettingsModel.mapSource), selection: mapSource) {
                ForEach(model.mapSources) { Text($0.name).tag(Optional($0.id)) }
            }
            .control(SettingsModel.mapSource, help: models.help)
            if let source = model.mapSource {
                Text(model.terms(of: source)).font(.footnote).foregroundStyle(.secondary)
            }
            ProblemNote(problem: model.problem)
            MapPacksSection(model: models.mapPacks, models: models)
        case .mapKeys: ForEach(model.mapKeys) { MapKeySection(model: $0, models: models) }
        case .errorReports: ErrorReportsSection(model: models.errorReports, models: models)
        case .data:
            BackupSection(model: models.backup, models: models)
            InterchangeSection(model: models.interchange, models: models)
            Section(models.text("settings.diagnosticsSection")) {
                ControlButton(SettingsModel.exportDiagnostics, systemImage: "stethoscope", help: models.help) {
                    Task { await model.exportDiagnostics() }
                }
                if let file = model.exportedDiagnostics {
                    ShareLink(item: file) {
                        Label(models.help.label(SettingsModel.shareDiagnostics), systemImage: "square.and.arrow.up")
                    }
                    .control(SettingsModel.shareDiagnostics, help: models.help)
                }
                ProblemNote(problem: model.problem)
            }
        case .sharing:
            Section(models.text("settings.sharingSection")) {
                Picker(models.help.label(SettingsModel.sharePrecision), selection: sharePrecision) {
                    ForEach(SharePrecision.allCases, id: \.self) { Text(model.name(of: $0)).tag($0) }
                }
                .control(SettingsModel.sharePrecision, help: models.help)
                Text(models.text("settings.sharingNote")).font(.footnote).foregroundStyle(.secondary)
            }
            SharedLinksSection(model: models.sharedLinks, models: models)
        case .account, .about: EmptyView()
        }
    }

    /// The default precision of shared catches, saved as soon as it is picked.
    private var sharePrecision: Binding<SharePrecision> {
        let model = model
        return Binding(
            get: { @MainActor in model.sharePrecision },
            set: { @MainActor choice in Task { await model.choose(sharePrecision: choice) } })
    }

    @ViewBuilder
    private var units: some View {
        Picker(models.help.label(SettingsModel.unitSystem), selection: choice(\.units.system, model.choose(system:))) {
            ForEach(Units.allCases, id: \.self) { Text(model.name(of: $0)).tag($0) }
        }
        .control(SettingsModel.unitSystem, help: models.help)
        Picker(
            models.help.label(SettingsModel.pressureUnit), selection: choice(\.units.pressure, model.choose(pressure:))
        ) {
            ForEach(PressureUnit.allCases, id: \.self) { Text(model.name(of: $0)).tag($0) }
        }
        .control(SettingsModel.pressureUnit, help: models.help)
        Picker(models.help.label(SettingsModel.windUnit), selection: choice(\.units.wind, model.choose(wind:))) {
            ForEach(WindUnit.allCases, id: \.self) { Text(model.name(of: $0)).tag($0) }
        }
        .control(SettingsModel.windUnit, help: models.help)
        Picker(models.help.label(SettingsModel.language), selection: choice(\.language, model.choose(language:))) {
            Text(models.text("settings.deviceLanguage")).tag(Language?.none)
            ForEach(Language.allCases, id: \.self) { Text(model.name(of: $0)).tag(Language?.some($0)) }
        }
        .control(SettingsModel.language, help: models.help)
        ProblemNote(problem: model.problem)
    }

    /// A picker's binding: it shows the stored setting and saves the angler's choice.
    private func choice<Value: Sendable>(
        _ keyPath: KeyPath<AppSettings, Value> & Sendable, _ choose: @escaping @MainActor (Value) async -> Void
    ) -> Binding<Value> {
        let model = model
        return Binding(
            get: { @MainActor in model.settings[keyPath: keyPath] },
            set: { @MainActor value in Task { await choose(value) } })
    }

    private var mapSource: Binding<String?> {
        let model = model
        return Binding(
            get: { @MainActor in model.mapSource?.id },
            set: { @MainActor id in
                guard let source = model.mapSources.first(where: { $0.id == id }) else { return }
                Task { await model.choose(mapSource: source) }
            })
    }
}
