import AppFeatures
import SwiftUI

/// The settings' licence (T13, issue 17): where it stands in a sentence, the products with their
/// prices while nothing is bought, "Restore purchases", and — when read-only — that the records
/// stay the angler's and export still works. A purchase is made from this section's window.
struct LicenceSection: View {
    let model: LicenceModel
    let models: ScreenModels

    var body: some View {
        Section(models.text("licence.section")) {
            Text(model.summary)
            if !model.canWrite {
                Text(models.text("licence.readOnlyNote")).font(.footnote).foregroundStyle(.secondary)
            }
            if model.offersPurchase {
                ForEach(model.products) { product in
                    Button("\(models.help.label(LicenceModel.buy)) \(product.name) — \(product.price)") {
                        Task { await model.buy(product) }
                    }
                    .disabled(model.isWorking || model.awaitingApproval)
                    .control(LicenceModel.buy, help: models.help)
                }
            }
            Button(models.help.label(LicenceModel.restore)) { Task { await model.restore() } }
                .disabled(model.isWorking)
                .control(LicenceModel.restore, help: models.help)
            if let note = model.note { Text(note).font(.footnote) }
            if let buildNote = model.buildNote { Text(buildNote).font(.footnote).foregroundStyle(.secondary) }
            ProblemNote(problem: model.problem)
        }
        .task { await model.load() }
        .answeringPurchases(models.purchases)
    }
}
