import AppFeatures
import FishingModel
import Foundation
import Testing

/// Issue 13 §4: figures in metric and imperial, pressure in hPa, mmHg or inHg, wind in m/s,
/// km/h or mph, in English and Russian.
@Suite("Units and language")
struct MeasuresTests {
    let metricEnglish = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)
    let metricRussian = MeasureFormatter(preferences: .defaults(for: .metric, language: .russian), language: .russian)
    let imperial = MeasureFormatter(preferences: .defaults(for: .imperial, language: .english), language: .english)

    @Test("Given a pike of 2.5 kg, when shown, then 2.5 kg, 2,5 кг and 5 lb 8 oz")
    func weights() {
        #expect(metricEnglish.weight(kilograms: 2.5) == "2.5\u{a0}kg")
        #expect(metricRussian.weight(kilograms: 2.5) == "2,5\u{a0}кг")
        #expect(imperial.weight(kilograms: 2.5) == "5\u{a0}lb 8\u{a0}oz")
        #expect(metricEnglish.weight(kilograms: 0.85) == "850\u{a0}g")
        #expect(imperial.weight(kilograms: 0.2) == "7\u{a0}oz")
        // 1 lb exactly: no "0 oz" rounding slip.
        #expect(imperial.weight(kilograms: 0.453_592_37) == "1\u{a0}lb 0\u{a0}oz")
    }

    @Test("Given lengths, depths and temperatures, when shown, then each system's unit and rounding")
    func lengthsDepthsTemperatures() {
        #expect(metricEnglish.length(centimetres: 71.5) == "71.5\u{a0}cm")
        #expect(imperial.length(centimetres: 71.12) == "28\u{a0}in")
        #expect(metricRussian.depth(metres: 3.5) == "3,5\u{a0}м")
        #expect(imperial.depth(metres: 3.048) == "10\u{a0}ft")
        #expect(metricEnglish.temperature(celsius: -4.5) == "-4.5\u{a0}°C")
        #expect(imperial.temperature(celsius: 12.5) == "54.5\u{a0}°F")
        #expect(imperial.temperature(celsius: -40) == "-40\u{a0}°F")
    }

    @Test("Given 1013.25 hPa, when shown, then 1013 hPa, 760 мм рт. ст. and 29.92 inHg")
    func pressures() {
        #expect(metricEnglish.pressure(hectopascals: 1013.25) == "1013\u{a0}hPa")
        #expect(metricRussian.pressure(hectopascals: 1013.25) == "760\u{a0}мм рт. ст.")
        #expect(imperial.pressure(hectopascals: 1013.25) == "29.92\u{a0}inHg")
        #expect(metricRussian.pressureChange(hectopascals: -2.0) == "-1,5\u{a0}мм рт. ст.")
        #expect(metricEnglish.pressureChange(hectopascals: -1.46) == "-1.5\u{a0}hPa")
    }

    @Test("Given a wind of 5 m/s, when shown, then 5 m/s, 18 km/h and 11 mph")
    func winds() {
        #expect(metricRussian.windSpeed(metresPerSecond: 5) == "5\u{a0}м/с")
        var kmh = metricEnglish
        kmh.preferences.wind = .kilometresPerHour
        #expect(kmh.windSpeed(metresPerSecond: 5) == "18\u{a0}km/h")
        #expect(imperial.windSpeed(metresPerSecond: 5) == "11\u{a0}mph")
    }

    @Test("Given temperatures converted there and back, when compared, then they are the same")
    func roundTrips() {
        for celsius in stride(from: -40.0, through: 40, by: 7.5) {
            #expect(abs(Conversion.celsius(fahrenheit: Conversion.fahrenheit(celsius: celsius)) - celsius) < 1e-9)
        }
        #expect(Conversion.fahrenheit(celsius: 100) == 212)
    }
}

/// Issue 32 §2: problems are matched to a form's rows by the record's field enum.
@Suite("Field messages by typed field")
struct FieldMessagesTests {
    let messages = FieldMessages(
        formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english))

    @Test(
        "Given a catch's issues, when keyed for its form, then each row's first message; an issue of another record gives none"
    )
    func keyedByField() throws {
        let issues = CatchDraft(count: 0, weightKg: -1).issues(now: Date())
        let keyed = try #require(messages.messages(for: issues, as: CatchField.self))
        #expect(Set(keyed.keys) == [.tripId, .species, .time, .count, .weightKg])
        #expect(keyed[.species] == "Required")
        #expect(messages.messages(for: issues, as: TripField.self) == nil)
    }
}
