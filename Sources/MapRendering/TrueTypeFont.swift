import Foundation

/// The outlines of a TrueType font (the OpenType `glyf` flavour), for naming places on map
/// pictures (issue 15): characters to glyphs through the `cmap` (format 4), advance widths from
/// `hmtx`, and each simple glyph's contours of on- and off-curve points from `loca` and `glyf`.
/// Every offset is checked against the file; a glyph that cannot be read draws nothing.
public struct TrueTypeFont: Sendable {
    /// A glyph's points in font units (y upward), its contours' last indices and which points lie
    /// on the curve (the others are quadratic control points).
    public struct Glyph: Sendable, Equatable {
        public var points: [(x: Int, y: Int)]
        public var onCurve: [Bool]
        public var contourEnds: [Int]
        public var advance: Int

        public static func == (a: Glyph, b: Glyph) -> Bool {
            a.points.map { [$0.x, $0.y] } == b.points.map { [$0.x, $0.y] } && a.onCurve == b.onCurve
                && a.contourEnds == b.contourEnds && a.advance == b.advance
        }
    }

    public let unitsPerEm: Int
    /// The height above the baseline of the font's tallest letters, in font units.
    public let ascender: Int
    private let bytes: [UInt8]
    private let glyphOffsets: [Int]
    private let advances: [Int]
    private let characterMap: [UInt32: Int]

    public init(_ data: Data) throws(VectorTileError) {
        bytes = [UInt8](data)
        var tables: [String: Range<Int>] = [:]
        let count = try Self.u16(bytes, 4)
        for index in 0..<count {
            let record = 12 + 16 * index
            guard record + 16 <= bytes.count else { throw .malformed("font: table directory past the end") }
            let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
            let (offset, length) = (try Self.u32(bytes, record + 8), try Self.u32(bytes, record + 12))
            guard offset + length <= bytes.count else { throw .malformed("font: table \(tag) past the end") }
            tables[tag] = offset..<(offset + length)
        }
        func table(_ tag: String) throws(VectorTileError) -> Range<Int> {
            guard let range = tables[tag] else { throw .malformed("font: no \(tag) table") }
            return range
        }
        let head = try table("head")
        unitsPerEm = try Self.u16(bytes, head.lowerBound + 18)
        let longOffsets = try Self.u16(bytes, head.lowerBound + 50) == 1
        let glyphCount = try Self.u16(bytes, try table("maxp").lowerBound + 4)
        let hhea = try table("hhea")
        ascender = try Self.s16(bytes, hhea.lowerBound + 4)
        let metricCount = try Self.u16(bytes, hhea.lowerBound + 34)
        let hmtx = try table("hmtx")
        var advances: [Int] = []
        for index in 0..<min(metricCount, glyphCount) {
            advances.append(try Self.u16(bytes, hmtx.lowerBound + 4 * index))
        }
        self.advances = advances
        let (loca, glyf) = (try table("loca"), try table("glyf"))
        var offsets: [Int] = []
        for index in 0...glyphCount {
            let offset =
                longOffsets
                ? try Self.u32(bytes, loca.lowerBound + 4 * index)
                : 2 * (try Self.u16(bytes, loca.lowerBound + 2 * index))
            guard glyf.lowerBound + offset <= glyf.upperBound else {
                throw .malformed("font: glyph \(index) past glyf")
            }
            offsets.append(glyf.lowerBound + offset)
        }
        glyphOffsets = offsets
        characterMap = try Self.characterMap(bytes, try table("cmap"))
    }

    /// The glyph of `character`, or the font's missing-glyph outline (glyph 0).
    public func glyph(_ character: Unicode.Scalar) -> Glyph {
        var index = characterMap[character.value] ?? 0
        if index + 1 >= glyphOffsets.count { index = 0 }
        let advance = advances.isEmpty ? 0 : advances[min(index, advances.count - 1)]
        return (try? outline(index, advance: advance))
            ?? Glyph(points: [], onCurve: [], contourEnds: [], advance: advance)
    }

    private func outline(_ index: Int, advance: Int) throws(VectorTileError) -> Glyph {
        let (start, end) = (glyphOffsets[index], glyphOffsets[index + 1])
        guard end > start else { return Glyph(points: [], onCurve: [], contourEnds: [], advance: advance) }
        let contours = try Self.s16(bytes, start)
        guard contours > 0 else { throw .malformed("font: glyph \(index) is composite") }
        var position = start + 10
        var ends: [Int] = []
        for _ in 0..<contours {
            ends.append(try Self.u16(bytes, position))
            position += 2
        }
        let count = (ends.last ?? -1) + 1
        guard ends == ends.sorted(), count <= 65_535 else { throw .malformed("font: glyph \(index) contours") }
        position += 2 + (try Self.u16(bytes, position))
        var flags: [UInt8] = []
        while flags.count < count {
            guard position < end else { throw .malformed("font: glyph \(index) flags") }
            let flag = bytes[position]
            position += 1
            flags.append(flag)
            if flag & 8 != 0 {
                guard position < end else { throw .malformed("font: glyph \(index) flags") }
                flags += [UInt8](repeating: flag, count: Int(bytes[position]))
                position += 1
            }
        }
        flags = Array(flags.prefix(count))
        func coordinates(short: UInt8, same: UInt8) throws(VectorTileError) -> [Int] {
            var value = 0
            var values: [Int] = []
            for flag in flags {
                if flag & short != 0 {
                    guard position < end else { throw .malformed("font: glyph \(index) coordinates") }
                    value += flag & same != 0 ? Int(bytes[position]) : -Int(bytes[position])
                    position += 1
                } else if flag & same == 0 {
                    value += try Self.s16(bytes, position)
                    position += 2
                }
                values.append(value)
            }
            return values
        }
        let xs = try coordinates(short: 2, same: 16)
        let ys = try coordinates(short: 4, same: 32)
        return Glyph(
            points: zip(xs, ys).map { ($0, $1) }, onCurve: flags.map { $0 & 1 != 0 }, contourEnds: ends,
            advance: advance)
    }

    /// The Unicode (platform 3, encoding 1 or 10; or platform 0) format 4 subtable.
    private static func characterMap(_ bytes: [UInt8], _ cmap: Range<Int>) throws(VectorTileError) -> [UInt32: Int] {
        let count = try u16(bytes, cmap.lowerBound + 2)
        for index in 0..<count {
            let record = cmap.lowerBound + 4 + 8 * index
            let (platform, encoding) = (try u16(bytes, record), try u16(bytes, record + 2))
            let table = cmap.lowerBound + (try u32(bytes, record + 4))
            guard platform == 0 || (platform == 3 && encoding == 1), try u16(bytes, table) == 4 else { continue }
            let segments = try u16(bytes, table + 6) / 2
            var map: [UInt32: Int] = [:]
            for segment in 0..<segments {
                let endCode = try u16(bytes, table + 14 + 2 * segment)
                let startCode = try u16(bytes, table + 16 + 2 * segments + 2 * segment)
                let delta = try s16(bytes, table + 16 + 4 * segments + 2 * segment)
                let rangeAt = table + 16 + 6 * segments + 2 * segment
                let rangeOffset = try u16(bytes, rangeAt)
                guard startCode <= endCode, endCode != 0xFFFF || startCode == 0xFFFF else { continue }
                for code in startCode...endCode where code != 0xFFFF {
                    var glyph: Int
                    if rangeOffset == 0 {
                        glyph = (code + delta) & 0xFFFF
                    } else {
                        glyph = try u16(bytes, rangeAt + rangeOffset + 2 * (code - startCode))
                        if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                    }
                    map[UInt32(code)] = glyph
                }
            }
            return map
        }
        throw .malformed("font: no Unicode character map of format 4")
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) throws(VectorTileError) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { throw .malformed("font: a read past the end") }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    private static func s16(_ bytes: [UInt8], _ at: Int) throws(VectorTileError) -> Int {
        Int(Int16(bitPattern: UInt16(try u16(bytes, at))))
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) throws(VectorTileError) -> Int {
        (try u16(bytes, at)) << 16 | (try u16(bytes, at + 2))
    }
}
