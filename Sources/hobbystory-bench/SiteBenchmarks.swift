import DirectoryData
import FishingModel
import Foundation
import HTTPServer
import Portal
import PortalStore
import SyncProtocol
import Synchronization

/// The site's figures (issue 16 §5) on an SQLite portal holding an account with `trips` trips and
/// `catches` catches: diary pages (20 trips with their fish, from the middle of the diary)
/// rendered for the first time and again from the page cache, beside the JSON pull of the same
/// records in the same run, and the page under 64 connections (wrk) beside `/health`.
func benchmarkSite(trips: Int, catches: Int) async throws {
    let store = PortalStore(
        database: try SQLitePortalDatabase(folder: folder.appendingPathComponent("site-\(UUID())")),
        blobs: try FileMediaBlobStore(root: folder.appendingPathComponent("site-media-\(UUID())")))
    try store.database.migrate()
    let bundled = try BundledDirectories.load()
    try store.directories.seed(bundled.entries, version: bundled.version)
    let accountId = try store.accounts.signUp(email: "site@example.org", password: "benchmark password")
    let session = try store.accounts.signIn(
        email: "site@example.org", password: "benchmark password", deviceId: UUID(), deviceName: "bench")
    let seeding = try time {
        try seed(store, account: accountId, device: session.deviceId, trips: trips, catches: catches)
    }
    print(String(format: "site: an account with %d trips and %d catches (stored in %.1f s)", trips, catches, seeding))

    let application = PortalApplication(
        store: store, replicaFolder: folder.appendingPathComponent("site-replicas-\(UUID())")
    ).application()
    let middle = trips / 20 / 2
    let page = HTTPRequest(
        method: .get, target: "/diary?page=\(middle)", headers: ["Cookie": "hs_session=\(session.token)"])
    let first = try await body(application, page)
    let rendered = first.count
    let perPage = catches / trips * 20 + 20
    let cursor = SyncCursor(seq: Int64(trips + catches) / 2).token
    let pull = HTTPRequest(
        method: .get,
        target: PortalEndpoint.pull.target(query: [
            URLQueryItem(name: "cursor", value: cursor), URLQueryItem(name: "limit", value: String(perPage)),
        ]), headers: ["Authorization": "Bearer \(session.token)"])
    let pulled = try await body(application, pull).count
    // Each page rendered for the first time, three ways: reached by the Previous link (the
    // page beside it was read at this change of the diary, so it starts from that page's edge);
    // jumped to (no page beside it read: OFFSET); and the first page after a sync changed the
    // diary (nothing of the account kept: spots, years, species and count read afresh). Then a
    // page again from the page cache. The pull of the same records each time.
    var times: [String: [Double]] = [:]
    let edit = store
    for step in 1...21 {
        var previous = page
        previous.query = "page=\(middle - step)"
        times["previous", default: []].append(try await timeAsync { _ = try await body(application, previous) })
        var jump = page
        jump.query = "page=\(middle + 40 + step * 5)"
        times["jump", default: []].append(try await timeAsync { _ = try await body(application, jump) })
        times["pull", default: []].append(try await timeAsync { _ = try await body(application, pull) })
        times["warm", default: []].append(try await timeAsync { _ = try await body(application, page) })
    }
    for step in 1...21 {
        try touch(edit, account: accountId, device: session.deviceId, step: step)
        var changed = page
        changed.query = "page=\(middle + 1)"
        times["changed", default: []].append(try await timeAsync { _ = try await body(application, changed) })
    }
    let pullMedian = median(times["pull"] ?? [])
    func line(_ what: String, _ key: String, target: Bool = false) {
        let figure = median(times[key] ?? [])
        print(
            "  \(what): \(ms(figure)) median"
                + String(format: " → %.2f× the pull%@", figure / pullMedian, target ? "   (target ≤ 2×)" : ""))
    }
    print("  diary page (20 trips and their fish; \(rendered >> 10) KiB of HTML), each rendered for the first time:")
    line("reached by the Previous link", "previous", target: true)
    line("jumped to (OFFSET past 5 000+ trips)", "jump")
    line("the first page after a sync changed the diary", "changed")
    line("the same page again, diary unchanged (page cache)", "warm")
    print("  JSON pull of the same \(perPage) records (\(pulled >> 10) KiB), same run: \(ms(pullMedian)) median")

    let server = try HTTPServer.start(application, configuration: .init(port: 0))
    let base = "http://127.0.0.1:\(server.port)"
    if let pageRate = wrk("\(base)/diary?page=\(middle)", header: "Cookie: hs_session=\(session.token)"),
        let healthRate = wrk("\(base)/health")
    {
        print(
            String(
                format:
                    "  diary page, 64 connections (wrk -t2 -c64 -d5s): %.0f requests/s beside /health %.0f requests/s = %.2f×   (target ≥ 0.2×)",
                pageRate, healthRate, pageRate / healthRate))
    }
    await server.stop()
}

/// The answer's whole body, as a browser would receive it.
private func body(_ application: HTTPApplication, _ request: HTTPRequest) async throws -> Data {
    let response = await application.respond(to: request)
    guard response.status.code == 200 else {
        throw SiteBenchmarkFailure(target: request.target, status: response.status.code)
    }
    switch response.body {
    case .bytes(let data): return data
    case .stream(_, let produce):
        let buffer = Mutex(Data())
        try await produce(HTTPBodyWriter { chunk in buffer.withLock { $0.append(chunk) } })
        return buffer.withLock { $0 }
    }
}

/// A page or pull that did not answer 200: the figures would mean nothing.
private struct SiteBenchmarkFailure: Error {
    let target: String
    let status: Int
}

/// A device's sync changing the diary: one spot renamed (the `step`th time).
private func touch(_ store: PortalStore, account: UUID, device: UUID, step: Int) throws {
    let spot = try store.diary.trips(account: account, filter: DiaryFilter(), page: 1).spots[0]
    let mutation = RecordMutation(
        mutationId: 1_000_000 + Int64(step), kind: .spot, id: spot.id, operation: .upsert,
        modifiedAt: 1_800_000_000_000 + Int64(step), baseSeq: 0,
        fields: [
            "id": .text(spot.id.uuidString.lowercased()), "name": .text("Renamed \(step)"), "latitude": .real(56),
            "longitude": .real(37), "created_at": .integer(1_700_000_000_000),
            "updated_at": .integer(1_700_000_000_000),
        ])
    _ = try store.records.push([mutation], account: account, device: device)
}

/// Stores the diary through the store's push, as devices would: 50 spots, the trips a day apart
/// among them, the catches spread over the trips.
private func seed(_ store: PortalStore, account: UUID, device: UUID, trips: Int, catches: Int) throws {
    var mutations: [RecordMutation] = []
    var next: Int64 = 0
    func add(_ kind: RecordKind, _ id: UUID, _ fields: RecordFields) throws {
        next += 1
        var fields = fields
        fields["id"] = .text(id.uuidString.lowercased())
        fields["created_at"] = .integer(1_700_000_000_000)
        fields["updated_at"] = .integer(1_700_000_000_000)
        mutations.append(
            RecordMutation(
                mutationId: next, kind: kind, id: id, operation: .upsert, modifiedAt: 1_700_000_000_000, baseSeq: 0,
                fields: fields))
        if mutations.count == SyncLimits.mutationsPerPush {
            _ = try store.records.push(mutations, account: account, device: device)
            mutations = []
        }
    }
    let spots = (0..<50).map { _ in UUID() }
    for (index, spot) in spots.enumerated() {
        try add(
            .spot, spot,
            ["name": .text("Spot \(index)"), "latitude": .real(55 + Double(index) / 10), "longitude": .real(37)])
    }
    let species = ["esox-lucius", "perca-fluviatilis", "sander-lucioperca", "rutilus-rutilus"]
    let start: Int64 = 1_600_000_000_000
    for trip in 0..<trips {
        let id = UUID()
        let at = start + Int64(trip) * 86_400_000
        try add(
            .trip, id,
            [
                "spot_id": .text(spots[trip % spots.count].uuidString.lowercased()), "start_at": .integer(at),
                "utc_offset_s": .integer(10_800), "title": .text("Trip \(trip)"),
                "notes": .text("Notes of trip \(trip): wind from the west, bites at dawn."),
            ])
        for index in 0..<(catches / trips) {
            try add(
                .catch, UUID(),
                [
                    "trip_id": .text(id.uuidString.lowercased()), "species_id": .text(species[index % species.count]),
                    "caught_at": .integer(at + Int64(index) * 600_000), "utc_offset_s": .integer(10_800),
                    "count": .integer(1), "weight_kg": .real(0.5 + Double(index) / 10), "released": .integer(0),
                ])
        }
    }
    if !mutations.isEmpty { _ = try store.records.push(mutations, account: account, device: device) }
}
