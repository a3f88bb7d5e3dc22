import Foundation
import Geomagnetism
import Testing

@Suite("Validity warning, grid variation, input errors and rates (T14)")
struct FieldRulesTests {
    let model: WorldMagneticModel

    init() throws {
        model = try WorldMagneticModel.wmm2025()
    }

    @Test(
        "Given a date after the validity period, when the field is computed, then it is extrapolated and carries the warning"
    )
    func warningAfterValidity() throws {
        let field = try model.field(latitude: 56.84, longitude: 35.9, decimalYear: 2031.2054)
        #expect(
            field.warning
                == "date 2031.2 is outside the WMM2025 validity period 2025.0–2030.0; values are extrapolated and degrade quickly"
        )
        #expect(field.totalIntensity > 40_000 && field.totalIntensity < 65_000)
    }

    @Test(
        "Given dates just outside the validity period, when the field is computed, then the warning shows enough decimals to be outside"
    )
    func warningNearTheEdges() throws {
        let after = try model.field(latitude: 0, longitude: 0, decimalYear: 2030.0000412)
        #expect(after.warning?.hasPrefix("date 2030.00004 is outside") == true)
        let before = try model.field(latitude: 0, longitude: 0, decimalYear: 2024.9612)
        #expect(before.warning?.hasPrefix("date 2024.96 is outside the WMM2025 validity period") == true)
    }

    @Test(
        "Given dates on and inside the validity period, when the field is computed, then there is no warning",
        arguments: [2025.0, 2027.3, 2030.0])
    func noWarningInside(year: Double) throws {
        #expect(try model.field(latitude: -33.87, longitude: 151.21, decimalYear: year).warning == nil)
        #expect(model.validity == 2025.0...2030.0)
    }

    @Test(
        "Given latitudes beyond 55°, when the field is computed, then grid variation is D − λ in the north and D + λ in the south, within ±180°"
    )
    func gridVariationNearPoles() throws {
        let north = try model.field(latitude: 78.22, longitude: 15.65, decimalYear: 2026.5)
        #expect(try abs(#require(north.gridVariation) - (north.declination - 15.65)) < 1e-12)
        let south = try model.field(latitude: -77.85, longitude: 166.67, decimalYear: 2026.5)
        let expected = south.declination + 166.67 - 360
        #expect(try abs(#require(south.gridVariation) - expected) < 1e-12)
        let pole = try model.field(latitude: 90, longitude: -60, decimalYear: 2026.5)
        #expect(try abs(#require(pole.gridVariation) - (pole.declination + 60)) < 1e-12)
        for latitude in [55.0001, -55.0001, 90, -90] {
            let gv = try #require(try model.field(latitude: latitude, longitude: 179, decimalYear: 2027).gridVariation)
            #expect((-180...180).contains(gv))
        }
    }

    @Test(
        "Given latitudes within ±55°, when the field is computed, then grid variation is nil",
        arguments: [55.0, -55.0, 0, 45.2, -30])
    func noGridVariationElsewhere(latitude: Double) throws {
        #expect(try model.field(latitude: latitude, longitude: 30, decimalYear: 2026).gridVariation == nil)
    }

    @Test(
        "Given inputs outside what the model accepts, when the field is computed, then a typed error names the input, the value and what is allowed"
    )
    func badInput() {
        #expect(throws: GeomagnetismError.outOfRange(.latitude, value: 91)) {
            try model.field(latitude: 91, longitude: 0, decimalYear: 2026)
        }
        #expect(throws: GeomagnetismError.outOfRange(.latitude, value: -90.5)) {
            try model.field(latitude: -90.5, longitude: 0, decimalYear: 2026)
        }
        #expect(throws: GeomagnetismError.outOfRange(.longitude, value: 240)) {
            try model.field(latitude: 0, longitude: 240, decimalYear: 2026)
        }
        #expect(throws: GeomagnetismError.outOfRange(.altitude, value: -1.5)) {
            try model.field(latitude: 0, longitude: 0, altitudeKm: -1.5, decimalYear: 2026)
        }
        #expect(throws: GeomagnetismError.outOfRange(.altitude, value: 851)) {
            try model.field(latitude: 0, longitude: 0, altitudeKm: 851, decimalYear: 2026)
        }
        #expect(throws: GeomagnetismError.notFinite(.latitude)) {
            try model.field(latitude: .nan, longitude: 0, decimalYear: 2026)
        }
        #expect(throws: GeomagnetismError.notFinite(.longitude)) {
            try model.field(latitude: 0, longitude: -.infinity, decimalYear: 2026)
        }
        #expect(throws: GeomagnetismError.notFinite(.altitude)) {
            try model.field(latitude: 0, longitude: 0, altitudeKm: .nan, decimalYear: 2026)
        }
        #expect(throws: GeomagnetismError.notFinite(.decimalYear)) {
            try model.field(latitude: 0, longitude: 0, date: Date(timeIntervalSince1970: .infinity))
        }
    }

    @Test("Given an input error, when it is described, then the message names the value and the allowed range")
    func errorMessages() {
        #expect(
            GeomagnetismError.outOfRange(.latitude, value: 91).description
                == "latitude 91 is outside the allowed range: -90 to 90 degrees (geodetic, WGS 84, north positive)")
        #expect(
            GeomagnetismError.outOfRange(.altitude, value: 850.5).description
                == "altitude (km) 850.5 is outside the allowed range: -1 to 850 km above the WGS 84 ellipsoid")
        #expect(
            GeomagnetismError.notFinite(.longitude).description
                == "longitude is not a finite number; allowed: -180 to 180 degrees (east positive)")
        #expect(
            GeomagnetismError.notFinite(.decimalYear).description
                == "decimal year is not a finite number; allowed: a finite decimal year such as 2026.5")
    }

    @Test("Given the edges of every allowed range, when the field is computed, then it succeeds")
    func edgesAccepted() throws {
        for (latitude, longitude, altitude) in [(90.0, 180.0, -1.0), (-90.0, -180.0, 850.0)] {
            let field = try model.field(
                latitude: latitude, longitude: longitude, altitudeKm: altitude, decimalYear: 2025)
            #expect(field.totalIntensity.isFinite && field.declination.isFinite)
        }
    }

    @Test(
        "Given a place and moment, when the rates are compared with central differences of the field a week apart, then they agree"
    )
    func ratesAreDerivatives() throws {
        let year = 2027.2
        let step = 7.0 / 365
        let field = try model.field(latitude: 61.5, longitude: -149.9, altitudeKm: 0.1, decimalYear: year)
        let later = try model.field(latitude: 61.5, longitude: -149.9, altitudeKm: 0.1, decimalYear: year + step)
        let earlier = try model.field(latitude: 61.5, longitude: -149.9, altitudeKm: 0.1, decimalYear: year - step)
        func slope(_ value: KeyPath<MagneticField, Double>) -> Double {
            (later[keyPath: value] - earlier[keyPath: value]) / (2 * step)
        }
        let rates = field.secularVariation
        #expect(abs(rates.north - slope(\.north)) < 1e-6)
        #expect(abs(rates.east - slope(\.east)) < 1e-6)
        #expect(abs(rates.down - slope(\.down)) < 1e-6)
        #expect(abs(rates.horizontalIntensity - slope(\.horizontalIntensity)) < 1e-4)
        #expect(abs(rates.totalIntensity - slope(\.totalIntensity)) < 1e-4)
        #expect(abs(rates.inclination - slope(\.inclination)) < 1e-6)
        #expect(abs(rates.declination - slope(\.declination)) < 1e-6)
    }

    @Test("Given a computed field, when it is encoded to JSON and decoded, then it is unchanged")
    func codableRoundTrip() throws {
        for latitude in [70.0, 10.0] {
            let field = try model.field(latitude: latitude, longitude: 20, decimalYear: 2031)
            let decoded = try JSONDecoder().decode(MagneticField.self, from: JSONEncoder().encode(field))
            #expect(decoded == field)
        }
    }
}
