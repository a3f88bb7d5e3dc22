import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Testing

/// UI5: no destructive control of any screen runs without its safeguard — a confirmation (typed
/// where it says so) or, for a move to the Trash, an undo offer.
@Suite("Fool protection on every destructive control (UI5)")
@MainActor
struct SafeguardTests {
    /// Each screen with destructive controls, set up with something selected, and a way to see
    /// whether anything changed.
    func screens(_ f: AppFixture) async throws -> [(any SafeguardsDestructiveActions, () async throws -> [Int])] {
        _ = try await f.diary.write { [trip = f.trip] in try $0.moveToTrash(.trip, trip.id) }
        let trash = TrashModel(diary: f.diary, language: .english)
        try await trash.load()
        let profiles = ProfilesModel(storage: f.storage, language: .english)
        try await profiles.load()
        profiles.selected = profiles.profiles.first
        let storage = f.storage
        return [
            (trash, { try f.counts() }),
            (profiles, { try await storage.run { try $0.profiles().map(\.displayName.count) } }),
        ]
    }

    @Test(
        "Given every destructive control of every screen, when requested, then nothing changes until it is confirmed, or an undo is offered"
    )
    func everyDestructiveActionWaits() async throws {
        let f = try AppFixture()
        var walked: [String] = []
        for (model, state) in try await screens(f) {
            for control in type(of: model).controls where control.isDestructive {
                walked.append(control.id)
                let before = try await state()
                await model.request(control)
                switch control.safeguard {
                case .undo:
                    #expect(model.undoOffer != nil, "\(control) moved to the Trash without an undo offer")
                case .confirm, .typedConfirmation:
                    let after = try await state()
                    #expect(after == before, "\(control) changed something before it was confirmed")
                    let confirmation = try #require(model.confirmation, "\(control) asked for no confirmation")
                    #expect((confirmation.expectedText != nil) == (control.safeguard == .typedConfirmation))
                    confirmation.typedText = confirmation.expectedText ?? ""
                    try await confirmation.confirm()
                    let confirmed = try await state()
                    #expect(confirmed != before, "\(control) did nothing once confirmed")
                case .none: break
                }
            }
        }
        let declared = AppScreens.controls.filter(\.isDestructive).map(\.id)
        #expect(Set(walked) == Set(declared), "every destructive control of the app is walked")
    }
}
