import AppFeatures
import SwiftUI

/// The trips, newest first (issue 13 §3, issue 30 §3): each row a trip as a season is reviewed —
/// its day, hours and length, spot, fish by species with weights and its conditions; search,
/// filters by year and spot, each row opening the trip — pushed on iPhone, beside the list on
/// iPad; a new trip from the bar.
struct TripListScreen: View {
    @Bindable var model: TripListModel
    let models: ScreenModels
    /// The trip shown beside the list on a wide screen; nil when a row pushes the trip.
    let selection: Binding<Destination?>?
    /// Searching counts as editing text: the ring leaves the page's drags alone meanwhile.
    @Environment(\.fieldEditing) private var fieldEditing

    var body: some View {
        List(selection: selection) {
            Section {
                Picker(models.help.label(TripListModel.yearFilter), selection: $model.year) {
                    Text(models.text("trips.allYears")).tag(Int?.none)
                    ForEach(model.years, id: \.self) { year in Text(String(year)).tag(Int?.some(year)) }
                }
                .control(TripListModel.yearFilter, help: models.help)
                Picker(models.help.label(TripListModel.spotFilter), selection: $model.spotId) {
                    Text(models.text("trips.allSpots")).tag(UUID?.none)
                    ForEach(model.spots) { spot in Text(spot.name).tag(UUID?.some(spot.id)) }
                }
                .control(TripListModel.spotFilter, help: models.help)
            }
            if model.rows.isEmpty {
                EmptyListNote(key: "trips.none", systemImage: "calendar", models: models)
            }
            ForEach(model.rows) { row in
                NavigationLink(value: Destination.trip(row.trip.id)) {
                    VStack(alignment: .leading) {
                        Text(row.trip.title ?? row.spotName).font(.headline)
                        Text(model.lines.when(row.trip)).font(.subheadline)
                        Text(row.trip.title == nil ? fish(row) : "\(row.spotName) · \(fish(row))")
                        Text(model.lines.conditions(at: row.trip.startAt, row.conditions))
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                    }
                }
                .control(TripListModel.open, help: models.help)
            }
        }
        .searchable(
            text: $model.query, isPresented: $model.isSearching, prompt: models.help.label(TripListModel.search)
        )
        .onChange(of: model.isSearching) { _, searching in fieldEditing(TripListModel.search.id, searching) }
        .navigationTitle(models.text("page.trips"))
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                ControlButton(TripListModel.newTrip, systemImage: "plus", help: models.help) {
                    models.router.current.navigate(to: .newTrip)
                }
            }
        }
        .task { try? await model.load() }
        .task { await model.observe() }
    }

    private func fish(_ row: TripListModel.Row) -> String { model.lines.fish(row.tallies) }
}
