import AppFeatures
import SwiftUI

/// "Your links" on Settings › Sharing catches (issue 34 §4): every link the account made, the
/// working ones first, each with what it shows and until when; a working link can be sent again
/// or withdrawn (asking first). Signed out, the section says where the links are.
struct SharedLinksSection: View {
    @Bindable var model: SharedLinksModel
    let models: ScreenModels

    var body: some View {
        Section(models.text("sharedLinks.section")) {
            switch model.status {
            case .loading: ProgressView()
            case .signedOut:
                EmptyListNote(key: "sharedLinks.signedOut", systemImage: "person.crop.circle", models: models)
                NavigationLink(value: Destination.settings(.account)) {
                    Label(models.help.label(SharedLinksModel.signIn), systemImage: "person.crop.circle")
                }
                .control(SharedLinksModel.signIn, help: models.help)
            case .loaded:
                if model.rows.isEmpty && model.problem == nil {
                    EmptyListNote(key: "sharedLinks.none", systemImage: "link", models: models)
                }
                ForEach(model.rows) { row in linkRow(row) }
            }
            ProblemNote(problem: model.problem)
        }
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .task { await model.load() }
    }

    private func linkRow(_ row: SharedLinksModel.Row) -> some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(row.species).font(.headline)
            Text(row.details).font(.subheadline)
            Label(row.status, systemImage: Self.symbol(of: row.state))
                .font(.footnote)
                .foregroundStyle(row.state == .works ? Color.green : Color.secondary)
            if row.state == .works {
                HStack {
                    ShareLink(item: row.url) {
                        Label(models.help.label(SharedLinksModel.send), systemImage: "square.and.arrow.up")
                    }
                    .control(SharedLinksModel.send, help: models.help)
                    Spacer()
                    ControlButton(
                        SharedLinksModel.withdraw, systemImage: "link.badge.minus", role: .destructive,
                        help: models.help
                    ) {
                        model.selected = row
                        Task { await model.request(SharedLinksModel.withdraw) }
                    }
                }
                .buttonStyle(.borderless)
            }
        }
        .padding(.vertical, 4)
    }

    /// A working link, one past its end, one withdrawn: each its own mark.
    static func symbol(of state: SharedLinksModel.Row.State) -> String {
        switch state {
        case .works: "link"
        case .expired: "clock.badge.xmark"
        case .withdrawn: "link.badge.minus"
        }
    }
}
