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

/// The message of an invalid field, under the field (T19).
struct FieldErrorNote: View {
    let message: String?

    var body: some View {
        if let message { Text(message).font(.caption).foregroundStyle(.red) }
    }
}
