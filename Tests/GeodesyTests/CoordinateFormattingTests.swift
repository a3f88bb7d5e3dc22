import Foundation
import Geodesy
import Testing

@Suite("Writing coordinates for people (T9 coordinates of a point)")
struct CoordinateFormattingTests {
    let moscow = Coordinate(latitude: 55 + 45 / 60.0 + 21 / 3600.0, longitude: 37 + 37 / 60.0 + 3 / 3600.0)

    @Test("Given a coordinate, when written in each style, then it reads as the examples")
    func styles() {
        #expect(moscow.formatted(.dms) == "55°45′21″N 37°37′03″E")
        #expect(moscow.formatted(.decimal) == "55.75583, 37.61750")
        #expect(
            Coordinate(latitude: 55 + 45.35 / 60, longitude: 37 + 37.05 / 60).formatted(.ddm)
                == "55°45.350′N 37°37.050′E")
        let rio = Coordinate(latitude: -22.908333, longitude: -43.196389)
        #expect(rio.formatted(.decimal) == "-22.90833, -43.19639")
        #expect(rio.formatted(.dms) == "22°54′30″S 43°11′47″W")
        #expect(rio.formatted(.ddm) == "22°54.500′S 43°11.783′W")
        #expect(Coordinate(latitude: -90, longitude: 180).formatted(.dms) == "90°00′00″S 180°00′00″E")
    }

    @Test("Given seconds that round up to 60, when written, then they carry into minutes and degrees")
    func carries() {
        let almost = Coordinate(latitude: 10 + 59 / 60.0 + 59.9995 / 3600, longitude: -(0 + 59 / 60.0 + 59.6 / 3600))
        #expect(almost.formatted(.dms) == "11°00′00″N 1°00′00″W")
        let minutes = Coordinate(latitude: 10 + 59.9996 / 60, longitude: 179 + 59.99951 / 60)
        #expect(minutes.formatted(.ddm) == "11°00.000′N 180°00.000′E")
        #expect(Coordinate(latitude: 10.999999, longitude: -0.000004).formatted(.decimal) == "11.00000, 0.00000")
    }

    @Test(
        "Given a value that rounds to zero from below, when written, then it has no minus sign and takes the positive hemisphere"
    )
    func noNegativeZero() {
        let nearlyNull = Coordinate(latitude: -0.000001, longitude: -0.0000001)
        #expect(nearlyNull.formatted(.decimal) == "0.00000, 0.00000")
        #expect(nearlyNull.formatted(.dms) == "0°00′00″N 0°00′00″E")
        #expect(nearlyNull.formatted(.ddm) == "0°00.000′N 0°00.000′E")
    }

    @Test("Given a coordinate written in any style, when read back, then it is within that style's rounding")
    func roundTrip() throws {
        let points = [
            moscow, Coordinate(latitude: -33.8568, longitude: 151.2153),
            Coordinate(latitude: 0.0001, longitude: -179.9999),
        ]
        for point in points {
            for (style, step) in [(CoordinateStyle.decimal, 1e-5), (.dms, 1 / 3600.0), (.ddm, 0.001 / 60)] {
                let back = try Coordinate.parse(point.formatted(style))
                #expect(abs(back.latitude - point.latitude) <= step / 2 + 1e-12, "\(point.formatted(style))")
                #expect(abs(back.longitude - point.longitude) <= step / 2 + 1e-12, "\(point.formatted(style))")
            }
        }
    }

    @Test(
        "Given a coordinate that is not valid, when written, then formatting shows the raw value rather than trapping")
    func invalidValues() {
        #expect(Coordinate(latitude: .nan, longitude: 0).formatted(.decimal) == "nan, 0.00000")
        #expect(Coordinate(latitude: 1e300, longitude: .infinity).formatted(.dms) == "1e+300 inf")
    }

    @Test("Given a coordinate, when encoded as JSON and decoded, then it is unchanged")
    func codable() throws {
        let data = try JSONEncoder().encode(moscow)
        #expect(try JSONDecoder().decode(Coordinate.self, from: data) == moscow)
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains("\"latitude\"") && text.contains("\"longitude\""))
    }
}
