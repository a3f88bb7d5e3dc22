import AppFeatures
import SwiftUI

/// About the app: its version, and the licences and credits of the data it ships (T13's
/// purchase terms join them when that issue lands).
struct AboutScreen: View {
    @Bindable var model: AboutModel
    let models: ScreenModels

    var body: some View {
        List {
            Text(models.text("about.version", ["version": model.version]))
            ControlButton(AboutModel.licences, systemImage: "doc.text", help: models.help) {
                model.showsLicences.toggle()
            }
            if model.showsLicences {
                Section(models.text("about.credits")) {
                    ForEach(model.credits, id: \.self) { credit in Text(credit).font(.footnote) }
                }
            }
        }
        .navigationTitle(models.text("page.about"))
    }
}
