import Almanac
import Foundation
import Testing

@Suite("Almanac against the skyfield/PyEphem fixtures")
struct AlmanacFixtureTests {
    let document: FixtureDocument

    init() throws {
        document = try FixtureDocument.load()
    }

    @Test(
        "Given the fixture file, when it is loaded, then it holds the random cases, the edge cases and the lunar phases"
    )
    func fixtureIsComplete() {
        #expect(document.cases.filter { $0.name.hasPrefix("random") }.count >= 150)
        #expect(document.cases.count > 160)
        #expect(document.phases.count >= 150)
        #expect(document.cases.allSatisfy { $0.zone != nil })
    }

    @Test(
        "Given each fixture day, when the almanac is computed, then the Sun's events match the oracle within 2 minutes or are nil alike"
    )
    func sunEvents() throws {
        for fixture in document.cases {
            let sun = try fixture.compute().sun
            let e = fixture.expected
            for (field, computed, expected) in [
                ("rise", sun.rise, e.sunRise), ("set", sun.set, e.sunSet), ("noon", sun.noon, e.sunNoon),
                ("civil dawn", sun.civilDawn, e.civilDawn), ("civil dusk", sun.civilDusk, e.civilDusk),
            ] {
                #expect(
                    eventsAgree(computed, expected, in: fixture),
                    "\(fixture.name): sun \(field) \(describe(computed)) vs \(describe(expected))")
            }
        }
    }

    @Test(
        "Given each fixture day, when the almanac is computed, then the Moon's rise, set and transits match the oracle within 2 minutes or are nil alike"
    )
    func moonEvents() throws {
        for fixture in document.cases {
            let moon = try fixture.compute().moon
            let e = fixture.expected
            for (field, computed, expected) in [
                ("rise", moon.rise, e.moonRise), ("set", moon.set, e.moonSet),
                ("upper transit", moon.upperTransit, e.moonUpper), ("lower transit", moon.lowerTransit, e.moonLower),
            ] {
                #expect(
                    eventsAgree(computed, expected, in: fixture),
                    "\(fixture.name): moon \(field) \(describe(computed)) vs \(describe(expected))")
            }
        }
    }

    @Test("Given each fixture day, when the almanac is computed, then every event lies inside the local day")
    func eventsInsideTheDay() throws {
        for fixture in document.cases {
            let day = try fixture.compute()
            let events = [
                day.sun.rise, day.sun.set, day.sun.noon, day.sun.civilDawn, day.sun.civilDusk,
                day.moon.rise, day.moon.set, day.moon.upperTransit, day.moon.lowerTransit,
            ].compactMap { $0 }
            let range = fixture.expected.dayStart.addingTimeInterval(-1)..<fixture.expected.dayEnd.addingTimeInterval(1)
            #expect(events.allSatisfy(range.contains), "\(fixture.name): an event outside \(range)")
        }
    }

    @Test(
        "Given each fixture day, when the almanac is computed, then illumination is within 0.01 and elongation within 0.1° of the oracle at local noon"
    )
    func illuminationAndElongation() throws {
        for fixture in document.cases {
            let moon = try fixture.compute().moon
            #expect(
                abs(moon.illumination - fixture.expected.illumination) <= Tolerance.illumination,
                "\(fixture.name): illumination \(moon.illumination) vs \(fixture.expected.illumination)")
            let difference = abs(remainder(moon.elongation - fixture.expected.elongation, 360))
            #expect(
                difference <= Tolerance.elongationDegrees,
                "\(fixture.name): elongation \(moon.elongation) vs \(fixture.expected.elongation)")
            #expect((0...1).contains(moon.illumination) && (0..<360).contains(moon.elongation))
        }
    }

    @Test(
        "Given each fixture day, when the almanac is computed, then age, next new and next full moon are within 10 minutes of the oracle"
    )
    func lunation() throws {
        for fixture in document.cases {
            let moon = try fixture.compute().moon
            let e = fixture.expected
            #expect(
                abs(moon.ageDays - e.ageDays) * 86_400 <= Tolerance.lunationSeconds,
                "\(fixture.name): age \(moon.ageDays) vs \(e.ageDays)")
            #expect(
                abs(moon.nextNew.timeIntervalSince(e.nextNew)) <= Tolerance.lunationSeconds,
                "\(fixture.name): next new \(describe(moon.nextNew)) vs \(describe(e.nextNew))")
            #expect(
                abs(moon.nextFull.timeIntervalSince(e.nextFull)) <= Tolerance.lunationSeconds,
                "\(fixture.name): next full \(describe(moon.nextFull)) vs \(describe(e.nextFull))")
        }
    }

    @Test(
        "Given each fixture day clear of a threshold, when the almanac is computed, then the phase name and the day rating equal the oracle's"
    )
    func phaseAndRating() throws {
        for fixture in document.cases {
            let day = try fixture.compute()
            if fixture.expected.phaseMarginDegrees > Tolerance.elongationDegrees {
                #expect(day.moon.phase == fixture.expected.phase, "\(fixture.name): phase \(day.moon.phase)")
            }
            if fixture.expected.ratingMarginSeconds > 2 * Tolerance.eventSeconds {
                #expect(
                    day.solunar.rating == fixture.expected.rating,
                    "\(fixture.name): rating \(day.solunar.rating) vs \(fixture.expected.rating)")
            }
        }
    }

    @Test(
        "Given the oracle's new and full moons over nine years, when the next one is asked for two days earlier, then it is found within 10 minutes"
    )
    func lunarPhases() {
        for phase in document.phases {
            let asked = phase.instant.addingTimeInterval(-2 * 86_400)
            let found = phase.kind == "new" ? Almanac.nextNewMoon(after: asked) : Almanac.nextFullMoon(after: asked)
            #expect(
                abs(found.timeIntervalSince(phase.instant)) <= Tolerance.lunationSeconds,
                "\(phase.kind) moon \(describe(found)) vs \(describe(phase.instant))")
        }
    }

    @Test(
        "Given the oracle's new and full moons, when illumination and phase are asked at those instants, then the Moon is dark and new, or lit and full"
    )
    func phaseInstantsLookRight() {
        for phase in document.phases {
            let illumination = Almanac.moonIllumination(at: phase.instant)
            if phase.kind == "new" {
                #expect(illumination < 0.005 && Almanac.moonPhase(at: phase.instant) == .new)
            } else {
                #expect(illumination > 0.995 && Almanac.moonPhase(at: phase.instant) == .full)
            }
        }
    }

    @Test(
        "Given each fixture day, when illumination and phase are asked at its local noon, then they equal the day's values"
    )
    func instantFunctionsMatchTheDay() throws {
        for fixture in document.cases {
            let moon = try fixture.compute().moon
            #expect(abs(Almanac.moonIllumination(at: fixture.expected.noon) - moon.illumination) < 1e-4)
            if fixture.expected.phaseMarginDegrees > Tolerance.elongationDegrees {
                #expect(Almanac.moonPhase(at: fixture.expected.noon) == moon.phase)
            }
        }
    }
}
