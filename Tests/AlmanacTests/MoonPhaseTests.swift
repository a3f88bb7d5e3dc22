import Almanac
import Foundation
import Testing

@Suite("Moon phase naming")
struct MoonPhaseTests {
    @Test(
        "Given elongations on either side of each threshold, when named, then principal phases hold within 12° of 0°, 90°, 180° and 270°",
        arguments: [
            (0.0, MoonPhase.new), (11.99, .new), (12.0, .waxingCrescent), (45, .waxingCrescent),
            (77.99, .waxingCrescent), (78.01, .firstQuarter), (101.99, .firstQuarter), (102, .waxingGibbous),
            (167.99, .waxingGibbous), (168.01, .full), (180, .full), (191.99, .full), (192, .waningGibbous),
            (257.99, .waningGibbous), (258.01, .lastQuarter), (281.99, .lastQuarter), (282, .waningCrescent),
            (347.99, .waningCrescent), (348.01, .new), (359.99, .new), (360, .new), (-5, .new), (725, .new),
        ])
    func thresholds(elongation: Double, phase: MoonPhase) {
        #expect(MoonPhase(elongation: elongation) == phase)
    }

    @Test("Given every phase, when its raw value is read, then it is the English name shown to the angler")
    func names() {
        #expect(
            MoonPhase.allCases.map(\.rawValue) == [
                "new", "waxing crescent", "first quarter", "waxing gibbous",
                "full", "waning gibbous", "last quarter", "waning crescent",
            ])
    }

    @Test(
        "Given a lunation sampled every 6 hours, when phases are named, then they run through the eight names in order")
    func lunationOrder() throws {
        let start = Almanac.nextNewMoon(after: Date(timeIntervalSince1970: 1_704_067_200)).addingTimeInterval(3600)
        var sequence: [MoonPhase] = []
        for step in 0..<116 {
            let phase = Almanac.moonPhase(at: start.addingTimeInterval(Double(step) * 21_600))
            if sequence.last != phase { sequence.append(phase) }
        }
        #expect(sequence == MoonPhase.allCases + [.new])
    }

    @Test("Given a first-quarter day, when illumination is computed, then about half the disk is lit and waxing")
    func firstQuarter() throws {
        let full = Almanac.nextFullMoon(after: Date(timeIntervalSince1970: 1_704_067_200))
        let quarter = full.addingTimeInterval(-7.4 * 86_400)
        #expect(abs(Almanac.moonIllumination(at: quarter) - 0.5) < 0.08)
        #expect(Almanac.moonPhase(at: quarter) == .firstQuarter)
    }
}
