/// Damages a fixture's bytes the ways hostile or corrupt files are damaged: flipped bits, bytes set
/// to edge values, bytes inserted or removed, and length fields overwritten with huge or tiny values.
struct Mutator {
    private let original: [UInt8]
    /// Offsets of likely length fields: the 4 bytes before a box or chunk type, the 2 bytes after
    /// a JPEG marker.
    private let lengthFields: [(offset: Int, width: Int)]

    init(_ bytes: [UInt8]) {
        original = bytes
        lengthFields = Self.findLengthFields(bytes)
    }

    /// The original bytes with one to four random mutations.
    func mutated(using random: inout SplitMix64) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            mutate(&bytes, using: &random)
        }
        return bytes
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
        guard !bytes.isEmpty else { return }
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            bytes[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
        case 1:
            bytes[position] = [0x00, 0xFF, 0x7F, 0x80].randomElement(using: &random) ?? 0
        case 2:
            let count = Int.random(in: 1...16, using: &random)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position)
        case 3:
            bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...16, using: &random)))
        default:
            overwriteLength(&bytes, using: &random)
        }
    }

    private func overwriteLength(_ bytes: inout [UInt8], using random: inout SplitMix64) {
        guard let field = lengthFields.randomElement(using: &random), field.offset + field.width <= bytes.count else {
            return
        }
        let values: [UInt64] = [0, 1, 2, 7, 8, 9, 0x7FFF, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF]
        let value = values.randomElement(using: &random) ?? 0
        for index in 0..<field.width {
            bytes[field.offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (field.width - 1 - index)))
        }
    }

    private static func findLengthFields(_ bytes: [UInt8]) -> [(offset: Int, width: Int)] {
        let typeCharacter: (UInt8) -> Bool = { $0 == 0xA9 || $0 == 0x20 || (0x30...0x7A).contains($0) }
        var fields: [(offset: Int, width: Int)] = []
        for offset in 0..<max(0, bytes.count - 8) where bytes[offset + 4..<offset + 8].allSatisfy(typeCharacter) {
            fields.append((offset, 4))
        }
        for offset in 0..<max(0, bytes.count - 4)
        where bytes[offset] == 0xFF && (0xC0...0xFE).contains(bytes[offset + 1]) {
            fields.append((offset + 2, 2))
        }
        return fields
    }
}
