/// BLAKE2b (RFC 7693), unkeyed, 1 to 64 bytes of output: the hash inside Argon2id (RFC 9106),
/// which a PIN's hash needs on every platform (T15, issue 31 §1.2).
struct Blake2b {
    private static let iv: [UInt64] = [
        0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b, 0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f, 0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179,
    ]

    /// The message schedule of each of the 12 rounds (rounds 10 and 11 repeat 0 and 1).
    private static let sigma: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
        [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
        [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
        [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
        [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
        [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
        [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
        [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
        [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    ]

    private var state: [UInt64]
    private var buffer: [UInt8] = []
    private var counter: UInt64 = 0
    private let outputLength: Int

    /// A hash of `outputLength` bytes (1…64).
    init(outputLength: Int) {
        precondition((1...64).contains(outputLength), "BLAKE2b gives 1 to 64 bytes")
        self.outputLength = outputLength
        state = Self.iv
        state[0] ^= 0x0101_0000 ^ UInt64(outputLength)
        buffer.reserveCapacity(128)
    }

    /// The hash of the concatenated `parts`.
    static func hash(_ parts: [UInt8]..., length: Int) -> [UInt8] {
        var hasher = Blake2b(outputLength: length)
        for part in parts { hasher.update(part) }
        return hasher.finish()
    }

    mutating func update(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            // The last block is compressed by `finish`, with the final flag: keep a full one back.
            if buffer.count == 128 {
                counter &+= 128
                compress(buffer, last: false)
                buffer.removeAll(keepingCapacity: true)
            }
            let taken = min(128 - buffer.count, bytes.count - offset)
            buffer.append(contentsOf: bytes[offset..<(offset + taken)])
            offset += taken
        }
    }

    mutating func finish() -> [UInt8] {
        counter &+= UInt64(buffer.count)
        let block = buffer + [UInt8](repeating: 0, count: 128 - buffer.count)
        compress(block, last: true)
        return Array(littleEndianBytes(state).prefix(outputLength))
    }

    private mutating func compress(_ block: [UInt8], last: Bool) {
        let m = littleEndianWords(block)
        var v = state + Self.iv
        v[12] ^= counter
        if last { v[14] = ~v[14] }
        func mix(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ x: UInt64, _ y: UInt64) {
            v[a] = v[a] &+ v[b] &+ x
            v[d] = (v[d] ^ v[a]).rotatedRight(32)
            v[c] = v[c] &+ v[d]
            v[b] = (v[b] ^ v[c]).rotatedRight(24)
            v[a] = v[a] &+ v[b] &+ y
            v[d] = (v[d] ^ v[a]).rotatedRight(16)
            v[c] = v[c] &+ v[d]
            v[b] = (v[b] ^ v[c]).rotatedRight(63)
        }
        for s in Self.sigma {
            mix(0, 4, 8, 12, m[s[0]], m[s[1]])
            mix(1, 5, 9, 13, m[s[2]], m[s[3]])
            mix(2, 6, 10, 14, m[s[4]], m[s[5]])
            mix(3, 7, 11, 15, m[s[6]], m[s[7]])
            mix(0, 5, 10, 15, m[s[8]], m[s[9]])
            mix(1, 6, 11, 12, m[s[10]], m[s[11]])
            mix(2, 7, 8, 13, m[s[12]], m[s[13]])
            mix(3, 4, 9, 14, m[s[14]], m[s[15]])
        }
        for i in 0..<8 { state[i] ^= v[i] ^ v[i + 8] }
    }
}

extension UInt64 {
    /// The word rotated right by `count` bits (0 < count < 64).
    @_transparent
    func rotatedRight(_ count: UInt64) -> UInt64 { (self >> count) | (self << (64 &- count)) }
}

/// The little-endian 64-bit words of `bytes` (whose count is a multiple of 8).
func littleEndianWords(_ bytes: [UInt8]) -> [UInt64] {
    stride(from: 0, to: bytes.count, by: 8).map { start in
        (0..<8).reduce(UInt64(0)) { word, b in word | UInt64(bytes[start + b]) << UInt64(8 * b) }
    }
}

/// `words` as little-endian bytes.
func littleEndianBytes(_ words: some Sequence<UInt64>) -> [UInt8] {
    words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) } }
}
