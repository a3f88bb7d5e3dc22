import Foundation

/// Finds when a smooth function of time crosses zero inside one day (rise, set, twilight and
/// transit events of T14).
///
/// The function is sampled at steps of at most one hour. Every two-hour window fits a parabola
/// through its three samples, whose extremum reveals a pair of crossings that the samples alone
/// would miss (a body grazing the horizon); the true function is then evaluated there too.
/// Each sign change between neighbouring points is refined by the Illinois variant of regula
/// falsi to better than a second. A day without a sign change has no event: never a guess.
struct EventSearch {
    /// A zero crossing: its time (UT days since J2000.0) and whether the function increases.
    struct Crossing {
        let time: Double
        let increasing: Bool
    }

    let times: [Double]

    /// Sample times covering `start...end` with an even number of equal steps of at most 1 hour.
    init(start: Double, end: Double) {
        let pairs = max(1, Int(((end - start) * 12).rounded(.up)))
        let step = (end - start) / Double(2 * pairs)
        times = (0...(2 * pairs)).map { start + Double($0) * step }
    }

    static let tolerance = 0.5 / 86_400

    /// Crossings of a continuous function given its values at `times`, in time order.
    func crossings(values: [Double], _ evaluate: (Double) -> Double) -> [Crossing] {
        var points: [(time: Double, value: Double)] = []
        points.reserveCapacity(times.count + 4)
        var index = 0
        while index + 2 < times.count {
            let (y0, y1, y2) = (values[index], values[index + 1], values[index + 2])
            points.append((times[index], y0))
            let a = (y0 + y2) / 2 - y1
            let b = (y2 - y0) / 2
            if a != 0, (y0 < 0) == (y1 < 0), (y1 < 0) == (y2 < 0) {
                let x = -b / (2 * a)
                let predicted = y1 + x * (b + a * x)
                if abs(x) < 1, (predicted < 0) != (y1 < 0) {
                    let step = times[index + 1] - times[index]
                    let time = times[index + 1] + x * step
                    let extra = (time, evaluate(time))
                    if x < 0 {
                        points.append(extra)
                        points.append((times[index + 1], y1))
                    } else {
                        points.append((times[index + 1], y1))
                        points.append(extra)
                    }
                    index += 2
                    continue
                }
            }
            points.append((times[index + 1], y1))
            index += 2
        }
        points.append((times[index], values[index]))

        var found: [Crossing] = []
        for (left, right) in zip(points, points.dropFirst()) where (left.value < 0) != (right.value < 0) {
            let time = Self.refine(left.time, left.value, right.time, right.value, evaluate)
            found.append(Crossing(time: time, increasing: right.value >= 0))
        }
        return found
    }

    /// Times at which an angle in degrees (−180..<180, increasing about 15° an hour) passes 0.
    func angleZeros(values: [Double], _ evaluate: (Double) -> Double) -> [Double] {
        var found: [Double] = []
        for i in 0..<(times.count - 1) where values[i] < 0 && values[i + 1] >= 0 && values[i + 1] - values[i] < 180 {
            found.append(Self.refine(times[i], values[i], times[i + 1], values[i + 1], evaluate))
        }
        return found
    }

    /// Illinois regula falsi on a bracketing pair.
    static func refine(_ a: Double, _ fa: Double, _ b: Double, _ fb: Double, _ f: (Double) -> Double) -> Double {
        var (a, fa, b, fb) = (a, fa, b, fb)
        if fa == 0 { return a }
        for _ in 0..<50 where fb != 0 && abs(b - a) > tolerance {
            let c = (a * fb - b * fa) / (fb - fa)
            let fc = f(c)
            if (fc < 0) != (fb < 0) {
                (a, fa) = (b, fb)
            } else {
                fa /= 2
            }
            (b, fb) = (c, fc)
        }
        return b
    }
}
