import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Memory is measured for the whole process, so these run one at a time; the bound (16 MB for a
/// 50 MB body) leaves room for other suites that share the test process.
@Suite("Streaming bodies over a real socket", .serialized, .timeLimit(.minutes(2)))
struct StreamingTests {
    static let fiftyMegabytes = 50 * 1024 * 1024

    @Test(
        "Given a streamed upload route, when 50 MB are uploaded, then the handler sees every byte and memory stays flat"
    )
    func fiftyMegabyteUploadKeepsMemoryFlat() async throws {
        let peakGrowth = Mutex(0)
        let baseline = Mutex(0)
        let application = HTTPApplication.make { router in
            router.put("/v1/media/:id", body: .streamed(maximumBytes: 64 * 1024 * 1024)) { request, _ in
                var received = 0
                var checksum: UInt64 = 0
                for try await chunk in request.body.chunks {
                    received += chunk.count
                    for byte in chunk { checksum = checksum &* 31 &+ UInt64(byte) }
                    let growth = residentMemoryBytes() - baseline.withLock { $0 }
                    peakGrowth.withLock { $0 = max($0, growth) }
                }
                return try .json(["received": received, "checksum": Int(truncatingIfNeeded: checksum)])
            }
        }
        var expectedChecksum: UInt64 = 0
        for try await chunk in generatedBody(count: Self.fiftyMegabytes) {
            for byte in chunk { expectedChecksum = expectedChecksum &* 31 &+ UInt64(byte) }
        }
        try await withServer(application) { _, client in
            let warmUp = try await client.send(
                .put, "/v1/media/warm-up", bodyLength: 4 * 1024 * 1024, body: generatedBody(count: 4 * 1024 * 1024))
            #expect(warmUp.status == .ok)
            baseline.withLock { $0 = residentMemoryBytes() }
            peakGrowth.withLock { $0 = 0 }
            let response = try await client.send(
                .put, "/v1/media/photo-1", headers: ["Content-Type": "application/octet-stream"],
                bodyLength: Self.fiftyMegabytes, body: generatedBody(count: Self.fiftyMegabytes))
            #expect(response.status == .ok)
            let summary = try response.decode([String: Int].self)
            #expect(summary["received"] == Self.fiftyMegabytes)
            #expect(summary["checksum"] == Int(truncatingIfNeeded: expectedChecksum))
        }
        let growth = peakGrowth.withLock { $0 }
        #expect(growth < 16 * 1024 * 1024, "resident memory grew by \(growth / 1024) KiB during a 50 MB upload")
    }

    @Test("Given a streamed download route, when 50 MB are downloaded, then every byte arrives and memory stays flat")
    func fiftyMegabyteDownloadKeepsMemoryFlat() async throws {
        let chunk = Data(repeating: 0xA5, count: 64 * 1024)
        let total = Self.fiftyMegabytes
        let application = HTTPApplication.make { router in
            router.get("/v1/media/:id/content") { _, _ in
                HTTPResponse(
                    headers: ["Content-Type": "application/octet-stream"],
                    body: .stream(contentLength: total) { writer in
                        var sent = 0
                        while sent < total {
                            try await writer.write(chunk)
                            sent += chunk.count
                        }
                    })
            }
        }
        try await withServer(application) { _, client in
            _ = try await client.send(
                .get, "/v1/media/warm-up/content", bodyLength: 0, body: HTTPBodyStream(chunks: []),
                onResponseChunk: { _ in })
            let baseline = residentMemoryBytes()
            let received = SendableCounter()
            let peakGrowth = Mutex(0)
            let response = try await client.send(
                .get, "/v1/media/photo-1/content", bodyLength: 0, body: HTTPBodyStream(chunks: [])
            ) { data in
                _ = received.add(data.count)
                let growth = residentMemoryBytes() - baseline
                peakGrowth.withLock { $0 = max($0, growth) }
            }
            #expect(response.status == .ok)
            #expect(response.headers["Content-Length"] == String(total))
            #expect(received.current == total)
            let growth = peakGrowth.withLock { $0 }
            #expect(growth < 16 * 1024 * 1024, "resident memory grew by \(growth / 1024) KiB during a 50 MB download")
        }
    }

    @Test("Given a streamed download of unknown length, when fetched, then it arrives chunked and complete")
    func chunkedDownload() async throws {
        let application = HTTPApplication.make { router in
            router.get("/v1/export") { _, _ in
                HTTPResponse(
                    body: .stream(contentLength: nil) { writer in
                        for line in 0..<1_000 { try await writer.write(Data("line \(line)\n".utf8)) }
                    })
            }
        }
        try await withServer(application) { _, client in
            let response = try await client.send(.get, "/v1/export")
            #expect(response.headers["Transfer-Encoding"]?.lowercased() == "chunked")
            let lines = response.text.split(separator: "\n")
            #expect(lines.count == 1_000)
            #expect(lines.last == "line 999")
        }
    }

    @Test("Given a streamed upload route, when a chunked body arrives, then the handler reads it all")
    func chunkedUpload() async throws {
        let application = HTTPApplication.make { router in
            router.post("/v1/uploads", body: .streamed(maximumBytes: 1 << 20)) { request, _ in
                var count = 0
                for try await chunk in request.body.chunks { count += chunk.count }
                return .text(String(count))
            }
        }
        try await withServer(application) { _, client in
            let response = try await client.send(
                .post, "/v1/uploads", bodyLength: nil, body: generatedBody(count: 300_000, chunkSize: 10_000))
            #expect(response.status == .ok)
            #expect(response.text == "300000")
        }
    }

    @Test(
        "Given a producer that fails midway, when downloading, then the client sees a cut connection, not a complete body"
    )
    func failingProducerCutsTheConnection() async throws {
        struct DiskVanished: Error {}
        let application = HTTPApplication.make { router in
            router.get("/v1/broken") { _, _ in
                HTTPResponse(
                    body: .stream(contentLength: 1_000_000) { writer in
                        try await writer.write(Data(repeating: 1, count: 100_000))
                        throw DiskVanished()
                    })
            }
        }
        _ = try await withServer(application) { _, client in
            await #expect(throws: HTTPClientError.connectionClosed) {
                try await client.send(.get, "/v1/broken")
            }
        }
    }

    @Test(
        "Given a small upload buffer and a slow reader, when uploads end with the buffer full, then every byte arrives and the server stops cleanly"
    )
    func backPressureAtTheEndOfUploads() async throws {
        let application = HTTPApplication.make { router in
            router.put("/v1/media/:id", body: .streamed(maximumBytes: 1 << 20)) { request, _ in
                var count = 0
                for try await chunk in request.body.chunks {
                    count += chunk.count
                    try await Task.sleep(for: .milliseconds(20))
                }
                return .text("\(count)")
            }
        }
        let configuration = HTTPServer.Configuration(uploadBufferBytes: 8 * 1024)
        try await withServer(application, configuration: configuration) { server, client in
            for size in stride(from: 20_000, through: 90_000, by: 14_000) {
                let response = try await client.send(.put, "/v1/media/\(size)", body: Data(count: size))
                #expect(response.text == "\(size)")
            }
            #expect(await eventually { server.inFlightRequests == 0 })
        }
    }
}
