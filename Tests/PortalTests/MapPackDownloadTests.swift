import DiaryServices
import Foundation
import MapPacks
import Portal
import SyncClient
import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// A device fetching a map pack from the portal (issue 15 §2, §5): a download cut by the network
/// resumes where it stopped — re-sending at most the chunk that was in flight — and the pack is
/// installed only once every file checks out.
@Suite("Map pack downloads")
struct MapPackDownloadTests {
    /// The network between the device and the portal: the answer of exchange `lostAnswer` is
    /// lost after the portal sent it, then nothing gets through until `reconnect()`.
    final class Network: SyncTransport {
        let client: HTTPTestClient
        let lostAnswer: Int
        private let state = Mutex((exchanges: 0, served: 0, down: false))

        init(client: HTTPTestClient, lostAnswer: Int) {
            self.client = client
            self.lostAnswer = lostAnswer
        }

        /// Bytes of pack files the portal sent, received or not.
        var fileBytesServed: Int { state.withLock { $0.served } }
        func reconnect() { state.withLock { $0.down = false } }

        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            let (exchange, down) = state.withLock { state in
                state.exchanges += 1
                return (state.exchanges, state.down)
            }
            if down { throw SyncTransportError("no network") }
            let response = try await InProcessTransport.deliver(request, to: client, body: .empty)
            if request.target.hasPrefix("/v1/map-packs/") { state.withLock { $0.served += response.body.count } }
            if exchange == lostAnswer {
                state.withLock { $0.down = true }
                throw SyncTransportError("the connection dropped before the answer arrived")
            }
            return response
        }
    }

    @Test(
        "Given a download cut after two chunks, when resumed, then at most one chunk is sent again and the pack checks out"
    )
    func resumesWithinOneChunk() async throws {
        let shelf = try MapPackRoutesTests.Shelf()
        let device = try temporaryFolder("device-maps")
        defer {
            try? FileManager.default.removeItem(at: shelf.folder)
            try? FileManager.default.removeItem(at: device)
        }
        // Exchange 1 lists the packs, 2 and 3 bring chunks, 4's answer is lost.
        let network = Network(client: shelf.portal.client, lostAnswer: 4)
        var service = MapPackService(folder: device, transport: { _ in network })
        service.chunkBytes = 8 << 10
        let portal = URL(string: "https://portal.example.org")!

        #expect(try await service.available(from: portal).map(\.name) == ["sample"])
        await #expect(throws: SyncError.self) { try await service.download("sample", from: portal) }
        #expect(service.installed().isEmpty, "a pack is not installed before every file checks out")
        network.reconnect()
        let manifest = try await service.download("sample", from: portal)
        #expect(
            try Data(contentsOf: service.folder(of: manifest).appendingPathComponent("sample.pmtiles")) == shelf.bytes)
        let resent = network.fileBytesServed - Int(manifest.files.reduce(0) { $0 + $1.bytes })
        #expect(
            resent > 0 && resent <= service.chunkBytes, "re-sent \(resent) bytes; one chunk is \(service.chunkBytes)")
        #expect(service.installed().map(\.name) == ["sample"])
        #expect(service.covering(latitude: 60.17, longitude: 24.94).map(\.name) == ["sample"])
        #expect(service.covering(latitude: 55.75, longitude: 37.62).isEmpty)
        await #expect(throws: MapPackService.Problem.unknownPack("tallinn", offered: ["sample"])) {
            try await service.download("tallinn", from: portal)
        }
    }
}
