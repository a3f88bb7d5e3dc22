import AppFeatures
import DiaryStore
import FishingModel
import SwiftUI

/// A catch to read (issue 30 §3): what and when, where, every figure recorded, the conditions
/// and its photos and videos; Edit in the bar opens its form, Share the sheet that makes a link to
/// it (issue 34 §4).
struct CatchPageScreen: View {
    @Bindable var model: CatchPageModel
    let models: ScreenModels

    var body: some View {
        List {
            Section {
                Label(model.momentText, systemImage: "clock")
                if let trip = model.trip, let tripText = model.tripText {
                    NavigationLink(value: Destination.trip(trip.id)) {
                        Label(tripText, systemImage: "calendar")
                    }
                    .control(CatchPageModel.openTrip, help: models.help)
                }
            }
            if !model.facts.isEmpty {
                Section {
                    ForEach(model.facts) { fact in LabeledValue(title: fact.label, value: fact.value) }
                }
            }
            if let conditions = model.conditionsText {
                Section(models.text(model.conditionsAreTrips ? "catches.conditionsOfTrip" : "catches.conditions")) {
                    Text(conditions)
                }
            }
            Section(models.text("page.media")) {
                MediaGrid(tiles: model.media, target: MediaTarget(.catch, model.catchId), missing: [], models: models)
                NavigationLink(value: Destination.gallery(MediaTarget(.catch, model.catchId))) {
                    Label(models.text("media.addOrSeeAll"), systemImage: "photo.on.rectangle")
                }
                .control(CatchPageModel.openMedia, help: models.help)
            }
            ProblemNote(problem: model.problem)
        }
        .navigationTitle(model.title.isEmpty ? models.text("page.catch") : model.title)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                ControlButton(CatchPageModel.edit, help: models.help) {
                    models.router.current.navigate(to: .editCatch(model.catchId))
                }
            }
            ToolbarItem(placement: .topBarTrailing) {
                ControlButton(CatchPageModel.share, systemImage: "square.and.arrow.up", help: models.help) {
                    model.isSharing = true
                }
                .labelStyle(.iconOnly)
            }
        }
        .sheet(isPresented: $model.isSharing) {
            ShareCatchSheet(model: models.shareCatch(model.catchId), models: models) { model.isSharing = false }
        }
        .task { try? await model.load() }
        .task { await model.observe() }
    }
}
