/// A JPEG with everything but its picture taken out (issue 34 §4: a shared photo never says where
/// it was taken): EXIF (and its GPS), XMP, IPTC, comments, maker notes, multi-picture indexes and
/// whatever follows the end of the image are dropped; the JFIF header, the Adobe colour-transform
/// segment, the ICC colour profile, the tables and the scans are kept byte for byte, so the
/// picture itself does not change. Every scan of a progressive JPEG is walked, so a segment
/// hidden between scans goes too.
public enum JPEGMetadataStripping {
    /// Why bytes could not be stripped: they are not a whole JPEG.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    private static let iccProfile: [UInt8] = Array("ICC_PROFILE\0".utf8)

    /// `jpeg` without its metadata; throws when it is not a JPEG, is cut short or never ends.
    public static func stripped(_ jpeg: [UInt8]) throws(Failure) -> [UInt8] {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else {
            throw Failure(description: "the bytes do not start as a JPEG (FF D8)")
        }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(jpeg.count)
        var position = 2
        while position < jpeg.count {
            guard jpeg[position] == 0xFF, position + 1 < jpeg.count else {
                throw Failure(description: "expected a marker at byte \(position)")
            }
            let type = jpeg[position + 1]
            switch type {
            case 0xFF:
                position += 1
            case 0xD9:
                out += [0xFF, 0xD9]
                return out
            case 0x01, 0xD0...0xD7:
                out += [0xFF, type]
                position += 2
            default:
                guard position + 3 < jpeg.count else {
                    throw Failure(description: "a segment is cut at byte \(position)")
                }
                let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
                let end = position + 2 + length
                guard length >= 2, end <= jpeg.count else {
                    throw Failure(description: "a segment at byte \(position) runs past the end")
                }
                if keeps(type, payload: jpeg[(position + 4)..<end]) { out += jpeg[position..<end] }
                position = end
                if type == 0xDA {
                    let scanEnd = endOfScan(jpeg, from: position)
                    out += jpeg[position..<scanEnd]
                    position = scanEnd
                }
            }
        }
        throw Failure(description: "the JPEG ends without its end-of-image marker (FF D9)")
    }

    /// Whether a segment is part of the picture: everything but application segments and
    /// comments, and of those the JFIF header (APP0), the Adobe segment (APP14) and the ICC
    /// colour profile (APP2).
    private static func keeps(_ type: UInt8, payload: ArraySlice<UInt8>) -> Bool {
        switch type {
        case 0xE0, 0xEE: true
        case 0xE2: payload.starts(with: iccProfile)
        case 0xE1...0xEF, 0xFE: false
        default: true
        }
    }

    /// Where a scan's entropy-coded data ends: the first marker that is not a stuffed zero, a
    /// restart or a fill byte (or the end of the bytes).
    private static func endOfScan(_ jpeg: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < jpeg.count {
            if jpeg[index] == 0xFF {
                let next = jpeg[index + 1]
                if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return index }
            }
            index += 1
        }
        return jpeg.count
    }
}
