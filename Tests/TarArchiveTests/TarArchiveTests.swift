import Foundation
import TestSupport
import Testing

@testable import TarArchive

/// The archive format under the backup and the site's export (issue 34 §2), against GNU tar and
/// Python's tarfile as independent readers and writers, and against hostile archives.
@Suite("Tar archives")
struct TarArchiveTests {
    let folder: URL

    init() throws { folder = try temporaryFolder("tar") }

    /// Members of every kind of size: empty, under a block, exactly a block, across the reader's
    /// piece size, and a name of 150 bytes that only ustar's prefix holds.
    func samples() -> [(name: String, data: Data)] {
        let long = String(repeating: "d", count: 60) + "/" + String(repeating: "e", count: 89) + ".txt"
        return [
            ("empty", Data()), ("small.json", Data("{\"fish\": 3}".utf8)), ("block", Data(repeating: 7, count: 512)),
            ("folder/large.bin", Data((0..<(TarReader.pieceSize + 1_234)).map { UInt8(truncatingIfNeeded: $0 &* 31) })),
            (long, Data("долгое имя".utf8)),
        ]
    }

    @Test("Given members written by TarWriter, when GNU tar lists and extracts them, then it finds every name and byte")
    func gnuTarReadsWhatIsWritten() throws {
        let archive = folder.appendingPathComponent("written.tar")
        let writer = try TarWriter(creating: archive)
        for (index, sample) in samples().enumerated() {
            if index % 2 == 0 {
                try writer.add(
                    name: sample.name, data: sample.data, modified: Date(timeIntervalSince1970: 1_700_000_000))
            } else {
                let file = folder.appendingPathComponent("source-\(index)")
                try sample.data.write(to: file)
                var seen = Data()
                let size = try writer.add(name: sample.name, contentsOf: file, modified: Date()) { seen.append($0) }
                #expect(size == Int64(sample.data.count) && seen == sample.data)
            }
        }
        try writer.finish()
        let listed = try externalOutput(["tar", "-tf", archive.path]).split(separator: "\n").map(String.init)
        #expect(listed == samples().map(\.name))
        let out = folder.appendingPathComponent("extracted")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        _ = try externalOutput(["tar", "-xf", archive.path, "-C", out.path])
        for sample in samples() {
            #expect(try Data(contentsOf: out.appendingPathComponent(sample.name)) == sample.data, "\(sample.name)")
        }
    }

    @Test(
        "Given archives GNU tar wrote in the ustar and GNU formats, when read, then every member's name and bytes are the files'"
    )
    func readsWhatGnuTarWrites() throws {
        let source = folder.appendingPathComponent("source")
        for sample in samples() {
            let file = source.appendingPathComponent(sample.name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try sample.data.write(to: file)
        }
        for format in ["ustar", "gnu"] {
            // GNU tar writes a name past 100 bytes as a "long name" member of its own, refused.
            let samples = samples().filter { format == "ustar" || $0.name.utf8.count <= 100 }
            let archive = folder.appendingPathComponent("\(format).tar")
            _ = try externalOutput(
                ["tar", "--format=\(format)", "-cf", archive.path] + samples.map(\.name), in: source)
            let reader = try TarReader(url: archive)
            var found: [String: Data] = [:]
            while let member = try reader.next(sizeLimit: .max) {
                var data = Data()
                while case let piece = try reader.piece(), !piece.isEmpty { data.append(piece) }
                #expect(Int64(data.count) == member.size)
                found[member.name] = data
            }
            #expect(found == Dictionary(uniqueKeysWithValues: samples.map { ($0.name, $0.data) }), "\(format)")
        }
    }

    @Test("Given a member over 8 GiB, when its header is written, then Python's tarfile reads the same size from it")
    func largeSizesInBase256() throws {
        let size: Int64 = 9 << 30 + 123
        let header = try TarArchive.header(name: "media/big.mov", size: size, modified: Date())
        #expect(try TarReader.parse([UInt8](header), after: "") == .init(name: "media/big.mov", size: size))
        let file = folder.appendingPathComponent("header.bin")
        try header.write(to: file)
        let python =
            "import tarfile,sys; t=tarfile.TarInfo.frombuf(open(sys.argv[1],'rb').read(),'utf-8','strict'); print(t.name, t.size)"
        #expect(try externalOutput(["python3", "-c", python, file.path]) == "media/big.mov \(size)\n")
    }

    /// An archive of one member with this header, bytes and end.
    func archive(_ header: Data, _ data: Data = Data("x".utf8), end: Bool = true) throws -> URL {
        let url = folder.appendingPathComponent("hostile-\(UUID().uuidString).tar")
        try (header + data + TarArchive.padding(after: Int64(data.count)) + (end ? TarArchive.end : Data())).write(
            to: url)
        return url
    }

    func readAll(_ url: URL, limit: Int64 = .max) throws(TarError) {
        let reader = try TarReader(url: url)
        while try reader.next(sizeLimit: limit) != nil {
            while try !reader.piece().isEmpty {}
        }
    }

    @Test("Given names that would leave the folder they are read into, when read, then each is refused by name")
    func escapingNamesAreRefused() throws {
        for name in ["../evil", "a/../../evil", "/etc/passwd", "a//b", "./a", "a\\..\\b", "bell\u{7}"] {
            let url = try archive(try TarArchive.header(name: name, size: 1, modified: Date()))
            do {
                try readAll(url)
                Issue.record("\(name) was read")
            } catch {
                #expect(error.reason == .badName, "\(name): \(error)")
            }
        }
    }

    @Test("Given links, devices, directories and pax headers, when read, then each is refused as not a plain file")
    func onlyPlainFiles() throws {
        let types = [
            ("1", "hard link"), ("2", "symbolic link"), ("3", "device"), ("5", "directory"), ("x", "pax"),
            ("L", "GNU long name"),
        ]
        for (type, word) in types {
            var header = [UInt8](try TarArchive.header(name: "member", size: 0, modified: Date()))
            header[156] = Array(type.utf8)[0]
            let sum = String(TarArchive.checksum(header), radix: 8)
            let field = Array((String(repeating: "0", count: 6 - sum.count) + sum).utf8) + [0, 32]
            header.replaceSubrange(148..<156, with: field)
            let url = try archive(Data(header), Data())
            do {
                try readAll(url)
                Issue.record("type \(type) was read")
            } catch {
                #expect(error.reason == .notAFile && error.description.contains(word), "\(error)")
            }
        }
    }

    @Test("Given damaged archives, when read, then the checksum, the size, the limit and the cut are each named")
    func damageIsNamed() throws {
        let good = try TarArchive.header(name: "fish.json", size: 10, modified: Date())
        var flipped = good
        flipped[3] ^= 0x20
        var badSize = [UInt8](good)
        badSize.replaceSubrange(124..<136, with: Array("9999999999x\0".utf8))
        let resum = String(TarArchive.checksum(badSize), radix: 8)
        badSize.replaceSubrange(
            148..<156, with: Array((String(repeating: "0", count: 6 - resum.count) + resum).utf8) + [0, 32])
        let cases: [(URL, TarError.Reason, Int64)] = [
            (try archive(flipped, Data(count: 10)), .badHeader, .max),
            (try archive(Data(badSize), Data(count: 10)), .badSize, .max),
            (try archive(good, Data(count: 10)), .tooLarge, 9),
            (try archive(good, Data(count: 4), end: false), .truncated, .max),
            (try archive(Data(), Data(), end: false), .truncated, .max),
        ]
        for (url, reason, limit) in cases {
            do {
                try readAll(url, limit: limit)
                Issue.record("\(reason) was read")
            } catch {
                #expect(error.reason == reason, "\(error)")
            }
        }
    }
}
