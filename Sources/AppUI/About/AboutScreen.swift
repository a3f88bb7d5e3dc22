import AppFeatures
import SwiftUI

/// About the app: its version and the credits of the data it ships (T13's licences when that
/// issue lands).
struct AboutScreen: View {
    let model: AboutModel
    let models: ScreenModels

    var body: some View {
        List {
            Text(models.text("about.version", ["version": model.version]))
            Section(models.text("about.credits")) {
                ForEach(model.credits, id: \.self) { credit in Text(credit).font(.footnote) }
            }
        }
        .navigationTitle(models.text("page.about"))
    }
}
