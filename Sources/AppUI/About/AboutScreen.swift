import AppFeatures
import SwiftUI

/// About the app: its version, and the licences and credits of the data it ships (T13's
/// purchase terms join them when that issue lands).
struct AboutScreen: View {
    let model: AboutModel
    let models: ScreenModels
    @State private var showsLicences = false

    var body: some View {
        List {
            Text(models.text("about.version", ["version": model.version]))
            ControlButton(AboutModel.licences, systemImage: "doc.text", help: models.help) { showsLicences.toggle() }
            if showsLicences {
                Section(models.text("about.credits")) {
                    ForEach(model.credits, id: \.self) { credit in Text(credit).font(.footnote) }
                }
            }
        }
        .navigationTitle(models.text("page.about"))
    }
}
