import Foundation

/// The barometric tendency shown with the weather (T14), from the pressure change over the
/// three hours up to the time of the catch.
///
/// The change is rounded to 0.1 hPa (the resolution barometric tendency is reported in), then:
/// `|Δ| < 1 hPa/3 h` is steady, `Δ ≥ +1` rising, `Δ ≤ −1` falling.
public enum PressureTendency: String, Codable, Sendable, CaseIterable {
    case rising, steady, falling

    /// The change (hPa per 3 h) below which, in magnitude, the pressure counts as steady.
    public static let steadyThreshold = 1.0

    public init(change3h: Double) {
        let rounded = (change3h * 10).rounded() / 10
        if abs(rounded) < Self.steadyThreshold {
            self = .steady
        } else {
            self = rounded > 0 ? .rising : .falling
        }
    }
}

/// Computes the three-hour pressure change from a provider's series.
enum PressureTrend {
    /// The longest gap between two samples that is bridged by linear interpolation.
    static let maximumGap: TimeInterval = 3 * 3600

    /// `p(time) − p(time − 3 h)` in hPa, with `p` interpolated linearly between the samples
    /// around each instant; `nil` when either instant is not bracketed by samples at most
    /// ``maximumGap`` apart. `samples` must be sorted by time.
    static func change3h(_ samples: [(time: Date, value: Double)], at time: Date) -> Double? {
        guard let now = value(samples, at: time),
            let before = value(samples, at: time.addingTimeInterval(-3 * 3600))
        else { return nil }
        return now - before
    }

    static func value(_ samples: [(time: Date, value: Double)], at time: Date) -> Double? {
        guard let upper = samples.firstIndex(where: { $0.time >= time }) else { return nil }
        let b = samples[upper]
        if b.time == time { return b.value }
        guard upper > 0 else { return nil }
        let a = samples[upper - 1]
        let span = b.time.timeIntervalSince(a.time)
        guard span <= maximumGap else { return nil }
        let fraction = time.timeIntervalSince(a.time) / span
        return a.value + (b.value - a.value) * fraction
    }
}
