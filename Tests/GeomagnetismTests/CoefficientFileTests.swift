import Foundation
import Geomagnetism
import Testing

@Suite("WMM.COF coefficient files (T14)")
struct CoefficientFileTests {
    /// A degree-1 model: a single dipole coefficient, the others zero.
    func dipole(g10: Double = 0, g11: Double = 0) -> String {
        """
            2025.0            TEST-DIPOLE     01/01/2025
          1  0  \(g10)  0.0  0.0  0.0
          1  1  \(g11)  0.0  0.0  0.0
        999999999999999999999999999999999999999999999999
        """
    }

    @Test(
        "Given the bundled coefficients, when loaded, then they are WMM2025 of epoch 2025.0, degree 12, valid to 2030.0"
    )
    func bundledModel() throws {
        let model = try WorldMagneticModel.wmm2025()
        #expect(model.name == "WMM2025")
        #expect(model.epoch == 2025.0)
        #expect(model.releaseDate == "11/13/2024")
        #expect(model.maxDegree == 12)
        #expect(model.validity == 2025.0...2030.0)
    }

    @Test(
        "Given an axial dipole, when evaluated on the equator and at the north pole, then the field is the analytic dipole field"
    )
    func axialDipole() throws {
        let model = try WorldMagneticModel(cofText: dipole(g10: -30_000))
        #expect(model.name == "TESTDIPOLE")
        let cube = { (r: Double) in pow(6371.2 / r, 3) }
        let equator = try model.field(latitude: 0, longitude: 40, decimalYear: 2025)
        #expect(abs(equator.north - 30_000 * cube(6378.137)) < 1e-9)
        #expect(abs(equator.east) < 1e-9 && abs(equator.down) < 1e-9)
        let pole = try model.field(latitude: 90, longitude: 0, decimalYear: 2025)
        let polarRadius = 6378.137 * (1 - 1 / 298.257223563)
        #expect(abs(pole.down - 60_000 * cube(polarRadius)) < 1e-8)
        #expect(abs(pole.horizontalIntensity) < 1e-8)
    }

    @Test(
        "Given an equatorial dipole, when evaluated at the geographic poles, then the horizontal field has its finite limit and turns with the longitude"
    )
    func equatorialDipoleAtThePoles() throws {
        let model = try WorldMagneticModel(cofText: dipole(g11: 1_000))
        let polarRadius = 6378.137 * (1 - 1 / 298.257223563)
        let strength = 1_000 * pow(6371.2 / polarRadius, 3)
        let alongZero = try model.field(latitude: 90, longitude: 0, decimalYear: 2025)
        #expect(abs(alongZero.north - strength) < 1e-8 && abs(alongZero.east) < 1e-8)
        let alongNinety = try model.field(latitude: 90, longitude: 90, decimalYear: 2025)
        #expect(abs(alongNinety.north) < 1e-8 && abs(alongNinety.east - strength) < 1e-8)
        let south = try model.field(latitude: -90, longitude: 90, decimalYear: 2025)
        #expect(abs(south.north) < 1e-8 && abs(south.east - strength) < 1e-8)
        #expect(abs(south.down) < 1e-8)
    }

    @Test(
        "Given a coefficient file with one malformed line, when parsed, then the error names the line and the problem",
        arguments: [
            (
                "    2025.0  WMM-2025  11/13/2024\n  1  0  -29351.8  0.0  12.0\n", 2,
                "expected 6 fields \"n m g h gdot hdot\", found 5"
            ),
            (
                "    2025.0  WMM-2025  11/13/2024\n  1  x  -29351.8  0.0  12.0  0.0\n", 2,
                "degree and order must be integers, found \"1\" and \"x\""
            ),
            (
                "    2025.0  WMM-2025  11/13/2024\n\n  1  0  -29351.8  abc  12.0  0.0\n", 3,
                "\"abc\" is not a finite number"
            ),
            (
                "    2025.0  WMM-2025  11/13/2024\n  1  0  -29351.8  nan  12.0  0.0\n", 2,
                "\"nan\" is not a finite number"
            ),
            (
                "    2025.0  WMM-2025  11/13/2024\n  1  2  1.0  0.0  0.0  0.0\n", 2,
                "n=1 m=2 is not a valid degree 1…12 and order 0…n"
            ),
            (
                "    2025.0  WMM-2025  11/13/2024\n 13  0  1.0  0.0  0.0  0.0\n", 2,
                "n=13 m=0 is not a valid degree 1…12 and order 0…n"
            ),
            (
                "    2025.0  WMM-2025  11/13/2024\n  1  0  1.0  0.0  0.0  0.0\n  1  0  2.0  0.0  0.0  0.0\n", 3,
                "coefficient n=1 m=0 appears twice"
            ),
            (
                "WMM-2025  2025.0  11/13/2024\n", 1,
                "expected a header \"epoch model-name release-date\", found \"WMM-2025 2025.0 11/13/2024\""
            ),
        ])
    func malformedLine(text: String, line: Int, reason: String) {
        #expect(throws: GeomagnetismError.malformedCoefficients(line: line, reason: reason)) {
            try WorldMagneticModel(cofText: text)
        }
    }

    @Test(
        "Given coefficient text that is empty, has no coefficients or lacks one, when parsed, then the error says what is missing"
    )
    func incompleteFile() {
        #expect(throws: GeomagnetismError.malformedCoefficients(line: nil, reason: "the text is empty")) {
            try WorldMagneticModel(cofText: " \n\n")
        }
        #expect(
            throws: GeomagnetismError.malformedCoefficients(line: nil, reason: "no coefficient lines after the header")
        ) {
            try WorldMagneticModel(cofText: "2025.0 WMM-2025 11/13/2024\n999999999\n")
        }
        let withoutOne = degreeThree().split(separator: "\n").filter { !$0.hasPrefix("  2  1 ") }.joined(
            separator: "\n")
        #expect(
            throws: GeomagnetismError.malformedCoefficients(
                line: nil, reason: "coefficient n=2 m=1 is missing (degree 3 needs every order)")
        ) {
            try WorldMagneticModel(cofText: withoutOne)
        }
        #expect(
            GeomagnetismError.malformedCoefficients(line: 4, reason: "\"abc\" is not a finite number").description
                == "WMM coefficient file, line 4: \"abc\" is not a finite number")
    }

    @Test(
        "Given a coefficient text with Windows line endings and no terminator, when parsed, then it computes the same field"
    )
    func lenientLayout() throws {
        let crlf = degreeThree().split(separator: "\n").filter { !$0.hasPrefix("9999") }.joined(separator: "\r\n")
        let expected = try WorldMagneticModel(cofText: degreeThree()).field(
            latitude: 10, longitude: 20, decimalYear: 2026)
        #expect(expected.totalIntensity > 1_000)
        #expect(try WorldMagneticModel(cofText: crlf).field(latitude: 10, longitude: 20, decimalYear: 2026) == expected)
    }

    /// A complete degree-3 model with made-up, non-zero coefficients, in the WMM.COF layout.
    func degreeThree() -> String {
        var lines = ["    2025.0            TEST-3     01/01/2025"]
        for n in 1...3 {
            for m in 0...n {
                lines.append(
                    "  \(n)  \(m)  \(-30_000.0 / Double(n * n + m))  \(m == 0 ? 0 : 900.0 / Double(n + m))  \(Double(m) - 2)  \(m == 0 ? 0 : 1.5)"
                )
            }
        }
        lines.append("999999999999999999999999999999999999999999999999")
        return lines.joined(separator: "\n") + "\n"
    }
}
