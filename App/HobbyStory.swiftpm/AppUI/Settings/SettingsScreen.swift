import AppFeatures
import FishingModel
import SwiftUI

/// Settings (issue 13 §3): units (with mmHg for pressure, as Russian anglers read it), language,
/// map source, the paid sources' keys and the offline map packs (issue 15), the licence (issue 17) and error reports
/// (issue 18).
struct SettingsScreen: View {
    let model: SettingsModel
    let models: ScreenModels

    var body: some View {
        Form {
            Picker(
                models.help.label(SettingsModel.unitSystem), selection: choice(\.units.system, model.choose(system:))
            ) {
                ForEach(Units.allCases, id: \.self) { Text(model.name(of: $0)).tag($0) }
            }
            .control(SettingsModel.unitSystem, help: models.help)
            Picker(
                models.help.label(SettingsModel.pressureUnit),
                selection: choice(\.units.pressure, model.choose(pressure:))
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
            Picker(models.help.label(SettingsModel.mapSource), selection: mapSource) {
                ForEach(model.mapSources) { Text($0.name).tag(Optional($0.id)) }
            }
            .control(SettingsModel.mapSource, help: models.help)
            if let source = model.mapSource {
                Text(model.terms(of: source)).font(.footnote).foregroundStyle(.secondary)
            }
            ProblemNote(problem: model.problem)
            ForEach(model.mapKeys) { MapKeySection(model: $0, models: models) }
            MapPacksSection(model: models.mapPacks, models: models)
            LicenceSection(model: models.licence, models: models)
            ErrorReportsSection(model: models.errorReports, models: models)
        }
        .navigationTitle(models.text("page.settings"))
        .task { try? await model.load() }
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
