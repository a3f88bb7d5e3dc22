/// A tile's position in a PMTiles archive (PMTiles v3): the tiles of every zoom below come
/// first, then the tile's place along the Hilbert curve over its zoom's 2^z × 2^z grid.
public enum TileID {
    public static let maxZoom = 31

    /// The id of tile `z`/`x`/`y`, or nil when the zoom is above 31 or x or y off its grid.
    public static func of(z: Int, x: Int, y: Int) -> UInt64? {
        guard (0...maxZoom).contains(z) else { return nil }
        let side = 1 << z
        guard (0..<side).contains(x), (0..<side).contains(y) else { return nil }
        let below = ((UInt64(1) << UInt64(2 * z)) - 1) / 3
        var (column, row) = (UInt64(x), UInt64(y))
        var along: UInt64 = 0
        for level in stride(from: z - 1, through: 0, by: -1) {
            let half = UInt64(1) << UInt64(level)
            let right: UInt64 = column & half != 0 ? 1 : 0
            let lower: UInt64 = row & half != 0 ? 1 : 0
            along += ((3 * right) ^ lower) << UInt64(2 * level)
            if lower == 0 {
                // The quadrant's curve runs turned: mirror it back before going down a level.
                if right == 1 {
                    column = half - 1 - (column & (half - 1))
                    row = half - 1 - (row & (half - 1))
                }
                (column, row) = (row, column)
            }
        }
        return below + along
    }
}
