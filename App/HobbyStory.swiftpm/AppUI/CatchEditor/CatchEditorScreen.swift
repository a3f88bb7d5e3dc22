import AppFeatures
import DiaryStore
import FishingModel
import SwiftUI

/// A catch's form (T19, T5): the trip, species and time marked as required; species, bait and
/// method chosen from the directories (searched in English, Russian and Latin, recent first) and
/// shown read-only; figures typed in the angler's units, each problem at its field at once; a
/// new catch can start from a photo.
struct CatchEditorScreen: View {
    @Bindable var model: CatchEditorModel
    let models: ScreenModels
    /// Called when the form is left (saved, or cancelled without changes): its model is dropped.
    let left: @MainActor () -> Void

    var body: some View {
        Form {
            if model.editing == nil { fromPhoto }
            Section {
                Picker(label(CatchEditorModel.trip), selection: tripSelection) {
                    Text("—").tag(UUID?.none)
                    ForEach(model.trips) { trip in Text(model.tripLabel(trip)).tag(UUID?.some(trip.id)) }
                }
                .control(CatchEditorModel.trip, help: models.help)
                FieldErrorNote(message: model.fieldErrors[.tripId])
                Button {
                    model.isChoosingSpecies = true
                } label: {
                    LabeledValue(title: label(CatchEditorModel.species), value: model.chosenName(.species) ?? "—")
                }
                .control(CatchEditorModel.species, help: models.help)
                FieldErrorNote(message: model.fieldErrors[.species])
                DatePicker(label(CatchEditorModel.time), selection: timeSelection)
                    .control(CatchEditorModel.time, help: models.help)
                ControlButton(CatchEditorModel.now, systemImage: "clock", help: models.help) { model.useCurrentTime() }
                FieldErrorNote(message: model.fieldErrors[.time])
            }
            Section {
                figure(CatchEditorModel.count, $model.countText, .count)
                figure(CatchEditorModel.weight, $model.weightText, .weightKg)
                figure(CatchEditorModel.length, $model.lengthText, .lengthCm)
                directoryPicker(CatchEditorModel.bait, .baits)
                directoryPicker(CatchEditorModel.method, .methods)
                figure(CatchEditorModel.depth, $model.depthText, .depthM)
            }
            Section(models.text("water.section")) {
                WaterRows(
                    form: $model.water, controls: CatchEditorModel.water, models: models,
                    unit: { model.unit(of: CatchEditorModel.water.control($0)) ?? "" },
                    problem: { model.fieldErrors[$0.field(in: CatchField.self)] })
            }
            Section {
                Toggle(models.help.label(CatchEditorModel.released), isOn: $model.released)
                    .control(CatchEditorModel.released, help: models.help)
                TextField(models.help.label(CatchEditorModel.notes), text: $model.notes, axis: .vertical)
                    .control(CatchEditorModel.notes, help: models.help)
                FieldErrorNote(message: model.fieldErrors[.notes])
            }
            if model.editing != nil {
                ControlButton(CatchEditorModel.delete, systemImage: "trash", role: .destructive, help: models.help) {
                    Task { await model.request(CatchEditorModel.delete) }
                }
                .keyboardShortcut(.delete)
            }
            ProblemNote(problem: model.problem)
            ProblemNote(problem: model.readOnlyReason)
        }
        .navigationTitle(models.text(model.editing == nil ? "catches.newTitle" : "catches.title"))
        .navigationBarTitleDisplayMode(.inline)
        .navigationBarBackButtonHidden()
        .formBar(model, save: CatchEditorModel.save, discard: CatchEditorModel.discard, help: models.help) { leave() }
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .undoBanner(model.undoOffer, help: models.help)
        .sheet(isPresented: $model.isChoosingSpecies) { SpeciesChoice(model: model, models: models) }
        .task { try? await model.load() }
    }

    /// A new catch filled from a photo in the library: its time, the trip it suggests (taken only
    /// when the angler accepts), the photo itself added to the catch when saved (T17, T19).
    private var fromPhoto: some View {
        Section {
            ControlButton(CatchEditorModel.fromPhoto, systemImage: "photo.badge.plus", help: models.help) {
                Task { await model.fillFromPhoto(choosingWith: models.library) }
            }
            if let photo = model.photo { Label(photo.originalName, systemImage: "photo") }
            if let trip = model.photoSuggestion?.trip {
                Text(models.text("catches.photoTrip", ["trip": model.tripLabel(trip)]))
                ControlButton(CatchEditorModel.acceptPhotoTrip, systemImage: "checkmark", help: models.help) {
                    model.acceptPhotoTrip()
                }
            }
        }
    }

    /// Back to where the form was opened from.
    private func leave() {
        models.router.current.back()
        left()
    }

    private func label(_ control: Control) -> String {
        models.help.label(control, requiredIn: CatchEditorModel.requiredControls)
    }

    private var tripSelection: Binding<UUID?> {
        let model = model
        return Binding(
            get: { @MainActor in model.draft.tripId },
            set: { @MainActor id in model.choose(trip: model.trips.first { $0.id == id }) })
    }

    private var timeSelection: Binding<Date> {
        let model = model
        return Binding(
            get: { @MainActor in model.draft.caughtAt ?? model.now }, set: { @MainActor in model.set(time: $0) })
    }

    /// A figure's row: its name, what is typed (decimal keypad, comma or point) and its unit, so a
    /// filled field still says what it holds (issue 30 §4).
    @ViewBuilder private func figure(_ control: Control, _ text: Binding<String>, _ field: CatchField) -> some View {
        LabeledContent(label(control)) {
            HStack {
                // The row names the figure and the unit follows it: the field itself needs no prompt.
                TextField("", text: text)
                    .multilineTextAlignment(.trailing)
                    .keyboardType(control == CatchEditorModel.count ? .numberPad : .decimalPad)
                if let unit = model.unit(of: control) { Text(unit).foregroundStyle(.secondary) }
            }
        }
        .control(control, help: models.help)
        FieldErrorNote(message: model.fieldErrors[field])
    }

    private func directoryPicker(_ control: Control, _ kind: DirectoryKind) -> some View {
        let model = model
        let selection = Binding<String?>(
            get: { @MainActor in model.chosenID(kind) },
            set: { @MainActor id in model.choose(model.choices(kind).first { $0.id == id }, for: kind) })
        return Picker(models.help.label(control), selection: selection) {
            Text("—").tag(String?.none)
            ForEach(model.choices(kind), id: \.id) { entry in
                Text(model.name(of: entry, kind)).tag(String?.some(entry.id))
            }
        }
        .control(control, help: models.help)
    }
}

/// A title with its value on the right, as a form row shows a choice.
struct LabeledValue: View {
    let title: String
    let value: String

    var body: some View {
        HStack {
            Text(title)
            Spacer()
            Text(value).foregroundStyle(.secondary)
        }
    }
}

/// The species list of the catch form (issue 30 §2.1): searched as typed, recent first; choosing
/// one closes it, Cancel closes it unchanged.
struct SpeciesChoice: View {
    @Bindable var model: CatchEditorModel
    let models: ScreenModels

    var body: some View {
        NavigationStack {
            List {
                ForEach(model.speciesChoices, id: \.id) { entry in
                    Button(model.name(of: entry, .species)) { model.choose(entry, for: .species) }
                        .frame(minHeight: 60)
                        .control(CatchEditorModel.species, help: models.help)
                }
            }
            .searchable(text: $model.speciesQuery, prompt: models.help.label(CatchEditorModel.speciesSearch))
            .navigationTitle(models.help.label(CatchEditorModel.species))
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    ControlButton(CatchEditorModel.cancelSpecies, help: models.help) { model.isChoosingSpecies = false }
                }
                HelpModeButton.barItem(models.help)
            }
        }
    }
}
