import Foundation

/// The World Magnetic Model: a degree-12 spherical-harmonic model of the Earth's main magnetic
/// field, evaluated offline to give the magnetic field that requirement T14 reports with the
/// weather at a place.
///
/// `wmm2025()` loads the bundled WMM2025 coefficients (NOAA NCEI and the British Geological
/// Survey, public domain), valid 2025.0–2030.0. The computation follows the equations of the
/// WMM technical report: geodetic → geocentric spherical coordinates, time-adjusted Gauss
/// coefficients, Schmidt semi-normalised associated Legendre functions, the field in the
/// spherical frame, rotation back to the ellipsoidal frame, and the derived elements.
public struct WorldMagneticModel: Sendable {
    /// The credit for the model, for the README and the app's About screen.
    public static let attribution =
        "Magnetic field: World Magnetic Model WMM2025, NOAA NCEI and the British Geological Survey (public domain)"

    /// The model's name without punctuation, e.g. "WMM2025" for a file headed "WMM-2025".
    public var name: String
    /// The epoch of the main-field coefficients, as a decimal year (2025.0 for WMM2025).
    public var epoch: Double
    /// The release date printed in the coefficient file's header, e.g. "11/13/2024".
    public var releaseDate: String
    /// The dates the model is valid for: five years from its epoch. Other dates are computed
    /// by extrapolation and carry a warning.
    public var validity: ClosedRange<Double> { epoch...(epoch + 5) }
    /// The highest spherical-harmonic degree in the coefficients (12 for WMM2025).
    public var maxDegree: Int { coefficients.maxDegree }

    private let coefficients: GaussCoefficients

    private static let bundled = Result { () throws(GeomagnetismError) -> WorldMagneticModel in
        guard let url = Bundle.module.url(forResource: "WMM2025", withExtension: "COF") else {
            throw .resourceUnavailable("WMM2025.COF is not in the module's bundle")
        }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .resourceUnavailable("cannot read \(url.path): \(error)")
        }
        return try WorldMagneticModel(cofText: text)
    }

    /// The WMM2025 model from the bundled `WMM2025.COF`, parsed once and shared.
    public static func wmm2025() throws(GeomagnetismError) -> WorldMagneticModel {
        try bundled.get()
    }

    /// Parses a coefficient file in NOAA's `WMM.COF` format (header "epoch name date", then
    /// "n m g h ġ ḣ" lines, complete to the highest degree present, at most 12).
    public init(cofText: String) throws(GeomagnetismError) {
        let file = try CoefficientFile(text: cofText)
        name = file.name.filter { $0 != "-" }
        epoch = file.epoch
        releaseDate = file.releaseDate
        coefficients = file.coefficients
    }

    /// The magnetic field at a geodetic latitude and longitude (degrees, WGS 84), a height above
    /// the WGS 84 ellipsoid (km) and a decimal year.
    ///
    /// Throws ``GeomagnetismError/notFinite(_:)`` or ``GeomagnetismError/outOfRange(_:value:)``
    /// for inputs outside ``GeomagnetismError/Input/allowedRange``. A date outside
    /// ``validity`` is computed and the result carries a ``MagneticField/warning``.
    public func field(latitude: Double, longitude: Double, altitudeKm: Double = 0, decimalYear: Double)
        throws(GeomagnetismError) -> MagneticField
    {
        try Self.check(.latitude, latitude)
        try Self.check(.longitude, longitude)
        try Self.check(.altitude, altitudeKm)
        try Self.check(.decimalYear, decimalYear)

        let position = SphericalPosition(latitude: latitude, longitude: longitude, altitudeKm: altitudeKm)
        let synthesis = SphericalHarmonicSynthesis(position: position, maxDegree: coefficients.maxDegree)
        let dt = decimalYear - epoch
        let g = zip(coefficients.g, coefficients.gDot).map { $0 + dt * $1 }
        let h = zip(coefficients.h, coefficients.hDot).map { $0 + dt * $1 }
        let b = position.toGeodetic(synthesis.field(g: g, h: h))
        let rate = position.toGeodetic(synthesis.field(g: coefficients.gDot, h: coefficients.hDot))

        let horizontal = (b.north * b.north + b.east * b.east).squareRoot()
        let total = (horizontal * horizontal + b.down * b.down).squareRoot()
        let declination = degrees(atan2(b.east, b.north))
        let horizontalRate = (b.north * rate.north + b.east * rate.east) / horizontal
        let secularVariation = SecularVariation(
            north: rate.north,
            east: rate.east,
            down: rate.down,
            horizontalIntensity: horizontalRate,
            totalIntensity: (b.north * rate.north + b.east * rate.east + b.down * rate.down) / total,
            inclination: degrees((horizontal * rate.down - b.down * horizontalRate) / (total * total)),
            declination: degrees((b.north * rate.east - b.east * rate.north) / (horizontal * horizontal)))

        return MagneticField(
            declination: declination,
            inclination: degrees(atan2(b.down, horizontal)),
            totalIntensity: total,
            horizontalIntensity: horizontal,
            north: b.north,
            east: b.east,
            down: b.down,
            gridVariation: Self.gridVariation(declination: declination, latitude: latitude, longitude: longitude),
            secularVariation: secularVariation,
            model: name,
            decimalYear: decimalYear,
            warning: validity.contains(decimalYear) ? nil : validityWarning(decimalYear))
    }

    /// The magnetic field at a place at an instant; the instant becomes a decimal year with
    /// ``decimalYear(of:)``.
    public func field(latitude: Double, longitude: Double, altitudeKm: Double = 0, date: Date) throws(GeomagnetismError)
        -> MagneticField
    {
        try field(
            latitude: latitude, longitude: longitude, altitudeKm: altitudeKm, decimalYear: Self.decimalYear(of: date))
    }

    /// Grid variation as the WMM report defines it: GV = D − λ north of 55°N, GV = D + λ south
    /// of 55°S, brought into −180…180; undefined elsewhere.
    static func gridVariation(declination: Double, latitude: Double, longitude: Double) -> Double? {
        let gv: Double
        if latitude > 55 {
            gv = declination - longitude
        } else if latitude < -55 {
            gv = declination + longitude
        } else {
            return nil
        }
        if gv > 180 { return gv - 360 }
        if gv < -180 { return gv + 360 }
        return gv
    }

    private static func check(_ input: GeomagnetismError.Input, _ value: Double) throws(GeomagnetismError) {
        guard value.isFinite else { throw .notFinite(input) }
        if let range = input.allowedRange, !range.contains(value) {
            throw .outOfRange(input, value: value)
        }
    }

    private func validityWarning(_ year: Double) -> String {
        "date \(Self.yearText(year, outside: validity)) is outside the \(name) validity period "
            + "\(validity.lowerBound)–\(validity.upperBound); values are extrapolated and degrade quickly"
    }

    /// The year with the fewest decimals (at least one) that still reads as outside `period`.
    private static func yearText(_ year: Double, outside period: ClosedRange<Double>) -> String {
        var scale = 10.0
        for _ in 1...6 {
            let rounded = (year * scale).rounded() / scale
            if !period.contains(rounded) { return "\(rounded)" }
            scale *= 10
        }
        return "\(year)"
    }
}

private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
