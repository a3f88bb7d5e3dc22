import FishingModel
import Foundation
import SyncProtocol
import Synchronization

/// The diary of one account read for the site (issue 16 §1): trips newest first, a page at a
/// time, filtered by year, spot, species and words; one trip or catch with what belongs to it; a
/// photo or video by id. Read-only: the device is where the diary is written. Every query names
/// the account, so no page can reach another account's records.
/// One area of the ``PortalStore``, sharing its connection.
public struct DiaryReader: Sendable {
    let store: PortalStore
}

extension PortalStore {
    /// An account's diary as the site shows it.
    public var diary: DiaryReader { DiaryReader(store: self) }
}

extension DiaryReader {
    /// One page of the account's trips matching `filter`, newest first, with their catches.
    public func trips(account: UUID, filter: DiaryFilter, page: Int, pageSize: Int = 20) throws -> DiaryTripsPage {
        let pageSize = min(max(pageSize, 1), 200)
        let page = max(page, 1)
        // Read before the diary's own read: a search looks for fish by any of their names.
        let names = filter.words == nil ? [:] : try directoryNames()
        return try store.database.read { sql in
            // A trip whose start is not a time (a device's mistake) has no place in the list.
            var conditions = ["account_id = ?", "kind = 'trip'", "deleted = 0", "local_at IS NOT NULL"]
            var arguments: [PortalValue] = [PortalValue(account)]
            if let year = filter.year {
                conditions.append("local_at >= ? AND local_at < ?")
                arguments += [.integer(Self.yearStart(year)), .integer(Self.yearStart(year + 1))]
            }
            if let spot = filter.spotId {
                conditions.append("parent_id = ?")
                arguments.append(PortalValue(spot))
            }
            if let species = filter.speciesId {
                conditions.append(
                    """
                    EXISTS (SELECT 1 FROM records c WHERE c.account_id = records.account_id AND c.kind = 'catch'
                    AND c.deleted = 0 AND c.parent_id = records.id AND c.species_id = ?)
                    """)
                arguments.append(.text(species))
            }
            let filtered = "FROM records WHERE " + conditions.joined(separator: " AND ")
            let seq =
                try sql.queryFirst("SELECT last_seq FROM accounts WHERE id = ?", [PortalValue(account)])?
                .int64(0) ?? -1
            let outline = try diaryOutline(sql, account: account, at: seq)
            var trips: [DiaryEntry<Trip>]
            let total: Int
            if let words = filter.words {
                // Words are looked for in what the angler wrote and in the names of the fish,
                // baits and methods of the trips' catches (issue 30 §3), which only Swift reads in
                // both dialects: the year, spot and species narrow the rows first.
                let candidates = try sql.query(
                    "SELECT id, fields \(filtered) ORDER BY local_at DESC, id DESC", arguments
                ).compactMap(Self.trip)
                let caught = try Self.catches(sql, account: account, trips: candidates.map(\.id))
                let matching = candidates.filter { trip in
                    DiarySearch(words).matches(
                        trip.searchedTexts(
                            spot: outline.spots[trip.spotId], catches: caught[trip.id] ?? [],
                            names: names))
                }
                total = matching.count
                trips = Array(matching.dropFirst((page - 1) * pageSize).prefix(pageSize))
            } else {
                // Counting ten thousand trips walks ten thousand index entries: the count is kept
                // until the account changes (its last sequence number moves).
                if let held = store.diaryOutlineCache.total(account, at: seq, filter) {
                    total = held
                } else {
                    total = Int(try sql.queryFirst("SELECT COUNT(*) \(filtered)", arguments)?.int64(0) ?? 0)
                    store.diaryOutlineCache.remember(total: total, account, at: seq, filter)
                }
                trips = try pagedTrips(
                    sql, filtered, arguments, account: account, at: seq,
                    TripPageAddress(filter: filter, pageSize: pageSize, page: page))
            }
            let fish = try Self.fishCounts(sql, account: account, trips: trips.map(\.id))
            return DiaryTripsPage(
                trips: trips.map { trip in
                    DiaryTripEntry(
                        trip: trip, spot: outline.spots[trip.spotId], fish: fish[trip.id] ?? [])
                },
                total: total, page: page, pageSize: pageSize, years: outline.years, spots: outline.spotsByName,
                species: outline.species)
        }
    }

    /// One trip with its spot, catches and photos and videos; nil when the account has no live
    /// trip with this id.
    public func trip(account: UUID, id: UUID) throws -> DiaryTripDetail? {
        try store.database.read { sql in
            guard
                let trip = try Self.record(sql, account: account, kind: .trip, id: id)
                    .flatMap({ DiaryEntry<Trip>(id: id, $0) })
            else { return nil }
            return DiaryTripDetail(
                trip: trip,
                spot: try Self.record(sql, account: account, kind: .spot, id: trip.spotId).map {
                    DiarySpot(id: trip.spotId, $0)
                },
                catches: try Self.catches(sql, account: account, trips: [id])[id] ?? [],
                media: try Self.media(sql, account: account, linkedTo: "trip:\(id.uuidString.lowercased())"))
        }
    }

    /// One catch with its trip and photos and videos; nil when the account has no live catch
    /// with this id.
    public func catchDetail(account: UUID, id: UUID) throws -> DiaryCatchDetail? {
        try store.database.read { sql in
            guard
                let caught = try Self.record(sql, account: account, kind: .catch, id: id).flatMap({
                    DiaryEntry<Catch>(id: id, $0)
                })
            else { return nil }
            let trip = try Self.record(sql, account: account, kind: .trip, id: caught.tripId).flatMap {
                DiaryEntry<Trip>(id: caught.tripId, $0)
            }
            return DiaryCatchDetail(
                catch: caught, trip: trip,
                media: try Self.media(sql, account: account, linkedTo: "catch:\(id.uuidString.lowercased())"))
        }
    }

    /// A live photo or video of the account, for streaming.
    public func media(account: UUID, id: UUID) throws -> DiaryMedia? {
        try store.database.read { sql in
            try Self.record(sql, account: account, kind: .media, id: id).flatMap { DiaryMedia(id: id, $0) }
        }
    }

    /// The names of directory entries in both languages, by kind and id: read again only when
    /// the directories' version moved (one small query otherwise).
    public func directoryNames() throws -> [DirectoryKind: [String: DirectoryName]] {
        try store.database.read { sql in
            let version = try store.directories.directoryVersion(sql)
            if let cached = store.directoryNameCache.names(at: version) { return cached }
            var names: [DirectoryKind: [String: DirectoryName]] = [:]
            for row in try sql.query("SELECT kind, id, name_en, name_ru FROM directory_entries", []) {
                guard let kind = DirectoryKind(rawValue: try row.text(0)) else { continue }
                names[kind, default: [:]][try row.text(1)] = DirectoryName(en: try row.text(2), ru: try row.text(3))
            }
            store.directoryNameCache.remember(names, at: version)
            return names
        }
    }

    // MARK: Queries

    private static func record(_ sql: any PortalSQL, account: UUID, kind: RecordKind, id: UUID) throws
        -> RecordFields?
    {
        try sql.queryFirst(
            "SELECT fields FROM records WHERE account_id = ? AND kind = ? AND id = ? AND deleted = 0",
            [PortalValue(account), .text(kind.rawValue), PortalValue(id)]
        )?.optionalText(0).map(PortalStore.decodeFields)
    }

    static func trip(_ row: PortalRow) throws -> DiaryEntry<Trip>? {
        guard let fields = try row.optionalText(1) else { return nil }
        return DiaryEntry<Trip>(id: try row.uuid(0), try PortalStore.decodeFields(fields))
    }

    /// The live catches of these trips, by trip, in the order they were caught.
    private static func catches(_ sql: any PortalSQL, account: UUID, trips: [UUID]) throws
        -> [UUID: [DiaryEntry<Catch>]]
    {
        var byTrip: [UUID: [DiaryEntry<Catch>]] = [:]
        for start in stride(from: 0, to: trips.count, by: 200) {
            let chunk = trips[start..<min(start + 200, trips.count)]
            let rows = try sql.query(
                """
                SELECT id, fields FROM records WHERE account_id = ? AND kind = 'catch' AND deleted = 0
                AND parent_id IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))
                """, [PortalValue(account)] + chunk.map { PortalValue($0) })
            for row in rows {
                guard let fields = try row.optionalText(1),
                    let caught = DiaryEntry<Catch>(id: try row.uuid(0), try PortalStore.decodeFields(fields))
                else { continue }
                byTrip[caught.tripId, default: []].append(caught)
            }
        }
        // Sorted here: asking SQL for the order would lead SQLite to walk the catches by time.
        return byTrip.mapValues { $0.sorted { $0.caughtAt != $1.caughtAt ? $0.caughtAt < $1.caughtAt : $0.id < $1.id } }
    }

    /// How many fish of each species each trip brought, from the read index alone (no record is
    /// decoded), in the order the species were first caught.
    private static func fishCounts(_ sql: any PortalSQL, account: UUID, trips: [UUID]) throws -> [UUID: [FishCount]] {
        var counts: [UUID: [FishCount]] = [:]
        for start in stride(from: 0, to: trips.count, by: 200) {
            let chunk = trips[start..<min(start + 200, trips.count)]
            let rows = try sql.query(
                """
                SELECT parent_id, species_id, SUM(quantity), COUNT(*) FROM records
                WHERE account_id = ? AND kind = 'catch' AND deleted = 0 AND species_id IS NOT NULL
                AND parent_id IN (\(chunk.map { _ in "?" }.joined(separator: ", "))) GROUP BY parent_id, species_id
                """, [PortalValue(account)] + chunk.map { PortalValue($0) })
            for row in rows {
                guard let trip = UUID(uuidString: try row.text(0)) else { continue }
                let fish = try row.optionalInt64(2) ?? (try row.int64(3))
                counts[trip, default: []].append(FishCount(speciesId: try row.text(1), count: Int(clamping: fish)))
            }
        }
        return counts.mapValues {
            $0.sorted { $0.count != $1.count ? $0.count > $1.count : $0.speciesId < $1.speciesId }
        }
    }

    static func spots(_ sql: any PortalSQL, account: UUID) throws -> [UUID: DiarySpot] {
        var spots: [UUID: DiarySpot] = [:]
        for row in try sql.query(
            "SELECT id, fields FROM records WHERE account_id = ? AND kind = 'spot' AND deleted = 0",
            [PortalValue(account)])
        {
            let id = try row.uuid(0)
            spots[id] = DiarySpot(id: id, try row.optionalText(1).map(PortalStore.decodeFields) ?? [:])
        }
        return spots
    }

    private static func media(_ sql: any PortalSQL, account: UUID, linkedTo link: String) throws -> [DiaryMedia] {
        try sql.query(
            """
            SELECT id, fields FROM records WHERE account_id = ? AND kind = 'media' AND deleted = 0 AND fields LIKE ?
            ORDER BY id
            """, [PortalValue(account), .text("%\(link)%")]
        ).compactMap { row in
            guard let fields = try row.optionalText(1).map(PortalStore.decodeFields) else { return nil }
            let links = (FieldReader(fields: fields).text(MediaAsset.linksField) ?? "").split(separator: ",")
            guard links.contains(Substring(link)) else { return nil }
            return DiaryMedia(id: try row.uuid(0), fields)
        }.sorted {
            ($0.capturedAt ?? .distantPast, $0.id.uuidString) < ($1.capturedAt ?? .distantPast, $1.id.uuidString)
        }
    }

    /// The years from the account's first trip to its last, newest first (two index probes).
    static func years(_ sql: any PortalSQL, account: UUID) throws -> [Int] {
        func end(_ direction: String) throws -> Int64? {
            try sql.queryFirst(
                """
                SELECT local_at FROM records WHERE account_id = ? AND kind = 'trip' AND deleted = 0
                AND local_at IS NOT NULL ORDER BY local_at \(direction) LIMIT 1
                """, [PortalValue(account)]
            )?.int64(0)
        }
        guard let first = try end("ASC"), let last = try end("DESC") else { return [] }
        return Array((year(of: first)...year(of: last)).reversed())
    }

    /// The species the account caught, each found with one index probe after the last (a loose
    /// index scan): tens of species among a hundred thousand catches cost tens of probes.
    static func speciesCaught(_ sql: any PortalSQL, account: UUID) throws -> [String] {
        var species: [String] = []
        while let next = try sql.queryFirst(
            """
            SELECT species_id FROM records WHERE account_id = ? AND kind = 'catch' AND deleted = 0
            AND species_id > ? ORDER BY species_id LIMIT 1
            """, [PortalValue(account), .text(species.last ?? "")])
        {
            species.append(try next.text(0))
        }
        return species
    }

    static func yearStart(_ year: Int) -> Int64 {
        let start = PortalClock.utc.date(from: DateComponents(year: min(max(year, 1), 9_999), month: 1, day: 1))!
        return PortalClock.milliseconds(start)
    }

    static func year(of localMilliseconds: Int64) -> Int {
        PortalClock.utc.component(.year, from: PortalClock.date(localMilliseconds))
    }
}

/// What the diary's search looks for (issue 16 §1, issue 30 §3): every word typed, each
/// anywhere in what is searched, case- and accent-insensitively.
struct DiarySearch {
    let words: [Substring]

    init(_ typed: String) { words = typed.split(separator: " ") }

    func matches(_ texts: [String]) -> Bool {
        let haystack = texts.joined(separator: "\n")
        return words.allSatisfy { haystack.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }
}

extension DiaryEntry<Trip> {
    /// What a search reads of a trip: its title, companions, notes and spot; its catches' notes
    /// and the names, in English and Russian, of their species, baits and methods.
    func searchedTexts(spot: DiarySpot?, catches: [DiaryEntry<Catch>], names: [DirectoryKind: [String: DirectoryName]])
        -> [String]
    {
        func named(_ kind: DirectoryKind, _ id: String?) -> [String] {
            guard let id, let name = names[kind]?[id] else { return id.map { [$0] } ?? [] }
            return [name.en, name.ru]
        }
        let ofCatches = catches.flatMap { item in
            named(.species, item.speciesId) + named(.baits, item.baitId) + named(.methods, item.methodId)
                + (item.notes.map { [$0] } ?? [])
        }
        return [record.title, record.companions, record.notes, spot?.name].compactMap { $0 } + ofCatches
    }
}

/// The directories' names as last read, with the version they were read at.
final class DirectoryNameCache: Sendable {
    private let entry = Mutex<(version: Int64, names: [DirectoryKind: [String: DirectoryName]])?>(nil)

    func names(at version: Int64) -> [DirectoryKind: [String: DirectoryName]]? {
        entry.withLock { $0?.version == version ? $0?.names : nil }
    }

    func remember(_ names: [DirectoryKind: [String: DirectoryName]], at version: Int64) {
        entry.withLock { $0 = (version, names) }
    }
}

extension DiaryReader {
    /// What a rendered diary page depends on: the account's last change and the directories'
    /// version. A page rendered at the same mark is the same page.
    public func mark(account: UUID) throws -> String {
        try store.database.read { sql in
            let seq = try sql.queryFirst("SELECT last_seq FROM accounts WHERE id = ?", [PortalValue(account)])?.int64(0)
            return "\(seq ?? -1).\(try store.directories.directoryVersion(sql))"
        }
    }
}
