// Writes catches into a diary as fast as it can and prints "ack <batch> <id> <id> <id>" after each
// committed batch, so the crash-safety test can kill it with SIGKILL at any moment and check that
// every acknowledged write survived and no batch was half saved (the "nothing lost" standard).
//
// usage: diary-crash-writer DATA_DIR PROFILE TRIP_ID
import DiaryStore
import FishingModel
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let tripId = UUID(uuidString: arguments[3]) else {
    FileHandle.standardError.write(Data("usage: diary-crash-writer DATA_DIR PROFILE TRIP_ID\n".utf8))
    exit(2)
}
do {
    let storage = try DeviceStorage(root: URL(fileURLWithPath: arguments[1]))
    let diary = try storage.openDiary(named: arguments[2], pin: nil)
    var batch = 0
    while true {
        batch += 1
        let drafts = (0..<3).map { i in
            CatchDraft(
                tripId: tripId, speciesId: "perca-fluviatilis", weightKg: Double(i + 1) / 10, notes: "batch \(batch)")
        }
        let saved = try diary.catches.add(contentsOf: drafts)
        let line = "ack \(batch) " + saved.map { $0.id.uuidString.lowercased() }.joined(separator: " ") + "\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
} catch {
    FileHandle.standardError.write(Data("diary-crash-writer: \(error)\n".utf8))
    exit(1)
}
