import Foundation

/// The value axis of a bar or line chart: a range that always includes 0 (so bars grow from a
/// zero baseline and the axis crosses at 0 when values are negative), widened to whole steps of
/// a "nice" size — 1, 2 or 5 times a power of ten — with a tick at every step.
struct ValueScale: Equatable {
    let lower: Double
    let upper: Double
    let step: Double

    /// Values beyond this magnitude are drawn at it, so that ranges and steps stay finite.
    static let magnitudeLimit = 1e300

    /// A scale for `values` (finite) with about `targetTicks` intervals.
    init(values: [Double], targetTicks: Int) {
        let clamped = values.map { min(max($0, -Self.magnitudeLimit), Self.magnitudeLimit) }
        let low = min(clamped.min() ?? 0, 0)
        var high = max(clamped.max() ?? 0, 0)
        if low == high { high = 1 }
        let rough = (high - low) / Double(max(targetTicks, 1))
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough * (1 - 1e-9) } ?? 10 * power
        let lower = (low / step).rounded(.down) * step
        let upper = (high / step).rounded(.up) * step
        if step.isFinite, step > 0, lower.isFinite, upper.isFinite, upper > lower,
            (upper - lower) / step <= 50
        {
            self.lower = lower
            self.upper = upper
            self.step = step
        } else {
            self.lower = 0
            self.upper = 1
            self.step = 0.2
        }
    }

    /// The tick values from `lower` to `upper`, one per step.
    var ticks: [Double] {
        let count = Int(((upper - lower) / step).rounded())
        return (0...count).map { index in
            let tick = lower + Double(index) * step
            return abs(tick) < step * 1e-9 ? 0 : tick
        }
    }

    /// Where `value` sits on the axis: 0 at `lower`, 1 at `upper`.
    func fraction(_ value: Double) -> Double {
        let clamped = min(max(value, -Self.magnitudeLimit), Self.magnitudeLimit)
        return (clamped - lower) / (upper - lower)
    }

    /// A tick's label, with at most as many decimals as the step needs and no trailing zeros;
    /// large ticks are shortened with k, M and G ("12k", "2.5M") to stay narrow on a phone.
    func label(_ tick: Double) -> String {
        let largest = max(abs(lower), abs(upper))
        let (divisor, suffix): (Double, String) =
            largest >= 1e12
            ? (1, "")
            : largest >= 1e9
                ? (1e9, "G")
                : largest >= 1e6
                    ? (1e6, "M")
                    : largest >= 1e4
                        ? (1e3, "k")
                        : (1, "")
        let scaledStep = step / divisor
        let decimals = max(0, Int(-floor(log10(scaledStep) + 1e-9)))
        guard largest < 1e12, decimals <= 6, let text = NumberText.fixed(tick / divisor, decimals: decimals) else {
            return NumberText.plain(tick) ?? "0"
        }
        let short = NumberText.withoutTrailingZeros(text)
        return short == "0" ? short : short + suffix
    }
}
