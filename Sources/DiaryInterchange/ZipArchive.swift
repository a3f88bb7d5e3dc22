import CZlib
import Foundation
import Inflate

/// The zip archives KMZ files are (issue 34 §1). Written with every member stored as is (the
/// document is small, photos are already compressed), read with every number checked: only the
/// first KML document at the archive's top level is taken, its declared and actual sizes held to
/// the import's limit, so a zip bomb inflates no further than that; encrypted, split and ZIP64
/// archives and compression other than deflate are refused by name.
enum ZipArchive {
    /// Writes members one after another, then the central directory.
    struct Writer {
        private let file: ExportFile
        private var entries: [(name: [UInt8], crc: UInt32, size: UInt32, offset: UInt32)] = []

        init(_ file: ExportFile) { self.file = file }

        mutating func add(_ name: String, _ data: Data) throws(InterchangeError) {
            guard data.count < Int(UInt32.max), file.bytes < Int64(UInt32.max) - Int64(data.count) else {
                throw .limit(place: "the KMZ", what: "bytes (a KMZ is written without ZIP64)", limit: Int(UInt32.max))
            }
            let nameBytes = Array(name.utf8)
            let crc = data.withUnsafeBytes { raw in
                UInt32(crc32(0, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count)))
            }
            let entry = (nameBytes, crc, UInt32(data.count), UInt32(file.bytes))
            var header = Data()
            header.le32(0x0403_4B50)
            header.le16(20)
            header.le16(0x0800)  // names in UTF-8
            header.le16(0)  // stored
            header.le16(0)
            header.le16(0x21)  // 1980-01-01
            header.le32(crc)
            header.le32(entry.2)
            header.le32(entry.2)
            header.le16(UInt16(nameBytes.count))
            header.le16(0)
            header.append(contentsOf: nameBytes)
            try file.write(header)
            try file.write(data)
            entries.append(entry)
        }

        func finish() throws(InterchangeError) {
            let start = UInt32(file.bytes)
            var directory = Data()
            for entry in entries {
                directory.le32(0x0201_4B50)
                directory.le16(20)
                directory.le16(20)
                directory.le16(0x0800)
                directory.le16(0)
                directory.le16(0)
                directory.le16(0x21)
                directory.le32(entry.crc)
                directory.le32(entry.size)
                directory.le32(entry.size)
                directory.le16(UInt16(entry.name.count))
                directory.le16(0)
                directory.le16(0)
                directory.le16(0)
                directory.le16(0)
                directory.le32(0)
                directory.le32(entry.offset)
                directory.append(contentsOf: entry.name)
            }
            directory.le32(0x0605_4B50)
            directory.le16(0)
            directory.le16(0)
            directory.le16(UInt16(entries.count))
            directory.le16(UInt16(entries.count))
            directory.le32(UInt32(directory.count - 12))
            directory.le32(start)
            directory.le16(0)
            try file.write(directory)
        }
    }

    /// The bytes of the archive's first top-level `.kml` member (`doc.kml` by convention).
    static func document(in bytes: [UInt8]) throws(InterchangeError) -> [UInt8] {
        func bad(_ detail: String) -> InterchangeError { .malformed(place: "the KMZ", detail: detail) }
        func u16(_ at: Int) throws(InterchangeError) -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw bad("it is cut short") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws(InterchangeError) -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw bad("it is cut short") }
            return (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        // The end record sits in the last 64 KiB + 22 bytes (its comment is at most 64 KiB).
        var end = bytes.count - 22
        while end >= max(0, bytes.count - 22 - 0xFFFF), try u32(end) != 0x0605_4B50 { end -= 1 }
        guard end >= 0, end >= bytes.count - 22 - 0xFFFF else {
            throw bad("it is not a zip archive (no central directory)")
        }
        let count = try u16(end + 10)
        var at = try u32(end + 16)
        guard try u16(end + 4) == 0, try u16(end + 6) == 0 else { throw bad("it is split across several files") }
        guard count != 0xFFFF, at != 0xFFFF_FFFF else { throw bad("it is a ZIP64 archive, which is not read") }
        guard count <= 10_000 else {
            throw .limit(place: "the KMZ", what: "members", limit: 10_000)
        }
        for _ in 0..<count {
            guard try u32(at) == 0x0201_4B50 else { throw bad("its central directory is damaged") }
            let flags = try u16(at + 8)
            let method = try u16(at + 10)
            let compressed = try u32(at + 20)
            let size = try u32(at + 24)
            let nameLength = try u16(at + 28)
            let extra = try u16(at + 30)
            let comment = try u16(at + 32)
            let local = try u32(at + 42)
            guard at + 46 + nameLength <= bytes.count else { throw bad("it is cut short") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            at += 46 + nameLength + extra + comment
            guard name.lowercased().hasSuffix(".kml"), !name.contains("/") else { continue }
            guard flags & 1 == 0 else { throw bad("\(name) is encrypted") }
            guard size <= InterchangeLimits.fileBytes else {
                throw .tooLarge(bytes: Int64(size), limit: InterchangeLimits.fileBytes)
            }
            guard try u32(local) == 0x0403_4B50 else { throw bad("the member \(name) is damaged") }
            let start = local + 30 + (try u16(local + 26)) + (try u16(local + 28))
            guard start >= 0, compressed >= 0, start + compressed <= bytes.count else { throw bad("it is cut short") }
            let member = bytes[start..<(start + compressed)]
            switch method {
            case 0: return Array(member)
            case 8:
                do {
                    return [UInt8](try Inflate.decompressRaw(Data(member), limit: Int(InterchangeLimits.fileBytes)))
                } catch .tooLarge {
                    throw .tooLarge(bytes: Int64(InterchangeLimits.fileBytes) + 1, limit: InterchangeLimits.fileBytes)
                } catch {
                    throw bad("\(name) does not inflate: \(error)")
                }
            default: throw bad("\(name) is compressed with method \(method); only deflate is read")
            }
        }
        throw .nothingToImport("the KMZ holds no KML document")
    }
}

extension Data {
    fileprivate mutating func le16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    fileprivate mutating func le32(_ value: UInt32) { (0..<4).forEach { append(UInt8(value >> (8 * $0) & 0xFF)) } }
}
