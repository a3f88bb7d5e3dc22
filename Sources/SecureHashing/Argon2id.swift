/// Argon2id (RFC 9106, version 0x13) in Swift, the one implementation of every platform (T15,
/// issue 31 §1.2): the iPhone and iPad cannot link libsodium, and a PIN set on one device must
/// open the diary on another. Checked against the RFC's test vector and, on Linux, against
/// libsodium's `crypto_pwhash` (`Tests/SecureHashingTests`).
public struct Argon2id: Sendable {
    /// The cost of one hash: memory in KiB, passes over it, lanes, and the tag's length.
    public struct Parameters: Sendable, Equatable {
        public var memoryKiB: Int
        public var passes: Int
        public var lanes: Int
        public var tagLength: Int

        public init(memoryKiB: Int, passes: Int, lanes: Int = 1, tagLength: Int = 32) {
            self.memoryKiB = memoryKiB
            self.passes = passes
            self.lanes = lanes
            self.tagLength = tagLength
        }

        /// Whether RFC 9106 allows them, and within what a verifier here will spend: at most
        /// 1 GiB of memory, 16 passes and 16 lanes (a stored hash claiming more is refused rather
        /// than run).
        var isAcceptable: Bool {
            (1...16).contains(lanes) && (1...16).contains(passes) && (4...64).contains(tagLength)
                && memoryKiB >= 8 * lanes && memoryKiB <= 1 << 20
        }
    }

    public let parameters: Parameters

    public init(_ parameters: Parameters) {
        self.parameters = parameters
    }

    /// The tag of `password` with `salt` (at least 8 bytes), an optional `secret` and
    /// `associatedData`. Nil when the parameters are outside ``Parameters/isAcceptable``.
    public func hash(password: [UInt8], salt: [UInt8], secret: [UInt8] = [], associatedData: [UInt8] = []) -> [UInt8]? {
        let p = parameters
        guard p.isAcceptable, salt.count >= 8 else { return nil }
        let h0 = Blake2b.hash(
            le32(p.lanes), le32(p.tagLength), le32(p.memoryKiB), le32(p.passes), le32(0x13), le32(2),
            le32(password.count), password, le32(salt.count), salt, le32(secret.count), secret,
            le32(associatedData.count), associatedData, length: 64)
        let memory = Memory(parameters: p)
        defer { memory.free() }
        for lane in 0..<p.lanes {
            for column in 0..<2 {
                memory.load(
                    variableHash(h0 + le32(column) + le32(lane), length: 1024), into: memory.index(lane, column))
            }
        }
        for pass in 0..<p.passes {
            for slice in 0..<4 {
                for lane in 0..<p.lanes {
                    memory.fillSegment(pass: pass, slice: slice, lane: lane)
                }
            }
        }
        return variableHash(memory.finalBlock(), length: p.tagLength)
    }
}

/// Four bytes, little-endian.
func le32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// H′ of RFC 9106 §3.3: BLAKE2b stretched to `length` bytes.
func variableHash(_ input: [UInt8], length: Int) -> [UInt8] {
    if length <= 64 { return Blake2b.hash(le32(length), input, length: length) }
    let rounds = (length + 31) / 32 - 2
    var v = Blake2b.hash(le32(length), input, length: 64)
    var output = Array(v.prefix(32))
    for _ in 1..<rounds {
        v = Blake2b.hash(v, length: 64)
        output += v.prefix(32)
    }
    output += Blake2b.hash(v, length: length - 32 * rounds)
    return output
}

/// The blocks of one hash: `lanes` rows of `laneLength` 1 KiB blocks (128 words each).
private struct Memory {
    let lanes: Int
    let laneLength: Int
    let segmentLength: Int
    let passes: Int
    let blockCount: Int
    let words: UnsafeMutablePointer<UInt64>
    /// Scratch for the compression and for the data-independent addresses.
    let scratch: UnsafeMutablePointer<UInt64>

    init(parameters p: Argon2id.Parameters) {
        lanes = p.lanes
        segmentLength = p.memoryKiB / (4 * p.lanes)
        laneLength = segmentLength * 4
        passes = p.passes
        blockCount = laneLength * lanes
        words = .allocate(capacity: blockCount * 128)
        words.initialize(repeating: 0, count: blockCount * 128)
        scratch = .allocate(capacity: 128 * 5)
        scratch.initialize(repeating: 0, count: 128 * 5)
    }

    func free() {
        // The memory held the password's derivatives: wiped before it is given back.
        words.update(repeating: 0, count: blockCount * 128)
        scratch.update(repeating: 0, count: 128 * 5)
        words.deallocate()
        scratch.deallocate()
    }

    func index(_ lane: Int, _ column: Int) -> Int { lane * laneLength + column }

    func block(_ index: Int) -> UnsafeMutablePointer<UInt64> { words + index * 128 }

    func load(_ bytes: [UInt8], into index: Int) {
        let target = block(index)
        for (i, word) in littleEndianWords(bytes).enumerated() { target[i] = word }
    }

    /// The XOR of the lanes' last blocks, as bytes.
    func finalBlock() -> [UInt8] {
        littleEndianBytes(
            (0..<128).map { i in (0..<lanes).reduce(UInt64(0)) { $0 ^ block(index($1, laneLength - 1))[i] } })
    }

    /// Computes one segment of one lane (RFC 9106 §3.4): Argon2i's addresses in the first half of
    /// the first pass, Argon2d's (from the previous block) after.
    func fillSegment(pass: Int, slice: Int, lane: Int) {
        let independent = pass == 0 && slice < 2
        let zero = scratch + 256
        let input = scratch + 384
        let addresses = scratch + 512
        if independent {
            zero.update(repeating: 0, count: 128)
            input.update(repeating: 0, count: 128)
            input[0] = UInt64(pass)
            input[1] = UInt64(lane)
            input[2] = UInt64(slice)
            input[3] = UInt64(blockCount)
            input[4] = UInt64(passes)
            input[5] = 2
        }
        let first = pass == 0 && slice == 0 ? 2 : 0
        if independent && first != 0 { nextAddresses(input, zero, addresses) }
        for j in first..<segmentLength {
            let column = slice * segmentLength + j
            let current = index(lane, column)
            let previous = column == 0 ? index(lane, laneLength - 1) : current - 1
            let pseudoRandom: UInt64
            if independent {
                if j % 128 == 0 { nextAddresses(input, zero, addresses) }
                pseudoRandom = addresses[j % 128]
            } else {
                pseudoRandom = block(previous)[0]
            }
            let j1 = pseudoRandom & 0xFFFF_FFFF
            let referenceLane = pass == 0 && slice == 0 ? lane : Int((pseudoRandom >> 32) % UInt64(lanes))
            let sameLane = referenceLane == lane
            var areaSize: Int
            if pass == 0 {
                areaSize = sameLane ? slice * segmentLength + j - 1 : slice * segmentLength - (j == 0 ? 1 : 0)
            } else {
                areaSize = sameLane ? laneLength - segmentLength + j - 1 : laneLength - segmentLength - (j == 0 ? 1 : 0)
            }
            let x = (j1 &* j1) >> 32
            let relative = UInt64(areaSize) - 1 - ((UInt64(areaSize) &* x) >> 32)
            let start = pass == 0 || slice == 3 ? 0 : (slice + 1) * segmentLength
            let referenceColumn = (start + Int(relative)) % laneLength
            compress(block(previous), block(index(referenceLane, referenceColumn)), into: block(current), xor: pass > 0)
        }
    }

    /// The next 128 addresses: G(0, G(0, input)) with the input's counter advanced.
    private func nextAddresses(
        _ input: UnsafeMutablePointer<UInt64>, _ zero: UnsafeMutablePointer<UInt64>,
        _ addresses: UnsafeMutablePointer<UInt64>
    ) {
        input[6] &+= 1
        compress(zero, input, into: addresses, xor: false)
        compress(zero, addresses, into: addresses, xor: false)
    }

    /// G of RFC 9106 §3.5: `output` = P(x ⊕ y) ⊕ x ⊕ y (⊕ the old `output` from the second pass).
    private func compress(
        _ x: UnsafeMutablePointer<UInt64>, _ y: UnsafeMutablePointer<UInt64>, into output: UnsafeMutablePointer<UInt64>,
        xor: Bool
    ) {
        let r = scratch
        let q = scratch + 128
        for i in 0..<128 {
            r[i] = x[i] ^ y[i]
            q[i] = r[i]
        }
        for row in 0..<8 {
            let b = q + 16 * row
            permute(b, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        }
        for column in 0..<8 {
            let b = q + 2 * column
            permute(b, 0, 1, 16, 17, 32, 33, 48, 49, 64, 65, 80, 81, 96, 97, 112, 113)
        }
        if xor {
            for i in 0..<128 { output[i] ^= q[i] ^ r[i] }
        } else {
            for i in 0..<128 { output[i] = q[i] ^ r[i] }
        }
    }

    /// P of RFC 9106 §3.6 on the 16 words of `b` at these offsets.
    @inline(__always)
    private func permute(
        _ b: UnsafeMutablePointer<UInt64>, _ o0: Int, _ o1: Int, _ o2: Int, _ o3: Int, _ o4: Int, _ o5: Int,
        _ o6: Int, _ o7: Int, _ o8: Int, _ o9: Int, _ o10: Int, _ o11: Int, _ o12: Int, _ o13: Int, _ o14: Int,
        _ o15: Int
    ) {
        mix(b + o0, b + o4, b + o8, b + o12)
        mix(b + o1, b + o5, b + o9, b + o13)
        mix(b + o2, b + o6, b + o10, b + o14)
        mix(b + o3, b + o7, b + o11, b + o15)
        mix(b + o0, b + o5, b + o10, b + o15)
        mix(b + o1, b + o6, b + o11, b + o12)
        mix(b + o2, b + o7, b + o8, b + o13)
        mix(b + o3, b + o4, b + o9, b + o14)
    }

    /// GB of RFC 9106 §3.6: BLAKE2b's mixing with the multiplications that make it costly to
    /// compute in parallel hardware.
    @_transparent
    private func mix(
        _ a: UnsafeMutablePointer<UInt64>, _ b: UnsafeMutablePointer<UInt64>, _ c: UnsafeMutablePointer<UInt64>,
        _ d: UnsafeMutablePointer<UInt64>
    ) {
        a.pointee = a.pointee &+ b.pointee &+ 2 &* (a.pointee & 0xFFFF_FFFF) &* (b.pointee & 0xFFFF_FFFF)
        d.pointee = (d.pointee ^ a.pointee).rotatedRight(32)
        c.pointee = c.pointee &+ d.pointee &+ 2 &* (c.pointee & 0xFFFF_FFFF) &* (d.pointee & 0xFFFF_FFFF)
        b.pointee = (b.pointee ^ c.pointee).rotatedRight(24)
        a.pointee = a.pointee &+ b.pointee &+ 2 &* (a.pointee & 0xFFFF_FFFF) &* (b.pointee & 0xFFFF_FFFF)
        d.pointee = (d.pointee ^ a.pointee).rotatedRight(16)
        c.pointee = c.pointee &+ d.pointee &+ 2 &* (c.pointee & 0xFFFF_FFFF) &* (d.pointee & 0xFFFF_FFFF)
        b.pointee = (b.pointee ^ c.pointee).rotatedRight(63)
    }
}
