import Foundation

/// Reads a ustar archive from a file, member by member, as a stream: a member's bytes are handed
/// over in pieces of at most ``pieceSize``, so memory stays bounded whatever the archive holds
/// (issue 34 §2). Only regular files are read; a link, device, directory-escaping or absolute
/// name, a header whose checksum fails, a size beyond the caller's limit or an archive cut short
/// is refused with a ``TarError`` naming it. Reads what ``TarArchive/header(name:size:modified:)``
/// writes and what GNU tar and bsdtar write for plain files (ustar, GNU's base-256 sizes).
public final class TarReader {
    /// A member's header as read.
    public struct Member: Sendable, Equatable {
        public let name: String
        public let size: Int64
    }

    public static let pieceSize = 1 << 20

    private let handle: FileHandle
    private var lastName = ""
    /// Bytes of the current member not yet handed over, then its padding.
    private var remaining: Int64 = 0
    private var padding = 0
    private var finished = false

    public init(url: URL) throws(TarError) {
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw TarError(.unreadable, name: "", detail: "\(url.lastPathComponent): \(error.localizedDescription)")
        }
    }

    deinit { try? handle.close() }

    /// The next member's header, skipping what is left of the one before; nil at the archive's
    /// end (a zero block). A member larger than `sizeLimit` is refused before any of it is read.
    public func next(sizeLimit: Int64) throws(TarError) -> Member? {
        guard !finished else { return nil }
        while remaining > 0 { _ = try piece() }
        try skip(padding)
        padding = 0
        let block = try read(TarArchive.block, inside: "")
        if block.isEmpty { throw TarError(.truncated, name: lastName, detail: "no end blocks") }
        let header = [UInt8](block)
        if header.allSatisfy({ $0 == 0 }) {
            finished = true
            return nil
        }
        let member = try Self.parse(header, after: lastName)
        guard member.size <= sizeLimit else {
            throw TarError(.tooLarge, name: member.name, detail: "\(member.size) bytes, at most \(sizeLimit)")
        }
        lastName = member.name
        remaining = member.size
        padding = TarArchive.paddingCount(after: member.size)
        return member
    }

    /// The current member's next piece of bytes; empty when all were read.
    public func piece() throws(TarError) -> Data {
        guard remaining > 0 else { return Data() }
        let count = Int(min(remaining, Int64(Self.pieceSize)))
        let data = try read(count, inside: lastName)
        guard data.count == count else {
            throw TarError(.truncated, name: lastName, detail: "\(remaining - Int64(data.count)) bytes missing")
        }
        remaining -= Int64(count)
        return data
    }

    /// The current member's bytes whole, for small members (a manifest); refused past `limit`.
    public func contents(limit: Int) throws(TarError) -> Data {
        guard remaining <= limit else {
            throw TarError(.tooLarge, name: lastName, detail: "\(remaining) bytes, at most \(limit)")
        }
        var data = Data()
        while remaining > 0 { data.append(try piece()) }
        return data
    }

    private func read(_ count: Int, inside name: String) throws(TarError) -> Data {
        do {
            var data = Data()
            while data.count < count, let more = try handle.read(upToCount: count - data.count), !more.isEmpty {
                data.append(more)
            }
            return data
        } catch {
            throw TarError(.unreadable, name: name, detail: error.localizedDescription)
        }
    }

    private func skip(_ count: Int) throws(TarError) {
        guard count > 0 else { return }
        guard try read(count, inside: lastName).count == count else {
            throw TarError(.truncated, name: lastName, detail: "its padding is cut short")
        }
    }

    // MARK: Headers

    static func parse(_ header: [UInt8], after previous: String) throws(TarError) -> Member {
        guard let stored = octal(header[148..<156]), stored == TarArchive.checksum(header) else {
            throw TarError(.badHeader, name: previous, detail: "its checksum does not match")
        }
        let magic = Array(header[257..<263])
        let isUstar = magic == Array("ustar\0".utf8) || magic == Array("ustar ".utf8)
        var nameBytes = field(header[0..<100])
        if isUstar, magic == Array("ustar\0".utf8) {
            let prefix = field(header[345..<500])
            if !prefix.isEmpty { nameBytes = prefix + [UInt8(ascii: "/")] + nameBytes }
        }
        guard let name = String(validating: nameBytes, as: UTF8.self) else {
            throw TarError(.badName, name: previous, detail: "not UTF-8")
        }
        let type = header[156]
        guard type == UInt8(ascii: "0") || type == 0 else {
            throw TarError(.notAFile, name: name, detail: "type \(Self.typeName(type))")
        }
        try checkName(name)
        guard let size = size(header[124..<136]) else {
            throw TarError(.badSize, name: name, detail: "\(String(decoding: field(header[124..<136]), as: UTF8.self))")
        }
        return Member(name: name, size: size)
    }

    /// Names that stay inside the folder they are read into: relative, no "." or ".." parts, no
    /// empty parts, no backslashes or control characters.
    static func checkName(_ name: String) throws(TarError) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"),
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0.value == 0x7f })
        else { throw TarError(.badName, name: name, detail: "absolute, empty, \".\", \"..\" or control characters") }
    }

    private static func field(_ bytes: ArraySlice<UInt8>) -> [UInt8] { Array(bytes.prefix { $0 != 0 }) }

    /// An octal field: digits, optionally padded with spaces and ended by NUL or space.
    static func octal(_ bytes: ArraySlice<UInt8>) -> Int64? {
        let digits = bytes.prefix { $0 != 0 }.drop { $0 == 32 }.prefix { $0 != 32 }
        guard !digits.isEmpty, digits.count <= 21, digits.allSatisfy({ (48...55).contains($0) }) else { return nil }
        return digits.reduce(Int64(0)) { $0 * 8 + Int64($1 - 48) }
    }

    /// The size field: octal, or base-256 (the first byte's high bit set) up to 2^63 - 1.
    static func size(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard let first = bytes.first else { return nil }
        if first & 0x80 == 0 { return octal(bytes) }
        guard first == 0x80 else { return nil }  // negative, or beyond 2^88
        let rest = bytes.dropFirst()
        guard rest.prefix(rest.count - 8).allSatisfy({ $0 == 0 }), let top = rest.suffix(8).first, top < 0x80 else {
            return nil
        }
        return rest.suffix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    private static func typeName(_ type: UInt8) -> String {
        switch type {
        case UInt8(ascii: "1"): "hard link"
        case UInt8(ascii: "2"): "symbolic link"
        case UInt8(ascii: "3"), UInt8(ascii: "4"): "device"
        case UInt8(ascii: "5"): "directory"
        case UInt8(ascii: "6"): "FIFO"
        case UInt8(ascii: "x"), UInt8(ascii: "g"): "pax extended header"
        case UInt8(ascii: "L"), UInt8(ascii: "K"): "GNU long name"
        default: "\(type)"
        }
    }
}
