import Foundation
import Gazetteer

/// The Places issue's gazetteer figures: load time and resident memory beside reading the file's
/// bytes, and nearest-settlement lookups for 1M random points beside a brute-force scan.
func benchmarkPlaces() throws {
    guard let url = Gazetteer.bundledFileURL else { throw GazetteerError.missingResource }
    let before = residentBytes()
    var gazetteer = try Gazetteer(contentsOf: url)
    let memory = residentBytes() - before
    let load = try medianTime(10) { gazetteer = try Gazetteer(contentsOf: url) }
    let read = try medianTime(10) { _ = try Data(contentsOf: url) }
    print("gazetteer of \(gazetteer.count) settlements: load, median of 10")
    print("  load: \(ms(load))   read the file's bytes only: \(ms(read))   (target < 150 ms)")
    print(
        String(
            format: "  resident memory added by one loaded gazetteer: %.1f MB   (target < 40 MB)",
            Double(memory) / 1_048_576))

    var generator = SplitMix64(seed: 7)
    let points = (0..<1_000_000).map { _ in
        (Double.random(in: -90...90, using: &generator), Double.random(in: -180...180, using: &generator))
    }
    var checksum = 0
    let lookups = time { for p in points { checksum &+= gazetteer.nearestIndex(latitude: p.0, longitude: p.1) } }
    let sample = points.prefix(200)
    var mismatches = 0
    let brute = time {
        for p in sample
        where bruteForceNearest(gazetteer, p.0, p.1) != gazetteer.nearestIndex(latitude: p.0, longitude: p.1) {
            mismatches += 1
        }
    }
    let rate = Double(points.count) / lookups
    let bruteRate = Double(sample.count) / brute
    print("nearest settlement for 1M random points, one core")
    print(
        String(
            format:
                "  k-d tree: %.0f lookups/s   brute-force scan: %.0f lookups/s   speed-up %.0f×   (target ≥ 500k/s)",
            rate, bruteRate, rate / bruteRate))
    print("  brute-force check on \(sample.count) points: \(mismatches) mismatches (checksum \(checksum % 1000))")
    print("")
}

private func bruteForceNearest(_ gazetteer: Gazetteer, _ latitude: Double, _ longitude: Double) -> Int {
    let phi = latitude * .pi / 180
    let lambda = longitude * .pi / 180
    let q = SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    var best = (index: -1, distance: Double.infinity)
    for i in 0..<gazetteer.count {
        let s = gazetteer.settlement(at: i)
        let sp = s.latitude * .pi / 180
        let sl = s.longitude * .pi / 180
        let d = SIMD3(cos(sp) * cos(sl), cos(sp) * sin(sl), sin(sp)) - q
        let squared = (d * d).sum()
        if squared < best.distance { best = (i, squared) }
    }
    return best.index
}

/// A small deterministic generator so runs compare like for like.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
