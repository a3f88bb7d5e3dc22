import Foundation

/// One thing an XML document says, in order.
enum XMLEvent: Equatable {
    /// An element opens: its local name (the part after any prefix) and its attributes by local name.
    case start(String, [String: String])
    /// The innermost open element closes.
    case end(String)
    /// Text inside an element (character data and CDATA), entities resolved.
    case text(String)
}

/// Reads the XML that GPX and KML files are written in, one event at a time, with nothing that
/// a hostile file could turn against the reader (issue 34 §1 "XML bombs and external entities"):
///
/// - A document type declaration is refused outright: entity declarations (the billion laughs,
///   external entities reading local files or the network) can only be made in one, and GPX and
///   KML never need one. Only XML's five named entities and character references are read.
/// - Nesting, attributes per element and the bytes of one text or attribute are bounded
///   (``InterchangeLimits``); the document must be well formed (one root, each end tag matching).
/// - The text must be UTF-8 (a byte-order mark is skipped); an `encoding` other than UTF-8 in the
///   declaration is refused, as the bytes would be misread.
///
/// Written here rather than taken from Foundation's `XMLParser` (libxml2 on Linux): its entity
/// handling differs by platform and version, and these few rules are what the formats need.
struct XMLScanner {
    private let bytes: [UInt8]
    private var offset: Int
    private var stack: [String] = []
    private var sawRoot = false

    init(_ bytes: [UInt8]) throws(InterchangeError) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw .encoding(place: "the file", detail: "it is UTF-16 text; GPX and KML files are read as UTF-8")
        }
        self.bytes = bytes
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The line an offset is on, for messages.
    private func line(at position: Int) -> Int {
        bytes[..<min(position, bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    private func malformed(_ detail: String, at position: Int? = nil) -> InterchangeError {
        .malformed(place: "line \(line(at: position ?? offset))", detail: detail)
    }

    /// Calls `handle` with every event of the document, in order; a document whose root element is
    /// not `root` is refused as not being `format`.
    mutating func scan(
        root: String, format: String, _ handle: (XMLEvent) throws(InterchangeError) -> Void
    ) throws(InterchangeError) {
        var text: [UInt8] = []
        func flushText() throws(InterchangeError) {
            guard !text.isEmpty else { return }
            defer { text.removeAll(keepingCapacity: true) }
            guard !stack.isEmpty else {
                guard text.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
                    throw malformed("text outside the document's root element")
                }
                return
            }
            try handle(.text(try decode(text, at: offset)))
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte != UInt8(ascii: "<") {
                text.append(byte)
                offset += 1
                if text.count > InterchangeLimits.textBytes {
                    throw .limit(
                        place: "line \(line(at: offset))", what: "bytes of text in one element",
                        limit: InterchangeLimits.textBytes)
                }
                continue
            }
            if starts("<!--") {
                try skip(past: "-->")
            } else if starts("<![CDATA[") {
                let start = offset + 9
                try skip(past: "]]>")
                // CDATA is literal: its & is escaped so that decoding the text gives it back.
                for byte in bytes[start..<(offset - 3)] {
                    if byte == UInt8(ascii: "&") { text += Array("&amp;".utf8) } else { text.append(byte) }
                }
            } else if starts("<!DOCTYPE") || starts("<!doctype") || starts("<!ENTITY") {
                throw malformed(
                    "the file declares a document type; GPX and KML need none, and declared entities are how XML bombs and external entities work, so it is refused"
                )
            } else if starts("<?") {
                let start = offset
                try skip(past: "?>")
                try checkDeclaration(bytes[start..<offset])
            } else if starts("</") {
                try flushText()
                try handle(.end(try endTag()))
            } else {
                try flushText()
                let wasRoot = !sawRoot
                let (name, attributes, empty) = try startTag()
                if wasRoot && name != root {
                    throw .malformed(place: "the file", detail: "it is XML but not \(format) (its root is <\(name)>)")
                }
                try handle(.start(name, attributes))
                if empty {
                    stack.removeLast()
                    try handle(.end(name))
                }
            }
        }
        try flushText()
        guard sawRoot else { throw .nothingToImport("the file holds no XML document") }
        guard stack.isEmpty else { throw malformed("the file ends inside <\(stack.last!)> (cut short?)") }
    }

    private func starts(_ prefix: StaticString, at position: Int? = nil) -> Bool {
        let position = position ?? offset
        let count = prefix.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        return prefix.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
        }
    }

    private mutating func skip(past terminator: StaticString) throws(InterchangeError) {
        let start = offset
        while offset < bytes.count {
            if starts(terminator) {
                offset += terminator.utf8CodeUnitCount
                return
            }
            offset += 1
        }
        throw malformed("\(terminator) is missing (cut short?)", at: start)
    }

    private func checkDeclaration(_ declaration: ArraySlice<UInt8>) throws(InterchangeError) {
        let text = String(decoding: declaration, as: UTF8.self).lowercased()
        guard text.hasPrefix("<?xml "), let range = text.range(of: "encoding=") else { return }
        let value = text[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
        guard value == "utf-8" || value == "utf8" else {
            throw .encoding(
                place: "the XML declaration", detail: "the file says it is \(value); it is read as UTF-8 only")
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x61 && byte <= 0x7A)
            || [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":")].contains(byte)
    }

    private mutating func name() throws(InterchangeError) -> String {
        let start = offset
        while offset < bytes.count, Self.isNameByte(bytes[offset]) { offset += 1 }
        guard offset > start, offset - start <= 256 else { throw malformed("a name is missing or too long") }
        let qualified = String(decoding: bytes[start..<offset], as: UTF8.self)
        return qualified.split(separator: ":").last.map(String.init) ?? qualified
    }

    private mutating func skipBlanks() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private mutating func startTag() throws(InterchangeError) -> (String, [String: String], Bool) {
        offset += 1
        let element = try name()
        guard stack.count < InterchangeLimits.depth else {
            throw .limit(place: "line \(line(at: offset))", what: "levels of nesting", limit: InterchangeLimits.depth)
        }
        guard !stack.isEmpty || !sawRoot else { throw malformed("a second root element <\(element)>") }
        var attributes: [String: String] = [:]
        while true {
            skipBlanks()
            guard offset < bytes.count else { throw malformed("the tag <\(element)> is never closed") }
            if bytes[offset] == UInt8(ascii: ">") {
                offset += 1
                stack.append(element)
                sawRoot = true
                return (element, attributes, false)
            }
            if starts("/>") {
                offset += 2
                stack.append(element)
                sawRoot = true
                return (element, attributes, true)
            }
            let attribute = try name()
            skipBlanks()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
                throw malformed("the attribute \(attribute) of <\(element)> has no value")
            }
            offset += 1
            skipBlanks()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
                throw malformed("the value of \(attribute) is not quoted")
            }
            let quote = bytes[offset]
            offset += 1
            let start = offset
            while offset < bytes.count, bytes[offset] != quote {
                guard bytes[offset] != UInt8(ascii: "<") else {
                    throw malformed("a < inside the value of \(attribute)")
                }
                offset += 1
            }
            guard offset < bytes.count else { throw malformed("the value of \(attribute) is never closed", at: start) }
            guard offset - start <= InterchangeLimits.fieldBytes else {
                throw .limit(
                    place: "line \(line(at: start))", what: "bytes in one attribute",
                    limit: InterchangeLimits.fieldBytes)
            }
            attributes[attribute] = try decode(Array(bytes[start..<offset]), at: start)
            offset += 1
            guard attributes.count <= InterchangeLimits.attributes else {
                throw .limit(
                    place: "line \(line(at: offset))", what: "attributes on one element",
                    limit: InterchangeLimits.attributes)
            }
        }
    }

    private mutating func endTag() throws(InterchangeError) -> String {
        offset += 2
        let element = try name()
        skipBlanks()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else {
            throw malformed("the end tag </\(element)> is not closed")
        }
        offset += 1
        guard stack.last == element else {
            throw malformed(
                stack.last.map { "</\(element)> closes <\($0)>" } ?? "</\(element)> closes nothing")
        }
        stack.removeLast()
        return element
    }

    /// UTF-8 text with XML's five named entities and character references resolved.
    private func decode(_ raw: [UInt8], at position: Int) throws(InterchangeError) -> String {
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw .encoding(place: "line \(line(at: position))", detail: "the bytes are not UTF-8 text")
        }
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
                throw malformed("a & that starts no entity (write &amp;)", at: position)
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst(), radix: 10) : nil
                guard let number, let scalar = Unicode.Scalar(number), number != 0 else {
                    throw malformed(
                        "the entity &\(entity); is not one XML defines (none can be declared here)", at: position)
                }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
