import AppFeatures
import DiaryServices
import SwiftUI

/// Everything about a chosen point (T9, T10): coordinates in the angler's notation, the place
/// from the offline gazetteer, and the saved spots nearest to it.
struct PointInfoRows: View {
    let info: PointInfo
    let distance: (Double) -> String
    let models: ScreenModels

    var body: some View {
        Text(info.coordinates).font(.headline)
        if let place = info.place { Text(place.description) }
        ForEach(info.nearestSpots, id: \.spot.id) { near in
            Text("\(near.spot.name) · \(distance(near.meters))").font(.subheadline)
        }
    }
}
