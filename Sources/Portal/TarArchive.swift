import Foundation

/// Writes a POSIX ustar archive as a stream (issue 16 §1: "export everything"): each member is a
/// 512-byte header, its bytes, zeros up to the next 512, and two zero blocks end the archive.
/// Every `tar` reads it, and nothing in it needs more than a name and a size known beforehand.
struct TarArchive {
    static let block = 512

    /// The header of a regular file `name` (at most 100 bytes of UTF-8) of `size` bytes.
    static func header(name: String, size: Int64, modified: Date) -> Data {
        var header = [UInt8](repeating: 0, count: block)
        func put(_ text: String, at offset: Int, width: Int) {
            for (index, byte) in text.utf8.prefix(width).enumerated() { header[offset + index] = byte }
        }
        func octal(_ value: Int64, at offset: Int, width: Int) {
            put(
                String(String(value, radix: 8).suffix(width - 1)).leftPadded(to: width - 1), at: offset,
                width: width - 1)
        }
        precondition(name.utf8.count <= 100, "tar member names are at most 100 bytes here")
        put(name, at: 0, width: 100)
        octal(0o644, at: 100, width: 8)
        octal(0, at: 108, width: 8)
        octal(0, at: 116, width: 8)
        octal(size, at: 124, width: 12)
        octal(Int64(max(0, modified.timeIntervalSince1970)), at: 136, width: 12)
        put("        ", at: 148, width: 8)
        header[156] = UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        put("hobbystory", at: 265, width: 32)
        put("hobbystory", at: 297, width: 32)
        let checksum = header.reduce(0) { $0 + Int64($1) }
        put(String(String(checksum, radix: 8)).leftPadded(to: 6) + "\0 ", at: 148, width: 8)
        return Data(header)
    }

    /// Zeros that bring a member of `size` bytes to a whole number of blocks.
    static func padding(after size: Int64) -> Data {
        let remainder = Int(size % Int64(block))
        return Data(count: remainder == 0 ? 0 : block - remainder)
    }

    /// The two zero blocks that end an archive.
    static let end = Data(count: 2 * block)
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
