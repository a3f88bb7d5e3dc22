import Foundation

/// One entry of a PMTiles directory: a run of `runLength` tiles from `tileId` sharing the bytes
/// at `offset` (in the tile data), or, when `runLength` is 0, a leaf directory at `offset` (in
/// the leaf directories section).
struct PMTilesEntry: Equatable, Sendable {
    var tileId: UInt64
    var offset: UInt64
    var length: UInt64
    var runLength: UInt64
}

/// A decoded directory: entries sorted by tile id.
struct PMTilesDirectory: Sendable {
    /// More entries than any pack needs (a leaf holds a few thousand): a count above it is damage.
    static let maxEntries = 10_000_000
    let entries: [PMTilesEntry]

    /// Decodes a directory's uncompressed bytes: the count, then the tile id deltas, run
    /// lengths, lengths and offsets as varints, each in its own column (PMTiles v3).
    init(_ bytes: Data) throws(PMTilesError) {
        var reader = VarintReader(bytes: [UInt8](bytes))
        let count = try reader.next()
        // Every entry takes at least four bytes, so the count cannot exceed what is there.
        guard count <= UInt64(Self.maxEntries), count <= UInt64(bytes.count / 4) else {
            throw .damagedDirectory("it claims \(count) entries in \(bytes.count) bytes")
        }
        var entries = [PMTilesEntry](
            repeating: PMTilesEntry(tileId: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var tileId: UInt64 = 0
        for index in entries.indices {
            let (next, overflow) = tileId.addingReportingOverflow(try reader.next())
            guard !overflow else { throw .damagedDirectory("tile ids overflow") }
            tileId = next
            entries[index].tileId = tileId
        }
        for index in entries.indices { entries[index].runLength = try reader.next() }
        for index in entries.indices { entries[index].length = try reader.next() }
        for index in entries.indices {
            let stored = try reader.next()
            if stored == 0 && index > 0 {
                let (next, overflow) = entries[index - 1].offset.addingReportingOverflow(entries[index - 1].length)
                guard !overflow else { throw .damagedDirectory("offsets overflow") }
                entries[index].offset = next
            } else {
                guard stored > 0 else { throw .damagedDirectory("the first entry has no offset") }
                entries[index].offset = stored - 1
            }
        }
        self.entries = entries
    }

    /// The entry holding `tileId`: its run, or the leaf directory whose range may hold it.
    func entry(for tileId: UInt64) -> PMTilesEntry? {
        // The last entry starting at or before the tile.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].tileId <= tileId { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = entries[low - 1]
        if candidate.runLength == 0 { return candidate }
        return tileId - candidate.tileId < candidate.runLength ? candidate : nil
    }
}

/// Reads unsigned LEB128 varints, refusing one longer than 64 bits or cut short.
struct VarintReader {
    let bytes: [UInt8]
    var position = 0

    mutating func next() throws(PMTilesError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else { throw .damagedDirectory("it ends inside a number") }
            let byte = bytes[position]
            position += 1
            guard shift < 64, shift < 63 || byte & 0x7F <= 1 else {
                throw .damagedDirectory("a number is longer than 64 bits")
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }
}
