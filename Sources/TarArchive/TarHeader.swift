import Foundation

/// POSIX ustar archives, written and read as streams (issue 16 §1, the site's account export;
/// issue 34 §2, the diary's backup): each member is a 512-byte header, its bytes, zeros up to
/// the next 512, and two zero blocks end the archive. Every `tar` reads what this writes; the
/// reader takes only regular files and refuses anything it cannot vouch for (``TarReader``).
public enum TarArchive {
    public static let block = 512
    /// The largest size the header's twelve octal digits hold (8 GiB less a byte); larger members
    /// take the base-256 form GNU tar, bsdtar and Python's tarfile read.
    static let largestOctalSize: Int64 = 0o77777777777

    /// The header of a regular file `name` of `size` bytes. A name of more than 100 bytes of
    /// UTF-8 is split at a "/" into ustar's prefix (155 bytes) and name (100).
    public static func header(name: String, size: Int64, modified: Date) throws(TarError) -> Data {
        guard size >= 0 else { throw TarError(.badSize, name: name, detail: "\(size)") }
        let (prefix, last) = try split(name)
        var header = [UInt8](repeating: 0, count: block)
        func put(_ text: String, at offset: Int, width: Int) {
            for (index, byte) in text.utf8.prefix(width).enumerated() { header[offset + index] = byte }
        }
        func octal(_ value: Int64, at offset: Int, width: Int) {
            put(
                String(String(value, radix: 8).suffix(width - 1)).leftPadded(to: width - 1), at: offset,
                width: width - 1)
        }
        put(last, at: 0, width: 100)
        octal(0o644, at: 100, width: 8)
        octal(0, at: 108, width: 8)
        octal(0, at: 116, width: 8)
        if size <= largestOctalSize {
            octal(size, at: 124, width: 12)
        } else {
            // Base-256: the first byte's high bit set, the size big-endian in the rest.
            header[124] = 0x80
            for index in 0..<8 { header[135 - index] = UInt8(truncatingIfNeeded: size >> (8 * index)) }
        }
        octal(Int64(max(0, modified.timeIntervalSince1970)), at: 136, width: 12)
        put("        ", at: 148, width: 8)
        header[156] = UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        put("hobbystory", at: 265, width: 32)
        put("hobbystory", at: 297, width: 32)
        put(prefix, at: 345, width: 155)
        put(String(String(checksum(header), radix: 8)).leftPadded(to: 6) + "\0 ", at: 148, width: 8)
        return Data(header)
    }

    /// Zeros that bring a member of `size` bytes to a whole number of blocks.
    public static func padding(after size: Int64) -> Data { Data(count: paddingCount(after: size)) }

    static func paddingCount(after size: Int64) -> Int {
        let remainder = Int(size % Int64(block))
        return remainder == 0 ? 0 : block - remainder
    }

    /// The two zero blocks that end an archive.
    public static let end = Data(count: 2 * block)

    /// The sum of a header's bytes with its checksum field read as spaces.
    static func checksum(_ header: [UInt8]) -> Int64 {
        header.enumerated().reduce(0) { sum, byte in sum + Int64((148..<156).contains(byte.offset) ? 32 : byte.element)
        }
    }

    /// A name as ustar's prefix and name fields.
    private static func split(_ name: String) throws(TarError) -> (prefix: String, name: String) {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, !bytes.contains(0) else { throw TarError(.badName, name: name, detail: "empty or NUL") }
        if bytes.count <= 100 { return ("", name) }
        for index in bytes.indices.reversed() where bytes[index] == UInt8(ascii: "/") {
            if index <= 155 && bytes.count - index - 1 <= 100 && index > 0 {
                return (
                    String(decoding: bytes[..<index], as: UTF8.self),
                    String(decoding: bytes[(index + 1)...], as: UTF8.self)
                )
            }
        }
        throw TarError(.badName, name: name, detail: "longer than ustar holds (\(bytes.count) bytes)")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
