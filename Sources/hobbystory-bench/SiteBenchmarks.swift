import DirectoryData
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
    try store.seedDirectories(bundled.entries, version: bundled.version)
    let accountId = try store.signUp(email: "site@example.org", password: "benchmark password")
    let session = try store.signIn(
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
    // Cold: pages never rendered before (each one once); warm: the same page again, from the
    // cache that holds it until the diary changes; the pull of the same records each time.
    var coldTimes: [Double] = []
    var warmTimes: [Double] = []
    var pullTimes: [Double] = []
    for offset in 1...21 {
        var cold = page
        cold.query = "page=\(middle - offset)"
        coldTimes.append(try await timeAsync { _ = try await body(application, cold) })
        warmTimes.append(try await timeAsync { _ = try await body(application, page) })
        pullTimes.append(try await timeAsync { _ = try await body(application, pull) })
    }
    let (cold, warm, pullMedian) = (median(coldTimes), median(warmTimes), median(pullTimes))
    print(
        "  diary page (20 trips and their fish; \(rendered >> 10) KiB of HTML) rendered: \(ms(cold)) median"
            + String(format: " → %.2f× the pull   (target ≤ 2×)", cold / pullMedian))
    print(
        "  the same page again, diary unchanged (page cache): \(ms(warm)) median"
            + String(format: " → %.2f× the pull", warm / pullMedian))
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
            _ = try store.push(mutations, account: account, device: device)
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
    if !mutations.isEmpty { _ = try store.push(mutations, account: account, device: device) }
}
