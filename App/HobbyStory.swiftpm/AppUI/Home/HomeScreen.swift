import AppFeatures
import FishingModel
import SwiftUI

/// Home (issue 13 §3, issue 30 §2): "Catch now" first and large — two taps log a fish into a
/// destination the sheet shows first — then the trip going on with its End trip, what's recent,
/// and whether everything is synced; a catch just saved can be taken back from here. On a first
/// run, a tip tells of help mode until the angler puts it away (issue 33 §3).
struct HomeScreen: View {
    @Bindable var model: HomeModel
    let models: ScreenModels

    var body: some View {
        List {
            Section {
                Button {
                    Task { await model.catchNow.begin() }
                } label: {
                    PrimaryActionLabel(title: models.help.label(CatchNowModel.start), systemImage: "fish")
                }
                .buttonStyle(.borderedProminent)
                .control(CatchNowModel.start, help: models.help)
                syncState
            }
            if models.settings.showsHelpTip {
                Section(models.text("helpMode.tipTitle")) {
                    Label(models.text("helpMode.tipText"), systemImage: "questionmark.circle")
                    ControlButton(SettingsModel.helpTipDone, systemImage: "checkmark", help: models.help) {
                        Task { await models.settings.finishHelpTip() }
                    }
                }
            }
            if let text = model.unendedTripText, let unended = model.unendedTrip {
                Section(models.text("home.unendedTrip")) {
                    Label(text, systemImage: "figure.fishing")
                    // Recording is offered while the trip goes on, not for one left unended.
                    TrackRecordingRow(
                        recorder: models.track, tripId: unended.trip.id, tripGoesOn: unended.lastActiveAt == nil,
                        explains: false, models: models)
                    Button(model.endTripLabel, systemImage: "flag.checkered") { Task { await model.endUnendedTrip() } }
                        .control(HomeModel.endTrip, help: models.help)
                }
            }
            // Another trip going on records (the one Today offers to end is the latest).
            if models.track.isRecording, models.track.tripId != model.unendedTrip?.trip.id {
                Section(models.text("track.recordingSection")) {
                    TrackRecordingRow(recorder: models.track, tripId: nil, tripGoesOn: true, models: models)
                }
            }
            Section(models.text("home.recent")) {
                if model.recentCatches.isEmpty {
                    EmptyListNote(key: "home.noCatches", systemImage: "fish", models: models)
                } else {
                    ForEach(model.recentCatches) { item in
                        NavigationLink(value: Destination.catchPage(item.id)) {
                            VStack(alignment: .leading) {
                                Text(model.title(of: item)).font(.headline)
                                Text(model.moment(of: item)).font(.subheadline).foregroundStyle(.secondary)
                            }
                        }
                        .control(HomeModel.openCatch, help: models.help)
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
        .sheet(isPresented: catchNowShown) { CatchNowSheet(model: model.catchNow, models: models) }
        .undoBanner(model.catchNow.plan == nil ? model.catchNow.undoOffer : nil, help: models.help)
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
            ? models.text("home.synced") : models.text("home.pending", count: model.pendingChanges)
    }

    private var catchNowShown: Binding<Bool> {
        let catchNow = model.catchNow
        return Binding(get: { @MainActor in catchNow.plan != nil }, set: { @MainActor in if !$0 { catchNow.close() } })
    }
}
