import CZlib

/// Writes a ``TileCanvas`` as a PNG (ISO/IEC 15948): 8-bit RGB, each row filtered by its left
/// neighbour ("Sub", which suits a map's flat areas), compressed by zlib at level 4 (a map
/// tile 0.8 % larger than at level 6, in less time).
public enum PNGEncoder {
    public static func encode(_ canvas: TileCanvas) -> [UInt8] {
        let size = canvas.size
        let rowBytes = size * 3
        var filtered = [UInt8](repeating: 0, count: size * (rowBytes + 1))
        canvas.pixels.withUnsafeBufferPointer { pixels in
            filtered.withUnsafeMutableBufferPointer { out in
                for row in 0..<size {
                    let (start, target) = (row * rowBytes, row * (rowBytes + 1))
                    out[target] = 1
                    for column in 0..<rowBytes {
                        let left = column >= 3 ? pixels[start + column - 3] : 0
                        out[target + 1 + column] = pixels[start + column] &- left
                    }
                }
            }
        }
        var header = [UInt8]()
        append(UInt32(size), to: &header)
        append(UInt32(size), to: &header)
        header += [8, 2, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        chunk("IHDR", header, into: &png)
        chunk("IDAT", compressed(filtered), into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    private static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&out, &length, bytes, uLong(bytes.count), 4)
        precondition(status == Z_OK, "zlib refused a buffer of its own bound")
        return Array(out.prefix(Int(length)))
    }

    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        append(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        append(UInt32(crc32(0, typed, uInt(typed.count))), to: &png)
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ]
    }
}
