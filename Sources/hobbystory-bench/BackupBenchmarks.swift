import DiaryBackup
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary

/// Issue 34 §2, §7: a backup of a diary with 1 GiB of photos and videos (eight 128 MiB videos of
/// random bytes), 500 trips and 20,000 catches — made, verified and restored — beside GNU tar packing and
/// unpacking the same files, each with its flush to disk, and the process's peak resident memory
/// while each runs (goals: within 3× the raw byte work, memory under 100 MB).
func benchmarkBackup(mebibytes: Int) throws {
    let work = folder.appendingPathComponent("backup")
    let storage = try DeviceStorage(root: work.appendingPathComponent("device"))
    try storage.addProfile(ProfileDraft(displayName: "Bench"))
    let diary = try storage.openDiary(named: "Bench", pin: nil)
    let store = try MediaStore(diary: diary)
    let importer = MediaImporter(store: store)
    let videos = 8
    for index in 0..<videos {
        let video = work.appendingPathComponent("video-\(index).mp4")
        try writeRandomMovie(at: video, mediaBytes: (mebibytes << 20) / videos, seed: UInt64(index))
        _ = try importer.importMedia(MediaSource(url: video))
        try FileManager.default.removeItem(at: video)
    }
    let spot = try diary.spots.add(SpotDraft(name: "Bench bend", latitude: 56.84, longitude: 35.9))
    let trips = try (0..<500).map { day in
        try diary.trips.add(
            TripDraft(
                spotId: spot.id, startAt: Date(timeIntervalSince1970: 1_600_000_000 + Double(day) * 86_400),
                utcOffsetSeconds: 10_800))
    }
    _ = try diary.catches.add(
        contentsOf: (0..<20_000).map { index in
            let trip = trips[index % trips.count]
            return CatchDraft(
                tripId: trip.id, speciesId: "perca-fluviatilis",
                caughtAt: trip.startAt.addingTimeInterval(Double(index / trips.count) * 300), utcOffsetSeconds: 10_800,
                count: 1)
        })
    let profileFolder = storage.folder(of: diary.profile)
    func run(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, command)
    }

    var (creates, verifies, restores, tars, untars) = ([Double](), [Double](), [Double](), [Double](), [Double]())
    var (createPeaks, verifyPeaks, restorePeaks) = ([Int](), [Int](), [Int]())
    var archiveBytes: Int64 = 0
    let rounds = 3
    for round in 0..<rounds {
        let archive = work.appendingPathComponent("round-\(round).hsbackup")
        sync()
        resetPeakResident()
        creates.append(
            try time { archiveBytes = try BackupWriter.create(diary: diary, to: archive, madeBy: "bench").archiveBytes }
        )
        createPeaks.append(peakResidentBytes())

        sync()
        resetPeakResident()
        verifies.append(try time { _ = try BackupReader.verify(archive) })
        verifyPeaks.append(peakResidentBytes())

        sync()
        resetPeakResident()
        restores.append(
            try time {
                _ = try BackupReader.restore(archive, as: ProfileDraft(displayName: "Restored \(round)"), in: storage)
            })
        restorePeaks.append(peakResidentBytes())

        let tarFile = work.appendingPathComponent("round-\(round).tar")
        sync()
        tars.append(
            try time {
                try run(
                    "tar -cf '\(tarFile.path)' -C '\(profileFolder.path)' diary.sqlite media && sync '\(tarFile.path)'")
            })
        let unpacked = work.appendingPathComponent("untar-\(round)")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        sync()
        untars.append(
            try time { try run("tar -xf '\(tarFile.path)' -C '\(unpacked.path)' && sync -f '\(unpacked.path)'") })
        for file in [archive, tarFile, unpacked] { try FileManager.default.removeItem(at: file) }
    }
    print(
        "backup of a diary with \(mebibytes) MiB of videos (\(videos) files), 500 trips and 20000 catches, median of \(rounds); archive \(String(format: "%.1f", Double(archiveBytes) / 1e6)) MB"
    )
    func line(_ label: String, _ times: [Double], _ baseline: [Double]?, _ peaks: [Int]?) {
        var text = "  " + (label + ":").padding(toLength: 44, withPad: " ", startingAt: 0)
        text += String(format: "%.2f s (%.0f MB/s)", median(times), Double(archiveBytes) / 1e6 / median(times))
        if let baseline { text += String(format: "   %.2f× GNU tar", median(times) / median(baseline)) }
        if let peaks { text += String(format: "   peak resident memory %.1f MB", Double(peaks.max() ?? 0) / 1e6) }
        print(text)
    }
    line("backup create (copy, SHA-256, tar, fsync)", creates, tars, createPeaks)
    line("tar -cf of the same files + sync", tars, nil, nil)
    line("backup verify (read, SHA-256, integrity)", verifies, untars, verifyPeaks)
    line("backup restore (unpack, SHA-256, fsync each)", restores, untars, restorePeaks)
    line("tar -xf of the same archive + sync", untars, nil, nil)
    print("  (goals: within 3× the raw byte work; peak memory under 100 MB)")
    try FileManager.default.removeItem(at: work)
}
