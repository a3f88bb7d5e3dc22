import AppFeatures
import SwiftUI

/// The settings' error reports (T6, issue 18): the switch, what would be sent shown first, and
/// "Report a problem" with the angler's words.
struct ErrorReportsSection: View {
    let model: ErrorReportsModel
    let models: ScreenModels

    var body: some View {
        Section(models.text("errorReports.section")) {
            Toggle(models.help.label(ErrorReportsModel.share), isOn: sharing)
                .control(ErrorReportsModel.share, help: models.help)
            Text(models.text("errorReports.queued", ["count": String(model.queued)]))
                .font(.footnote).foregroundStyle(.secondary)
            Button(models.help.label(ErrorReportsModel.preview)) { Task { await model.showPreview() } }
                .control(ErrorReportsModel.preview, help: models.help)
            if let preview = model.previewText {
                Text(preview).font(.caption)
            }
            TextField(models.help.label(ErrorReportsModel.comment), text: comment, axis: .vertical)
                .control(ErrorReportsModel.comment, help: models.help)
            Button(models.help.label(ErrorReportsModel.send)) { Task { await model.sendProblemReport() } }
                .disabled(!model.canSend)
                .control(ErrorReportsModel.send, help: models.help)
            if let note = model.sentNote { Text(note).font(.footnote) }
            ProblemNote(problem: model.problem)
        }
        .task { await model.load() }
    }

    private var sharing: Binding<Bool> {
        let model = model
        return Binding(
            get: { @MainActor in model.sharing == true }, set: { @MainActor on in Task { await model.setSharing(on) } })
    }

    private var comment: Binding<String> {
        let model = model
        return Binding(get: { @MainActor in model.comment }, set: { @MainActor in model.comment = $0 })
    }
}

/// The question put once (issue 18): send error reports after each sync or not.
struct ErrorReportsQuestion: ViewModifier {
    let model: ErrorReportsModel
    let models: ScreenModels

    func body(content: Content) -> some View {
        content
            .alert(models.text("errorReports.question"), isPresented: asking) {
                Button(models.text("errorReports.allow")) { Task { await model.setSharing(true) } }
                Button(models.text("errorReports.deny"), role: .cancel) { Task { await model.setSharing(false) } }
            } message: {
                Text(models.text("errorReports.questionDetail"))
            }
            .task { await model.load() }
    }

    private var asking: Binding<Bool> {
        let model = model
        return Binding(get: { @MainActor in model.needsQuestion }, set: { @MainActor _ in })
    }
}
