import Foundation
import MapPacks
import Testing

import func TestSupport.temporaryFolder

/// A map pack is a download: every length, offset and count in it may lie. Each damage below is
/// refused with a reason, and none makes the reader crash, loop or allocate what the file claims.
@Suite("PMTiles reader against damaged packs")
struct PMTilesAttackTests {
    /// An uncompressed archive: the header, a root directory, no metadata, leaves, tile data.
    struct Crafted: Sendable {
        var root: [UInt8]
        var leaves: [UInt8] = []
        var tiles: [UInt8] = Array("tile".utf8)
        var internalCompression: UInt8 = 1
        var patch: @Sendable (inout [UInt8]) -> Void = { _ in }

        var bytes: [UInt8] {
            let rootOffset = UInt64(127)
            let leavesOffset = rootOffset + UInt64(root.count)
            let tilesOffset = leavesOffset + UInt64(leaves.count)
            var header = Array("PMTiles".utf8) + [3]
            for value in [
                rootOffset, UInt64(root.count), leavesOffset, 0, leavesOffset, UInt64(leaves.count), tilesOffset,
                UInt64(tiles.count), 1, 1, 1,
            ] {
                header += (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
            }
            header += [1, internalCompression, 1, 1, 0, 10] + [UInt8](repeating: 0, count: 25)
            var all = header + root + leaves + tiles
            patch(&all)
            return all
        }
    }

    static func varints(_ values: [UInt64]) -> [UInt8] {
        values.flatMap { value -> [UInt8] in
            var value = value
            var out: [UInt8] = []
            repeat {
                out.append(UInt8(value & 0x7F) | (value > 0x7F ? 0x80 : 0))
                value >>= 7
            } while value > 0
            return out
        }
    }

    /// A directory of one entry: tile id, run length, length, offset + 1.
    static func directory(tileId: UInt64, runLength: UInt64, length: UInt64, offset: UInt64) -> [UInt8] {
        varints([1, tileId, runLength, length, offset + 1])
    }

    func open(_ bytes: [UInt8]) throws -> Result<PMTilesArchive, PMTilesError> {
        let folder = try temporaryFolder("pmtiles")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pack.pmtiles")
        try Data(bytes).write(to: url)
        return Result { () throws(PMTilesError) in try PMTilesArchive(url: url) }
    }

    func tile(_ crafted: Crafted) throws -> Result<Data?, PMTilesError> {
        try open(crafted.bytes).flatMap { archive in
            Result { () throws(PMTilesError) in try archive.tile(z: 0, x: 0, y: 0) }
        }
    }

    static let good = Crafted(root: directory(tileId: 0, runLength: 1, length: 4, offset: 0))

    @Test("Given a well-formed crafted pack, when its only tile is read, then it comes back")
    func craftedPackReads() throws {
        let result = try tile(Self.good)
        #expect(result == .success(Data("tile".utf8)), "\(result)")
    }

    @Test(
        "Given a file that is no pack, too short, of another version or compressed unreadably, then it is refused at once"
    )
    func refusedAtOpening() throws {
        #expect(try open([]).error == .outOfBounds("the header"))
        #expect(try open(Array(Self.good.bytes.prefix(100))).error == .outOfBounds("the header"))
        var wrongMagic = Self.good
        wrongMagic.patch = { $0[0] = UInt8(ascii: "X") }
        #expect(try open(wrongMagic.bytes).error == .notPMTiles)
        var version2 = Self.good
        version2.patch = { $0[7] = 2 }
        #expect(try open(version2.bytes).error == .unsupportedVersion(2))
        var brotli = Self.good
        brotli.internalCompression = 3
        #expect(try open(brotli.bytes).error == .unsupportedCompression(3))
        let truncated = Array(Self.good.bytes.dropLast(2))
        #expect(try open(truncated).error == .outOfBounds("the tile data"))
        var hugeRoot = Self.good
        hugeRoot.patch = { $0.replaceSubrange(16..<24, with: [UInt8](repeating: 0xFF, count: 8)) }
        #expect(try open(hugeRoot.bytes).error == .outOfBounds("the root directory"))
        var overflowing = Self.good
        overflowing.patch = { $0.replaceSubrange(56..<64, with: [UInt8](repeating: 0xFF, count: 8)) }
        #expect(try open(overflowing.bytes).error == .outOfBounds("the tile data"), "offset + length overflows")
    }

    @Test("Given directories that lie, when read, then each lie is named and nothing is allocated for it")
    func lyingDirectories() throws {
        let tooLong = Crafted(root: [1] + [UInt8](repeating: 0xFF, count: 11) + [1])
        #expect(try open(tooLong.bytes).error == .damagedDirectory("a number is longer than 64 bits"))
        let cut = Crafted(root: [0x80])
        #expect(try open(cut.bytes).error == .damagedDirectory("it ends inside a number"))
        let manyClaimed = Crafted(root: Self.varints([1_000_000_000]) + [0, 1, 4, 1])
        #expect(try open(manyClaimed.bytes).error == .damagedDirectory("it claims 1000000000 entries in 9 bytes"))
        let beyondTiles = Crafted(root: Self.directory(tileId: 0, runLength: 1, length: 400, offset: 0))
        #expect(try tile(beyondTiles).error == .outOfBounds("a tile"))
        let leafBeyond = Crafted(root: Self.directory(tileId: 0, runLength: 0, length: 99, offset: 0))
        #expect(try tile(leafBeyond).error == .outOfBounds("a leaf directory"))
    }

    @Test("Given a leaf directory that points to itself, when a tile is looked up, then the loop is refused")
    func leafLoop() throws {
        let leaf = Self.directory(tileId: 0, runLength: 0, length: 5, offset: 0)
        let looping = Crafted(root: leaf, leaves: leaf)
        #expect(try tile(looping).error == .damagedDirectory("leaf directories nest deeper than 4"))
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
