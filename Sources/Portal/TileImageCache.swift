import Synchronization

/// The map pictures the portal drew lately (issue 15: the site's offline map), kept so a map
/// panned back and forth is drawn once: bounded by bytes, the least recently used go first.
final class TileImageCache: Sendable {
    struct Key: Hashable, Sendable {
        let pack: String
        let z: Int
        let x: Int
        let y: Int
    }

    private struct State {
        var entries: [Key: (png: [UInt8], used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int = 64 << 20) { self.limit = limit }

    func png(_ key: Key) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (entry.png, state.clock)
            return entry.png
        }
    }

    /// Keeps `png`; past the limit, the least recently used quarter is dropped.
    func keep(_ png: [UInt8], for key: Key) {
        state.withLock { state in
            state.clock += 1
            state.bytes += png.count - (state.entries[key]?.png.count ?? 0)
            state.entries[key] = (png, state.clock)
            guard state.bytes > limit else { return }
            let oldest = state.entries.sorted { $0.value.used < $1.value.used }.prefix(max(1, state.entries.count / 4))
            for (key, entry) in oldest {
                state.entries[key] = nil
                state.bytes -= entry.png.count
            }
        }
    }
}
