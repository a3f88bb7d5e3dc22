import Foundation

extension UUID {
    /// Parses the canonical 8-4-4-4-12 hexadecimal form directly from UTF-8, without Foundation's
    /// general parser: reading ids is on the hot path of every listing and every synced record.
    public init?(canonicalText text: String) {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
            var count = 0
            var high: UInt8?
            for (position, character) in text.utf8.enumerated() {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard character == UInt8(ascii: "-") else { return false }
                    continue
                }
                let nibble: UInt8
                switch character {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
                default: return false
                }
                if let h = high {
                    guard count < 16 else { return false }
                    bytes[count] = h << 4 | nibble
                    count += 1
                    high = nil
                } else {
                    high = nibble
                }
            }
            return count == 16 && high == nil
        }
        guard parsed else { return nil }
        self.init(uuid: uuid)
    }

    /// Formats a UUID as lowercase 8-4-4-4-12 hex without Foundation's uppercase string and a
    /// second lowercasing pass: every write binds several ids.
    public var canonicalText: String {
        let digits = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = digits[Int(byte >> 4)]
                    buffer[position + 1] = digits[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }
}
