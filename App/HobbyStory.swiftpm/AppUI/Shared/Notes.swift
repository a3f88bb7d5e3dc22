import AppFeatures
import SwiftUI

/// What a screen shows while its list is empty: the catalogue's `<key>` as the title and
/// `<key>.description` as what to do about it.
struct EmptyListNote: View {
    let key: String
    let systemImage: String
    let models: ScreenModels

    var body: some View {
        ContentUnavailableView(
            models.text(key), systemImage: systemImage, description: Text(models.text("\(key).description")))
    }
}

/// A screen's last failure, in the angler's words (the model has already translated it).
struct ProblemNote: View {
    let problem: String?

    var body: some View {
        if let problem { Text(problem).foregroundStyle(.red) }
    }
}

/// The message of a field, under the field (T19, issue 30 §4): a problem in red with its icon,
/// which VoiceOver announces as it appears; a required field not filled yet is only a grey hint
/// (the asterisk already marks it), since nothing is wrong before the angler saves.
struct FieldErrorNote: View {
    let message: String?

    var body: some View {
        if let message {
            if Language.allCases.contains(where: { Catalog.shared.text("field.required", $0) == message }) {
                Text(message).font(.caption).foregroundStyle(.secondary)
            } else {
                Label(message, systemImage: "exclamationmark.circle")
                    .font(.caption)
                    .foregroundStyle(.red)
                    .onAppear { AccessibilityNotification.Announcement(message).post() }
            }
        }
    }
}
