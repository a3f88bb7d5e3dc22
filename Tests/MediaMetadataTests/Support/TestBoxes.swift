/// Builds ISO BMFF boxes byte by byte for tests that need movies the fixtures do not cover.
enum TestBoxes {
    static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    static func bigEndian64(_ value: UInt64) -> [UInt8] {
        [56, 48, 40, 32, 24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    static func box(_ type: String, _ payload: [UInt8] = []) -> [UInt8] {
        bigEndian32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, version: UInt8 = 0, _ payload: [UInt8] = []) -> [UInt8] {
        box(type, [version, 0, 0, 0] + payload)
    }

    /// A box header with size 1 and the given 64-bit size.
    static func largeHeader(_ type: String, size: UInt64) -> [UInt8] {
        bigEndian32(1) + Array(type.utf8) + bigEndian64(size)
    }

    static let fileType = box("ftyp", Array("isom".utf8) + bigEndian32(0) + Array("isom".utf8))

    /// A version 0 mvhd with the given timescale and duration and no creation time.
    static func movieHeader(timescale: UInt32, duration: UInt32) -> [UInt8] {
        let times = bigEndian32(0) + bigEndian32(0) + bigEndian32(timescale) + bigEndian32(duration)
        return box("mvhd", bigEndian32(0) + times + [UInt8](repeating: 0, count: 80))
    }

    static func movie(timescale: UInt32, duration: UInt32) -> [UInt8] {
        box("moov", movieHeader(timescale: timescale, duration: duration))
    }
}
