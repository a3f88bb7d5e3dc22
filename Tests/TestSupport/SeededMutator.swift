/// Makes variants of seed inputs for the portal's fuzz tests (T3 hostile input): bit flips,
/// "interesting" bytes and tokens (edge numbers, NUL, quotes, brackets, deep nesting, long runs),
/// insertions, deletions, duplications and splices with another seed — the mutations a
/// coverage-guided fuzzer starts from, driven by a seed so a failing input can be replayed.
public struct SeededMutator {
    public var random: SeededRandom
    public let seeds: [[UInt8]]

    public init(seed: UInt64, seeds: [[UInt8]]) {
        precondition(!seeds.isEmpty, "a mutator needs at least one seed input")
        random = SeededRandom(seed: seed)
        self.seeds = seeds
    }

    static let tokens: [[UInt8]] = [
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-1", "0", "1e400", "-0.0", "NaN",
        "null", "true", "\"\"", "\\u0000", "\u{0}", "\\ud800", "\"\\", "{}", "[]", "{\"a\":",
        String(repeating: "[", count: 300),
        String(repeating: "9", count: 400), String(repeating: "a\u{301}", count: 200), "\r\n", "\r\n\r\n", ": ", ",",
        "%00", "%", "%zz", "..", "/", "?", "&", "=", "Content-Length: 5\r\n", "Transfer-Encoding: chunked\r\n",
        " ", "\t", "\u{FEFF}", "🐟",
    ].map { Array($0.utf8) }

    /// The next input: a seed with one to four mutations applied, at most `maximumBytes` long.
    public mutating func next(maximumBytes: Int = 16_384) -> [UInt8] {
        var bytes = seeds[index(seeds.count)]
        for _ in 0...index(4) { mutate(&bytes) }
        if bytes.count > maximumBytes { bytes.removeLast(bytes.count - maximumBytes) }
        return bytes
    }

    private mutating func index(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        let position = index(bytes.count + 1)
        switch index(7) {
        case 0 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] ^= UInt8(1 << index(8))
        case 1 where !bytes.isEmpty:
            let interesting: [UInt8] = [
                0, 0xFF, 0x7F, 0x80, 0xC0, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x3A, 0x2C, 0x30, 0x39, 0x2D, 0x0A,
            ]
            bytes[min(position, bytes.count - 1)] = interesting[index(interesting.count)]
        case 2:
            bytes.insert(contentsOf: Self.tokens[index(Self.tokens.count)], at: position)
        case 3 where !bytes.isEmpty:
            let end = min(bytes.count, position + 1 + index(32))
            bytes.removeSubrange(min(position, bytes.count - 1)..<end)
        case 4 where !bytes.isEmpty:
            let start = min(position, bytes.count - 1)
            let piece = Array(bytes[start..<min(bytes.count, start + 1 + index(64))])
            bytes.insert(contentsOf: piece, at: start)
        case 5:
            let other = seeds[index(seeds.count)]
            let cut = index(other.count + 1)
            bytes = Array(bytes.prefix(position)) + Array(other.suffix(from: cut))
        default:
            bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
        }
    }
}
