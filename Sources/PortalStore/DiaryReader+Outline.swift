import FishingModel
import Foundation
import Synchronization

/// What the diary page shows around its trips (issue 16 §1): the account's spots (by id, and in
/// name order for the filter), the years it fished and the species it caught. Read once per
/// change of the account and kept with the trip counts of its filters, so paging through an
/// unchanged diary decodes no spot and counts no trip twice (issue 16 §5).
struct DiaryOutline: Sendable {
    var spots: [UUID: DiarySpot]
    var spotsByName: [DiarySpot]
    var years: [Int]
    var species: [String]
}

/// Diary outlines, trip counts and page edges by account, each valid at one account sequence
/// number (a change moves it, and the next page reads afresh). Bounded by accounts, by spots in
/// all (an account may hold thousands) and per account, so it stays within tens of megabytes:
/// when full it starts afresh.
final class DiaryOutlineCache: Sendable {
    private struct Entry {
        var seq: Int64
        var outline: DiaryOutline?
        var totals: [DiaryFilter: Int] = [:]
        var edges: [TripPageAddress: TripPageEdges] = [:]

        var spots: Int { outline?.spots.count ?? 0 }
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        var spots = 0
    }

    private static let accounts = 500
    private static let spots = 100_000
    private static let filtersPerAccount = 200
    private static let pagesPerAccount = 500
    private let state = Mutex(State())

    func outline(_ account: UUID, at seq: Int64) -> DiaryOutline? {
        entry(account, at: seq)?.outline
    }

    func remember(_ outline: DiaryOutline, _ account: UUID, at seq: Int64) {
        update(account, at: seq) { $0.outline = outline }
    }

    func total(_ account: UUID, at seq: Int64, _ filter: DiaryFilter) -> Int? {
        entry(account, at: seq)?.totals[filter]
    }

    func remember(total: Int, _ account: UUID, at seq: Int64, _ filter: DiaryFilter) {
        update(account, at: seq) { entry in
            if entry.totals.count >= Self.filtersPerAccount { entry.totals.removeAll() }
            entry.totals[filter] = total
        }
    }

    func edges(_ account: UUID, at seq: Int64, _ address: TripPageAddress) -> TripPageEdges? {
        entry(account, at: seq)?.edges[address]
    }

    func remember(_ edges: TripPageEdges, _ account: UUID, at seq: Int64, _ address: TripPageAddress) {
        update(account, at: seq) { entry in
            if entry.edges.count >= Self.pagesPerAccount { entry.edges.removeAll() }
            entry.edges[address] = edges
        }
    }

    private func entry(_ account: UUID, at seq: Int64) -> Entry? {
        state.withLock { state in state.entries[account].flatMap { $0.seq == seq ? $0 : nil } }
    }

    private func update(_ account: UUID, at seq: Int64, _ change: (inout Entry) -> Void) {
        state.withLock { state in
            let held = state.entries[account]
            var entry = held.flatMap { $0.seq == seq ? $0 : nil } ?? Entry(seq: seq)
            change(&entry)
            var spots = state.spots - (held?.spots ?? 0) + entry.spots
            if (held == nil && state.entries.count >= Self.accounts) || spots > Self.spots {
                state.entries.removeAll()
                spots = entry.spots
            }
            state.entries[account] = entry
            state.spots = spots
        }
    }
}

extension DiaryReader {
    /// The account's outline as of its sequence number `seq`: from the cache, or read now.
    func diaryOutline(_ sql: any PortalSQL, account: UUID, at seq: Int64) throws -> DiaryOutline {
        if let held = store.diaryOutlineCache.outline(account, at: seq) { return held }
        let spots = try Self.spots(sql, account: account)
        let outline = DiaryOutline(
            spots: spots, spotsByName: spots.values.sorted(byName: { $0.name }),
            years: try Self.years(sql, account: account), species: try Self.speciesCaught(sql, account: account))
        store.diaryOutlineCache.remember(outline, account, at: seq)
        return outline
    }
}
