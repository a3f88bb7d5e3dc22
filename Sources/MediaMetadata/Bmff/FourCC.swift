/// A four-character code naming an ISO BMFF box, brand, handler or item type.
///
/// Written as a string literal of four Latin-1 characters, so `"moov"` and `"©xyz"` (whose first
/// byte is 0xA9) both work.
struct FourCC: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The code in the four bytes of `bytes`, which must hold exactly four.
    init(_ bytes: ArraySlice<UInt8>) {
        rawValue = bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    init(stringLiteral text: String) {
        let scalars = text.unicodeScalars.map(\.value)
        precondition(
            scalars.count == 4 && scalars.allSatisfy { $0 <= 0xFF }, "a FourCC literal is 4 Latin-1 characters")
        rawValue = scalars.reduce(0) { $0 << 8 | $1 }
    }

    /// The code as text when printable ('moov', '©xyz'), else as hex (0x00000001).
    var description: String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) }
        guard bytes.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0xA9 }) else {
            return "0x" + String(rawValue, radix: 16, uppercase: true)
        }
        return "'" + String(bytes.map { Character(Unicode.Scalar($0)) }) + "'"
    }
}
