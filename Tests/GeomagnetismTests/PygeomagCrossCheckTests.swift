import Geomagnetism
import Testing

@Suite("Cross-check against pygeomag (T14)")
struct PygeomagCrossCheckTests {
    @Test(
        "Given 50 points across the globe, altitudes and 2025–2030 (both poles included), when the field is computed, then it agrees with pygeomag to 1e-4 nT and 1e-6 degrees"
    )
    func agreesWithPygeomag() throws {
        let model = try WorldMagneticModel.wmm2025()
        #expect(pygeomagReferenceRows.count == 50)
        for row in pygeomagReferenceRows {
            let v = row.map { $0 ?? .nan }
            let field = try model.field(latitude: v[2], longitude: v[3], altitudeKm: v[1], decimalYear: v[0])
            let point = "\(v[0]) \(v[1]) km \(v[2])° \(v[3])°"
            let intensities = [field.north, field.east, field.down, field.horizontalIntensity, field.totalIntensity]
            for (computed, expected) in zip(intensities, v[4...8]) {
                #expect(abs(computed - expected) < 1e-4, "\(point): \(computed) nT, pygeomag \(expected) nT")
            }
            for (computed, expected) in zip([field.inclination, field.declination], v[9...10]) {
                #expect(abs(computed - expected) < 1e-6, "\(point): \(computed)°, pygeomag \(expected)°")
            }
            switch (field.gridVariation, row[11]) {
            case (let computed?, let expected?):
                #expect(abs(computed - expected) < 1e-6, "\(point): grid variation \(computed)°, pygeomag \(expected)°")
            case (nil, nil):
                break
            default:
                Issue.record(
                    "\(point): grid variation \(String(describing: field.gridVariation)), pygeomag \(String(describing: row[11]))"
                )
            }
            #expect(field.warning == nil)
        }
    }
}
