import AppFeatures
import DiaryStore
import FishingModel
import Geodesy
import MapKit
import SwiftUI
import UniformTypeIdentifiers

/// A trip as a season is reviewed (issue 13 §3, issue 30 §3): its spot, day, hours and length,
/// its fish by species, its conditions; each catch with its time and figures, opening the catch;
/// its photos and videos; end it, edit it, add a catch, record its track while it goes on or read
/// it from a file another program wrote (issue 34 §3), or move it to the Trash with an undo (UI5).
struct TripDetailScreen: View {
    @Bindable var model: TripDetailModel
    let models: ScreenModels

    var body: some View {
        List {
            if let spot = model.spot {
                // The spot, the trip's track and each catch where it was made on the track.
                Map(position: .constant(.automatic)) {
                    Marker(
                        spot.name,
                        coordinate: CLLocationCoordinate2D(latitude: spot.latitude, longitude: spot.longitude))
                    if !trackPath.isEmpty {
                        MapPolyline(
                            coordinates: trackPath.map {
                                CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude)
                            })
                    }
                    ForEach(model.catchesOnTrack) { placed in
                        Marker(
                            placed.title,
                            coordinate: CLLocationCoordinate2D(
                                latitude: placed.position.latitude, longitude: placed.position.longitude))
                    }
                }
                .frame(height: 180)
                Label(spot.name, systemImage: "mappin.and.ellipse")
            }
            if let when = model.whenText {
                Label(when, systemImage: "calendar")
            }
            Label(model.fishText, systemImage: "fish")
            if let conditions = model.conditionsText {
                Label(conditions, systemImage: "cloud.sun")
            }
            if let track = model.trackText {
                Label(track, systemImage: "point.topleft.down.to.point.bottomright.curvepath")
            }
            TrackRecordingRow(
                recorder: models.track, tripId: model.tripId, tripGoesOn: model.trip?.endAt == nil, models: models)
            // A track read from a file while one records would be written over at its next save.
            if !models.track.isRecording(trip: model.tripId) {
                ControlButton(TripDetailModel.importTrack, systemImage: "square.and.arrow.down", help: models.help) {
                    model.isChoosingTrack = true
                }
            }
            if let message = model.trackMessage {
                Text(message).font(.footnote).foregroundStyle(.secondary)
            }
            if let water = model.waterText {
                Label(water, systemImage: "drop")
            }
            if model.trip?.endAt == nil {
                ControlButton(TripDetailModel.endTrip, systemImage: "flag.checkered", help: models.help) {
                    Task { await model.endTrip() }
                }
                .buttonStyle(.borderedProminent)
            }
            Section(models.text("trip.catches")) {
                ControlButton(TripDetailModel.addCatch, systemImage: "plus", help: models.help) {
                    models.router.current.navigate(to: .newCatch(tripId: model.tripId))
                }
                ForEach(model.catches) { item in
                    NavigationLink(value: Destination.catchPage(item.id)) {
                        VStack(alignment: .leading) {
                            Text(model.title(of: item)).font(.headline)
                            Text(model.details(of: item)).font(.subheadline).foregroundStyle(.secondary)
                        }
                    }
                    .control(TripDetailModel.openCatch, help: models.help)
                }
            }
            Section(models.text("page.media")) {
                MediaGrid(tiles: model.media, target: MediaTarget(.trip, model.tripId), missing: [], models: models)
                NavigationLink(value: Destination.gallery(MediaTarget(.trip, model.tripId))) {
                    Label(models.text("media.addOrSeeAll"), systemImage: "photo.on.rectangle")
                }
                .control(TripDetailModel.openMedia, help: models.help)
            }
            ProblemNote(problem: model.problem)
            // Delete stands alone at the end, as in iOS's own detail screens, never beside Edit.
            Section {
                ControlButton(TripDetailModel.delete, systemImage: "trash", role: .destructive, help: models.help) {
                    Task { await model.request(TripDetailModel.delete) }
                }
                .keyboardShortcut(.delete)
            }
        }
        .navigationTitle(model.trip?.title ?? model.spot?.name ?? models.text("page.tripDetail"))
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                ControlButton(TripDetailModel.edit, help: models.help) {
                    models.router.current.navigate(to: .editTrip(model.tripId))
                }
            }
        }
        .fileImporter(isPresented: $model.isChoosingTrack, allowedContentTypes: InterchangeSection.mapFiles) {
            result in
            guard case .success(let file) = result else { return }
            Task { await model.importTrack(from: file, access: SecurityScopedAccess(file)) }
        }
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .undoBanner(model.undoOffer, help: models.help)
        .task { try? await model.load() }
        .task { await model.observe() }
    }

    /// The saved track, or the path recording now (issue 34 §3).
    private var trackPath: [Coordinate] {
        models.track.isRecording(trip: model.tripId) ? models.track.path : model.trackPath
    }
}
