import AppFeatures
import SwiftUI

/// The "Catch now" sheet (issue 30 §2.3–2.5): where the catch goes, said first and changed in one
/// tap; the two recent species apart from the rest, large, behind a gap a wet thumb cannot bridge;
/// after a save, what was saved with its Undo, and the list ready for the next fish.
struct CatchNowSheet: View {
    @Bindable var model: CatchNowModel
    let models: ScreenModels

    var body: some View {
        NavigationStack {
            List {
                if let saved = model.saved {
                    Section {
                        Label(saved.message, systemImage: "checkmark.circle.fill")
                        if let offer = model.undoOffer {
                            Button(models.help.label(UndoOffer.undoControl), systemImage: "arrow.uturn.backward") {
                                Task { try? await offer.perform() }
                            }
                            .control(UndoOffer.undoControl, help: models.help)
                        }
                    }
                }
                destination
                if model.isChoosingDestination { destinations } else { species }
                ProblemNote(problem: model.problem)
            }
            .searchable(text: $model.speciesQuery, prompt: models.help.label(CatchNowModel.searchSpecies))
            .navigationTitle(models.help.label(CatchNowModel.start))
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: model.saved == nil ? .cancellationAction : .confirmationAction) {
                    ControlButton(model.saved == nil ? CatchNowModel.cancel : CatchNowModel.done, help: models.help) {
                        model.close()
                    }
                }
                HelpModeButton.barItem(models.help)
            }
        }
    }

    /// Where the catch goes, and the trip it ends, before anything is saved.
    private var destination: some View {
        Section(models.text("catchNow.goesTo")) {
            Label(model.destinationText, systemImage: model.plan?.destination == nil ? "questionmark.circle" : "mappin")
            if let leftOpen = model.leftOpenText {
                Label(leftOpen, systemImage: "flag.checkered").font(.footnote)
            }
            if !model.isChoosingDestination {
                ControlButton(CatchNowModel.changeDestination, systemImage: "arrow.triangle.branch", help: models.help)
                {
                    model.showDestinations()
                }
            }
        }
    }

    private var destinations: some View {
        Section(model.waitingText ?? models.text("catchNow.chooseDestination")) {
            ForEach(Array((model.plan?.choices ?? []).enumerated()), id: \.offset) { _, choice in
                Button(model.text(of: choice)) { Task { await model.choose(choice) } }
                    .frame(minHeight: 60)
                    .control(CatchNowModel.pickDestination, help: models.help)
            }
            ControlButton(CatchNowModel.backToSpecies, systemImage: "chevron.backward", help: models.help) {
                model.closeDestinations()
            }
        }
    }

    @ViewBuilder private var species: some View {
        if !model.recentChoices.isEmpty {
            Section(models.text("catchNow.recentSpecies")) {
                ForEach(model.recentChoices, id: \.id) { entry in
                    Button(model.name(of: entry)) { Task { await model.save(species: entry) } }
                        .font(.title3)
                        .frame(minHeight: 72)
                        .control(CatchNowModel.pickSpecies, help: models.help)
                }
            }
        }
        Section(models.text("catchNow.allSpecies")) {
            ForEach(model.otherChoices, id: \.id) { entry in
                Button(model.name(of: entry)) { Task { await model.save(species: entry) } }
                    .frame(minHeight: 60)
                    .control(CatchNowModel.pickSpecies, help: models.help)
            }
        }
    }
}
