/// An app's marketing version as numbers (`1.2.10` > `1.2.9`), for telling whether a problem came
/// back in a version newer than the one it was fixed in (T6, issue 18). One to four parts of at
/// most six digits each: anything else is not a version.
public struct AppVersion: Sendable, Comparable, CustomStringConvertible {
    public let parts: [Int]

    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard (1...6).contains(piece.utf8.count), piece.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(piece)
            else { return nil }
            parts.append(number)
        }
        self.parts = parts
    }

    /// The version at the start of `text` ("1.0 (beta)" → "1.0"), or "0" when there is none: a
    /// report always carries a version the portal accepts.
    public static func leading(in text: String) -> String {
        let prefix = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let trimmed = prefix.hasSuffix(".") ? String(prefix.dropLast()) : String(prefix)
        return AppVersion(trimmed)?.description ?? "0"
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    /// Missing parts count as zero: `1.2` == `1.2.0`.
    public static func < (a: AppVersion, b: AppVersion) -> Bool {
        for index in 0..<max(a.parts.count, b.parts.count) {
            let (x, y) = (a.part(index), b.part(index))
            if x != y { return x < y }
        }
        return false
    }

    public static func == (a: AppVersion, b: AppVersion) -> Bool { !(a < b) && !(b < a) }

    /// For sorting version texts newest first: by number where both are versions, else as text.
    public static func isNewer(_ a: String, than b: String) -> Bool {
        if let x = AppVersion(a), let y = AppVersion(b), x != y { return x > y }
        return a > b
    }

    private func part(_ index: Int) -> Int { index < parts.count ? parts[index] : 0 }
}
