import FishingModel
import Foundation
import PortalStore
import SyncProtocol
import TestSupport
import Testing

/// The diary's pages (issue 16 §1, §5): a page next to one already read continues from its edge,
/// forwards or backwards, and must hold exactly what counting from the top would — with trips
/// that start at the same minute, under a filter, and after the diary changes.
@Suite("Site: paging through the diary", .timeLimit(.minutes(1)))
struct DiaryPagingTests {
    @Test(
        "Given 95 trips, many starting together, when paging forwards, backwards and jumping, with and without a filter and across a change, then every page holds the trips counting from the top gives",
        arguments: Backend.available)
    func pagesMatchTheListOrder(backend: Backend) throws {
        let portal = try PortalHarness(backend)
        let store = portal.store
        let account = try store.accounts.signUp(email: "anna@example.org", password: "correct horse")
        let device = try store.accounts.signIn(
            email: "anna@example.org", password: "correct horse", deviceId: UUID(), deviceName: "phone"
        ).deviceId
        let (lake, river) = (UUID(), UUID())
        var mutations = [lake, river].enumerated().map { index, spot in
            mutation(
                index + 1, .spot, spot, ["name": .text("Spot \(index)"), "latitude": .real(56), "longitude": .real(37)])
        }
        var trips: [(id: UUID, at: Int64, spot: UUID)] = []
        for index in 0..<95 {
            // Three trips to a minute: the list orders those by id.
            let trip = (
                id: UUID(), at: 1_780_000_000_000 + Int64(index / 3) * 60_000, spot: index % 4 == 0 ? river : lake
            )
            trips.append(trip)
            mutations.append(
                mutation(
                    mutations.count + 1, .trip, trip.id,
                    [
                        "spot_id": .text(trip.spot.uuidString.lowercased()), "start_at": .integer(trip.at),
                        "utc_offset_s": .integer(0),
                    ]))
        }
        // A start that is not a time: never listed, never counted.
        mutations.append(
            mutation(
                mutations.count + 1, .trip, UUID(), ["spot_id": .text(lake.uuidString), "start_at": .text("soon")]))
        _ = try store.records.push(mutations, account: account, device: device)

        func expected(_ filter: (UUID) -> Bool = { _ in true }) -> [UUID] {
            trips.filter { filter($0.spot) }
                .sorted { ($0.at, $0.id.uuidString.lowercased()) > ($1.at, $1.id.uuidString.lowercased()) }.map(\.id)
        }
        func page(_ number: Int, _ filter: DiaryFilter = DiaryFilter()) throws -> [UUID] {
            let page = try store.diary.trips(account: account, filter: filter, page: number)
            return page.trips.map(\.trip.id)
        }
        func slice(_ ids: [UUID], _ number: Int) -> [UUID] { Array(ids.dropFirst((number - 1) * 20).prefix(20)) }

        let all = expected()
        #expect(try store.diary.trips(account: account, filter: DiaryFilter(), page: 1).total == 95)
        for number in 1...5 { #expect(try page(number) == slice(all, number), "forwards, page \(number)") }
        for number in (1...5).reversed() {
            #expect(try page(number) == slice(all, number), "backwards, page \(number)")
        }

        let riverOnly = DiaryFilter(spotId: river)
        #expect(try page(2, riverOnly) == slice(expected { $0 == river }, 2), "jumped to, filtered")
        #expect(try page(1, riverOnly) == slice(expected { $0 == river }, 1), "from the page after it, filtered")

        // A change: the edges read before it no longer count; backwards from a page jumped to.
        _ = try store.records.push(
            [mutation(mutations.count + 1, .trip, trips[40].id, nil)], account: account, device: device)
        let afterDelete = all.filter { $0 != trips[40].id }
        for number in [5, 4, 3, 2, 1] {
            #expect(try page(number) == slice(afterDelete, number), "after a change, page \(number)")
        }
    }

    private func mutation(_ number: Int, _ kind: RecordKind, _ id: UUID, _ fields: RecordFields?) -> RecordMutation {
        var fields = fields
        fields?["id"] = .text(id.uuidString.lowercased())
        fields?["created_at"] = .integer(1_700_000_000_000)
        fields?["updated_at"] = .integer(1_700_000_000_000)
        return RecordMutation(
            mutationId: Int64(number), kind: kind, id: id, operation: fields == nil ? .delete : .upsert,
            modifiedAt: 1_700_000_000_000 + Int64(number), baseSeq: 0, fields: fields)
    }
}
