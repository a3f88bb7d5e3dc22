import AppFeatures
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import SyncProtocol
import Testing

/// Settings › Sharing catches (issue 34 §4, UI5): every link the account made, the working ones
/// first, each saying what it shows and whether it still opens; withdrawing one asks first and
/// names the fish; signed out, the page says where the links are instead of failing.
@MainActor
@Suite("The links to shared catches")
struct SharedLinksModelTests {
    @Test(
        "Given three links — one kept, one with an end, one expired — then the working ones come first saying until when, and withdrawing one asks, names the fish and marks it withdrawn"
    )
    func listAndWithdraw() async throws {
        let fixture = try AppFixture()
        let portal = ShareCatchModelTests.Portal(clock: fixture.clock.function)
        let (sheet, _) = try ShareCatchModelTests.sheet(fixture, portal: portal)
        try await sheet.load()
        await sheet.createLink()
        fixture.clock.advance(by: 3_600)
        sheet.expiry = .day
        await sheet.choose(precision: .region)
        await sheet.createLink()
        fixture.clock.advance(by: 2 * 86_400)
        sheet.expiry = .week
        await sheet.createLink()
        #expect(portal.made.withLock { $0.count } == 3)

        let sharing = CatchSharing(diary: fixture.diary, transport: { _ in portal }, picture: { _, _ in nil })
        let links = SharedLinksModel(
            sharing: sharing, language: .english, timeZone: TimeZone(secondsFromGMT: 0)!, now: fixture.clock.function)
        await links.load()
        #expect(links.status == .loaded && links.problem == nil)
        #expect(links.rows.map(\.state) == [.works, .works, .expired], "the expired link goes last")
        #expect(
            links.rows[0].status.hasPrefix("Opens until ") && links.rows[0].status.hasSuffix("or until you withdraw it")
        )
        #expect(links.rows[1].status == "Opens until you withdraw it")
        #expect(links.rows[2].status.hasPrefix("Expired "), "\(links.rows[2].status)")
        #expect(links.rows[2].details.contains("Region only"), "\(links.rows[2].details)")
        #expect(links.rows[0].species == "Northern pike")
        #expect(links.rows[0].url.absoluteString == "https://portal.example.org/s/0123456789abcdef0123456789abcdef")

        links.selected = links.rows[2]
        await links.request(SharedLinksModel.withdraw)
        #expect(links.confirmation == nil, "a link that no longer opens has nothing to withdraw")
        let kept = links.rows[1]
        links.selected = kept
        await links.request(SharedLinksModel.withdraw)
        let confirmation = try #require(links.confirmation)
        #expect(confirmation.message.contains("Northern pike"))
        #expect(portal.revoked.withLock { $0.isEmpty }, "withdrawing asks first")
        try await confirmation.confirm()
        #expect(portal.revoked.withLock { $0 } == ["/v1/shares/\(kept.id.uuidString.lowercased())"])
        #expect(links.rows.map(\.state) == [.works, .expired, .withdrawn])
        let withdrawn = try #require(links.rows.first { $0.id == kept.id })
        #expect(withdrawn.status.hasPrefix("Withdrawn ") && withdrawn.state == .withdrawn)
    }

    @Test("Given a diary not signed in to a portal, then the page says so and asks the network nothing")
    func signedOut() async throws {
        let fixture = try AppFixture()
        let portal = ShareCatchModelTests.Portal()
        let sharing = CatchSharing(diary: fixture.diary, transport: { _ in portal }, picture: { _, _ in nil })
        let links = SharedLinksModel(sharing: sharing, language: .russian)
        await links.load()
        #expect(links.status == .signedOut && links.rows.isEmpty && links.problem == nil)
        #expect(portal.made.withLock { $0.isEmpty } && portal.revoked.withLock { $0.isEmpty })
    }

    @Test("Given a portal out of reach, then the page names the problem and keeps what it showed")
    func offline() async throws {
        let fixture = try AppFixture()
        try await fixture.diary.write {
            try $0.sync.saveAccount(
                portalURL: "https://portal.example.org", email: "anna@example.org", accountId: UUID(), token: "t")
        }
        let sharing = CatchSharing(
            diary: fixture.diary, transport: { _ in SyncAndSettingsTests.Unreachable() }, picture: { _, _ in nil })
        let links = SharedLinksModel(sharing: sharing, language: .english)
        await links.load()
        #expect(links.status == .loaded && links.rows.isEmpty)
        #expect(links.problem?.isEmpty == false)
    }
}
