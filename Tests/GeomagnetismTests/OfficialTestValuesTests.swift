import Foundation
import Geomagnetism
import Testing

/// One row of NOAA's official WMM2025 test values.
struct OfficialTestValue: Sendable, CustomTestStringConvertible {
    let year, altitudeKm, latitude, longitude: Double
    let x, y, z, h, f, inclination, declination: Double
    let gridVariation: Double?
    let xDot, yDot, zDot, hDot, fDot, inclinationDot, declinationDot: Double

    var testDescription: String { "\(year) \(altitudeKm) km \(latitude)° \(longitude)°" }
}

// The official WMM2025 test values: file WMM2025_TEST_VALUES.txt of NOAA NCEI's WMM2025COF.zip,
// the same 12 points as the "WMM2025 test values" table of the WMM2025 technical report
// (https://www.ncei.noaa.gov/products/world-magnetic-model). Transcribed unchanged, as printed:
// nT and nT/yr to 0.1, degrees and degrees/yr to 0.01; "NaN" grid variation is nil here.
// Columns: date, height above the WGS 84 ellipsoid (km), geodetic latitude, longitude,
// X, Y, Z, H, F, I, D, GV, Xdot, Ydot, Zdot, Hdot, Fdot, Idot, Ddot.
let officialTestValues: [OfficialTestValue] = [
    .init(
        year: 2025.0, altitudeKm: 0, latitude: 80, longitude: 0, x: 6521.6, y: 145.9, z: 54791.5, h: 6523.2, f: 55178.5,
        inclination: 83.21, declination: 1.28, gridVariation: 1.28, xDot: -8.3, yDot: 59.5, zDot: 31.1, hDot: -7.0,
        fDot: 30.1, inclinationDot: 0.01, declinationDot: 0.52),
    .init(
        year: 2025.0, altitudeKm: 0, latitude: 0, longitude: 120, x: 39677.8, y: -109.6, z: -10580.2, h: 39677.9,
        f: 41064.3, inclination: -14.93, declination: -0.16, gridVariation: nil, xDot: 9.5, yDot: -23.1, zDot: 79.4,
        hDot: 9.6, fDot: -11.2, inclinationDot: 0.11, declinationDot: -0.03),
    .init(
        year: 2025.0, altitudeKm: 0, latitude: -80, longitude: 240, x: 6117.5, y: 15751.9, z: -52022.5, h: 16898.1,
        f: 54698.2, inclination: -72.00, declination: 68.78, gridVariation: -51.22, xDot: 33.3, yDot: -8.6, zDot: 95.5,
        hDot: 4.0, fDot: -89.6, inclinationDot: 0.03, declinationDot: -0.12),
    .init(
        year: 2025.0, altitudeKm: 100, latitude: 80, longitude: 0, x: 6216.0, y: 92.4, z: 52598.8, h: 6216.7,
        f: 52964.9, inclination: 83.26, declination: 0.85, gridVariation: 0.85, xDot: -7.7, yDot: 56.5, zDot: 28.7,
        hDot: -6.9, fDot: 27.6, inclinationDot: 0.01, declinationDot: 0.52),
    .init(
        year: 2025.0, altitudeKm: 100, latitude: 0, longitude: 120, x: 37688.6, y: -96.2, z: -10152.1, h: 37688.7,
        f: 39032.1, inclination: -15.08, declination: -0.15, gridVariation: nil, xDot: 9.2, yDot: -21.0, zDot: 72.9,
        hDot: 9.2, fDot: -10.0, inclinationDot: 0.11, declinationDot: -0.03),
    .init(
        year: 2025.0, altitudeKm: 100, latitude: -80, longitude: 240, x: 5907.6, y: 14780.3, z: -49540.7, h: 15917.1,
        f: 52035.0, inclination: -72.19, declination: 68.21, gridVariation: -51.79, xDot: 30.6, yDot: -8.0, zDot: 89.2,
        hDot: 3.9, fDot: -83.8, inclinationDot: 0.03, declinationDot: -0.11),
    .init(
        year: 2027.5, altitudeKm: 0, latitude: 80, longitude: 0, x: 6500.8, y: 294.5, z: 54869.4, h: 6507.5, f: 55253.9,
        inclination: 83.24, declination: 2.59, gridVariation: 2.59, xDot: -8.3, yDot: 59.5, zDot: 31.1, hDot: -5.6,
        fDot: 30.3, inclinationDot: 0.01, declinationDot: 0.53),
    .init(
        year: 2027.5, altitudeKm: 0, latitude: 0, longitude: 120, x: 39701.6, y: -167.4, z: -10381.8, h: 39702.0,
        f: 41036.9, inclination: -14.65, declination: -0.24, gridVariation: nil, xDot: 9.5, yDot: -23.1, zDot: 79.4,
        hDot: 9.6, fDot: -10.7, inclinationDot: 0.11, declinationDot: -0.03),
    .init(
        year: 2027.5, altitudeKm: 0, latitude: -80, longitude: 240, x: 6200.7, y: 15730.3, z: -51783.7, h: 16908.3,
        f: 54474.2, inclination: -71.92, declination: 68.49, gridVariation: -51.51, xDot: 33.3, yDot: -8.6, zDot: 95.5,
        hDot: 4.2, fDot: -89.5, inclinationDot: 0.04, declinationDot: -0.12),
    .init(
        year: 2027.5, altitudeKm: 100, latitude: 80, longitude: 0, x: 6196.7, y: 233.8, z: 52670.5, h: 6201.1,
        f: 53034.3, inclination: 83.29, declination: 2.16, gridVariation: 2.16, xDot: -7.7, yDot: 56.5, zDot: 28.7,
        hDot: -5.6, fDot: 27.8, inclinationDot: 0.01, declinationDot: 0.52),
    .init(
        year: 2027.5, altitudeKm: 100, latitude: 0, longitude: 120, x: 37711.5, y: -148.7, z: -9969.8, h: 37711.8,
        f: 39007.4, inclination: -14.81, declination: -0.23, gridVariation: nil, xDot: 9.2, yDot: -21.0, zDot: 72.9,
        hDot: 9.3, fDot: -9.7, inclinationDot: 0.11, declinationDot: -0.03),
    .init(
        year: 2027.5, altitudeKm: 100, latitude: -80, longitude: 240, x: 5984.0, y: 14760.1, z: -49317.7, h: 15927.0,
        f: 51825.7, inclination: -72.10, declination: 67.93, gridVariation: -52.07, xDot: 30.6, yDot: -8.0, zDot: 89.2,
        hDot: 4.0, fDot: -83.7, inclinationDot: 0.03, declinationDot: -0.11),
]

/// `value` rounded to `decimals` places, as NOAA prints it.
func printed(_ value: Double, decimals: Int) -> Double {
    let scale = pow(10, Double(decimals))
    return (value * scale).rounded() / scale
}

@Suite("NOAA's official WMM2025 test values (T14)")
struct OfficialTestValuesTests {
    @Test(
        "Given an official WMM2025 test point, when the field is computed, then every printed element matches to its printed precision",
        arguments: officialTestValues)
    func reproducesOfficialValue(_ row: OfficialTestValue) throws {
        // The official points give longitude 240°E; the API takes −180…180, so 240 is passed as −120.
        let longitude = row.longitude > 180 ? row.longitude - 360 : row.longitude
        let field = try WorldMagneticModel.wmm2025()
            .field(latitude: row.latitude, longitude: longitude, altitudeKm: row.altitudeKm, decimalYear: row.year)

        #expect(printed(field.north, decimals: 1) == row.x)
        #expect(printed(field.east, decimals: 1) == row.y)
        #expect(printed(field.down, decimals: 1) == row.z)
        #expect(printed(field.horizontalIntensity, decimals: 1) == row.h)
        #expect(printed(field.totalIntensity, decimals: 1) == row.f)
        #expect(printed(field.inclination, decimals: 2) == row.inclination)
        #expect(printed(field.declination, decimals: 2) == row.declination)
        #expect(field.gridVariation.map { printed($0, decimals: 2) } == row.gridVariation)

        let rates = field.secularVariation
        #expect(printed(rates.north, decimals: 1) == row.xDot)
        #expect(printed(rates.east, decimals: 1) == row.yDot)
        #expect(printed(rates.down, decimals: 1) == row.zDot)
        #expect(printed(rates.horizontalIntensity, decimals: 1) == row.hDot)
        #expect(printed(rates.totalIntensity, decimals: 1) == row.fDot)
        #expect(printed(rates.inclination, decimals: 2) == row.inclinationDot)
        #expect(printed(rates.declination, decimals: 2) == row.declinationDot)

        #expect(field.model == "WMM2025")
        #expect(field.decimalYear == row.year)
        #expect(field.warning == nil)
    }
}
