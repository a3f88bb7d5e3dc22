import AppFeatures
import DiaryServices
import SwiftUI

/// Everything about a chosen point (T9, T10, issue 15 §4): coordinates in the angler's notation,
/// the place from the offline gazetteer, the nearest road in a map pack, the weather now, and the
/// saved spots nearest to it.
struct PointInfoRows: View {
    let info: PointInfo
    let distance: (Double) -> String
    var conditions: String? = nil
    let models: ScreenModels

    var body: some View {
        Text(info.coordinates).font(.headline)
        if let place = info.place { Text(place.description) }
        if let road = info.nearestRoad {
            Text(
                models.text(
                    "map.nearestRoad",
                    ["street": road.street ?? models.text("map.unnamedRoad"), "distance": distance(road.meters)]))
        }
        if let conditions { Text(conditions) }
        ForEach(info.nearestSpots, id: \.spot.id) { near in
            Text("\(near.spot.name) · \(distance(near.meters))").font(.subheadline)
        }
    }
}
