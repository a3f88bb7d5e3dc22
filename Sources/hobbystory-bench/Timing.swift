import Foundation

let clock = ContinuousClock()

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func ms(_ s: Double) -> String { String(format: "%.3f ms", s * 1000) }

/// Seconds `body` takes.
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = clock.now
    try body()
    return seconds(clock.now - start)
}

/// The median of `runs` timings of `body`.
func medianTime(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try time(body)) }
    return median(samples)
}

/// Resident memory of this process in bytes (Linux /proc; 0 where unavailable).
func residentBytes() -> Int { processStatus("VmRSS") }

/// The peak resident memory of this process in bytes since it started or since the last
/// `resetPeakResident()` (Linux VmHWM; 0 where unavailable).
func peakResidentBytes() -> Int { processStatus("VmHWM") }

/// Starts a new peak: the kernel sets VmHWM to the current resident size (`clear_refs` 5).
func resetPeakResident() {
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
}

private func processStatus(_ key: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
}
