import DiaryStore
import FishingModel
import Foundation
import Synchronization
import TestSupport
import Testing

/// "Nothing lost": a writer killed with SIGKILL at random moments leaves a sound database holding
/// every write it acknowledged, and no half-saved batch.
@Suite("Crash safety")
struct CrashSafetyTests {
    @Test(
        "Given a writer killed with SIGKILL 50 times, when the diary reopens, then it is sound and lost nothing acknowledged"
    )
    func killedWriter() async throws {
        let f = try DiaryFixture(profile: "Crash")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [String: [UUID]] = [:]
        for trial in 0..<50 {
            let lines = try await runAndKill(f, after: .milliseconds(Int.random(in: 30...250, using: &generator)))
            for line in lines {
                let parts = line.split(separator: " ")
                guard parts.count == 5, parts[0] == "ack" else { continue }
                acknowledged["\(trial)-\(parts[1])"] = parts[2...].compactMap { UUID(uuidString: String($0)) }
            }
        }
        #expect(acknowledged.count >= 50, "the writer should have acknowledged work before most kills")
        let diary = try f.storage.openDiary(named: "Crash", pin: nil)
        #expect(try diary.integrityCheck() == "ok")
        let stored = try diary.catches.list(tripId: f.trip.id)
        let storedIds = Set(stored.map(\.id))
        for (batch, ids) in acknowledged {
            #expect(ids.allSatisfy(storedIds.contains), "acknowledged batch \(batch) lost")
        }
        let pending = Set(try diary.outbox.pending(limit: 1_000_000).map(\.entityId))
        #expect(storedIds.isSubset(of: pending), "every stored catch has its outbox entry")
        let perBatch = Dictionary(grouping: stored) { "\($0.createdAt.timeIntervalSince1970)-\($0.notes ?? "")" }
        #expect(perBatch.values.allSatisfy { $0.count == 3 }, "no half-saved batch")
    }

    /// Starts the writer, kills it after `delay`, and returns the lines it printed.
    private func runAndKill(_ f: DiaryFixture, after delay: Duration) async throws -> [String] {
        let process = Process()
        process.executableURL = builtProduct("diary-crash-writer")
        process.arguments = [f.folder.path, "Crash", f.trip.id.uuidString]
        process.environment = killedChildEnvironment(temporaryFolder: f.folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let collected = Mutex(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            collected.withLock { $0.append(chunk) }
        }
        try process.run()
        try await Task.sleep(for: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let text = collected.withLock { String(decoding: $0 + rest, as: UTF8.self) }
        // Only complete lines count: a line cut by the kill was not fully acknowledged.
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
