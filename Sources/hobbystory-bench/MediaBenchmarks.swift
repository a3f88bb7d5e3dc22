import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import SecureHashing

/// The media issue's import figures (issue 6 §7; T4): importing a large video — stream, hash,
/// flush, rename and row — beside `cp` of the same file in the same run, and the process's peak
/// resident memory while importing (VmHWM, reset just before).
func benchmarkMedia(mebibytes: Int) throws {
    let work = folder.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let video = work.appendingPathComponent("video.mp4")
    try writeRandomMovie(at: video, mediaBytes: mebibytes << 20)
    let size = Double(try FileManager.default.attributesOfItem(atPath: video.path)[.size] as! Int)
    let copy = work.appendingPathComponent("copy.mp4")
    func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
    }

    var cp: [Double] = []
    var cpSync: [Double] = []
    var hashOnly: [Double] = []
    var imports: [Double] = []
    var peaks: [Int] = []
    let rounds = 5
    for round in 0..<rounds {
        sync()
        cp.append(try time { try run("/bin/cp", [video.path, copy.path]) })
        try FileManager.default.removeItem(at: copy)
        sync()
        cpSync.append(
            try time { try run("/bin/sh", ["-c", "cp \"$0\" \"$1\" && sync \"$1\"", video.path, copy.path]) })
        try FileManager.default.removeItem(at: copy)
        hashOnly.append(try time { _ = try sha256(of: video) })

        let storage = try DeviceStorage(root: work.appendingPathComponent("store-\(round)"))
        try storage.addProfile(ProfileDraft(displayName: "Bench"))
        let store = try MediaStore(diary: try storage.openDiary(named: "Bench", pin: nil))
        let importer = MediaImporter(store: store)
        sync()
        resetPeakResident()
        var asset: MediaAsset?
        imports.append(try time { asset = try importer.importMedia(MediaSource(url: video)).asset })
        peaks.append(peakResidentBytes())
        precondition(asset?.byteSize == Int64(size))
        try FileManager.default.removeItem(at: storage.root)
    }
    let mb = size / 1e6
    func line(_ label: String, _ times: [Double]) {
        let label = (label + ":").padding(toLength: 50, withPad: " ", startingAt: 0)
        print(
            String(
                format: "  %@ %5.0f MB/s  %.2f s   (runs %.2f–%.2f s)", label, mb / median(times), median(times),
                times.min()!, times.max()!))
    }
    print("import of a \(mebibytes) MiB video (random bytes, file in the page cache), median of \(rounds)")
    line("import (copy + SHA-256 + fsync + rename + row)", imports)
    line("cp", cp)
    line("cp + sync of the copy", cpSync)
    line("SHA-256 alone (libcrypto, 1 MiB reads)", hashOnly)
    print(
        String(
            format:
                "  import / cp: %.2f×   import / (cp + sync): %.2f×   import / SHA-256 alone: %.2f×   (target ≥ 0.5× of cp)",
            median(cp) / median(imports), median(cpSync) / median(imports), median(hashOnly) / median(imports)))
    print(
        String(
            format: "  peak resident memory of the process while importing: %.1f MB   (target < 100 MB)",
            Double(peaks.max() ?? 0) / 1e6))
    try FileManager.default.removeItem(at: work)
}

/// SHA-256 of a file read in 1 MiB chunks into one buffer: how fast hashing alone goes, the
/// ceiling of any import that hashes every byte.
private func sha256(of url: URL) throws -> String {
    let descriptor = open(url.path, O_RDONLY)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    var digest = SHA256Digest()
    while true {
        let count = read(descriptor, buffer.baseAddress, buffer.count)
        guard count > 0 else { break }
        digest.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
    return digest.finalizeHex()
}

/// Writes an MP4 as a camera lays it out: `ftyp`, then an `mdat` of `mediaBytes` pseudo-random
/// bytes (incompressible, like encoded video; another `seed`, other bytes), then a `moov` holding
/// a minimal `mvhd`.
func writeRandomMovie(at url: URL, mediaBytes: Int, seed: UInt64 = 2026) throws {
    func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        withUnsafeBytes(of: UInt32(8 + payload.count).bigEndian, Array.init) + Array(type.utf8) + payload
    }
    func be32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    let fileType = box("ftyp", Array("isom".utf8) + be32(0) + Array("isomiso2mp41".utf8))
    // mvhd version 0: times, timescale 600, 60 s, rate 1.0, volume 1.0, identity matrix, next track 2.
    let identity: [UInt32] = [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000]
    let header =
        [0, 0, 0, 0] + be32(3_800_000_000) + be32(3_800_000_000) + be32(600) + be32(36_000) + be32(0x0001_0000)
        + [0x01, 0x00] + [UInt8](repeating: 0, count: 10) + identity.flatMap(be32) + [UInt8](repeating: 0, count: 24)
        + be32(2)
    try Data(fileType + be32(UInt32(8 + mediaBytes)) + Array("mdat".utf8)).write(to: url)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.seekToEnd()
    var generator = SplitMix64(seed: seed)
    var chunk = [UInt64](repeating: 0, count: 1 << 17)
    for _ in 0..<(mediaBytes >> 20) {
        for i in chunk.indices { chunk[i] = generator.next() }
        try chunk.withUnsafeBytes { try handle.write(contentsOf: Data($0)) }
    }
    try handle.write(contentsOf: Data(box("moov", box("mvhd", header))))
    try handle.synchronize()
}
