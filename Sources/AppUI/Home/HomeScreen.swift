import AppFeatures
import FishingModel
import SwiftUI

/// Home (issue 13 §3): "Catch now" first and large — two taps log a fish (species from recent
/// and favourites first, the open trip or the nearest spot) — then what's recent and whether
/// everything is synced.
struct HomeScreen: View {
    @Bindable var model: HomeModel
    let models: ScreenModels

    var body: some View {
        List {
            Section {
                Button {
                    Task { await model.startCatchNow() }
                } label: {
                    PrimaryActionLabel(title: models.help.label(HomeModel.catchNow), systemImage: "fish")
                }
                .buttonStyle(.borderedProminent)
                .control(HomeModel.catchNow, help: models.help)
                syncState
            }
            Section(models.text("home.recent")) {
                if model.recentCatches.isEmpty {
                    EmptyListNote(key: "home.noCatches", systemImage: "fish", models: models)
                } else {
                    ForEach(model.recentCatches) { item in
                        Text(model.title(of: item))
                    }
                }
                if let trip = model.latestTrip {
                    NavigationLink(value: Destination.trip(trip.id)) {
                        Label(trip.title ?? models.text("page.tripDetail"), systemImage: "calendar")
                    }
                    .control(HomeModel.openTrip, help: models.help)
                }
            }
            ProblemNote(problem: model.problem)
        }
        .navigationTitle(models.text("page.home"))
        .sheet(isPresented: catchNowShown) { CatchNowSheet(model: model, models: models) }
        .task { try? await model.load() }
        .task { await model.observe() }
    }

    private var syncState: some View {
        Button {
            models.router.select(page: "sync")
        } label: {
            Label(syncText, systemImage: model.pendingChanges == 0 ? "checkmark.icloud" : "icloud.and.arrow.up")
        }
        .control(HomeModel.openSync, help: models.help)
    }

    private var syncText: String {
        if !model.isSignedIn { return models.text("home.notSignedIn") }
        return model.pendingChanges == 0
            ? models.text("home.synced") : models.text("home.pending", ["count": "\(model.pendingChanges)"])
    }

    private var catchNowShown: Binding<Bool> {
        Binding(get: { model.catchNowPlan != nil }, set: { if !$0 { model.cancelCatchNow() } })
    }
}

/// The second tap of "Catch now": the species, recent and favourites first, with a search.
struct CatchNowSheet: View {
    @Bindable var model: HomeModel
    let models: ScreenModels

    var body: some View {
        NavigationStack {
            List {
                ForEach(model.speciesChoices, id: \.id) { entry in
                    Button(model.speciesName(entry)) { Task { await model.save(species: entry) } }
                        .frame(minHeight: 60)
                        .control(HomeModel.pickSpecies, help: models.help)
                }
            }
            .searchable(text: $model.speciesQuery, prompt: models.help.label(HomeModel.searchSpecies))
            .navigationTitle(models.help.label(HomeModel.catchNow))
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    ControlButton(HomeModel.cancelCatchNow, help: models.help) { model.cancelCatchNow() }
                }
            }
        }
    }
}
