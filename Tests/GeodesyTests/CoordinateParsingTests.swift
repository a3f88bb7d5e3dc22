import Geodesy
import Testing

@Suite("Reading and checking typed coordinates (T10 location data, T9 coordinates of a point)")
struct CoordinateParsingTests {
    /// 55°45′21″ N, 37°37′03″ E: Moscow, in the examples of every format.
    static let dmsLatitude = 55 + 45 / 60.0 + 21 / 3600.0
    static let dmsLongitude = 37 + 37 / 60.0 + 3 / 3600.0
    static let ddmLatitude = 55 + 45.35 / 60
    static let ddmLongitude = 37 + 37.05 / 60

    static let accepted: [(text: String, latitude: Double, longitude: Double)] = [
        ("55.7558, 37.6173", 55.7558, 37.6173),
        ("55.7558 37.6173", 55.7558, 37.6173),
        ("-33.86,151.2", -33.86, 151.2),
        ("  55.7558 ;  37.6173  ", 55.7558, 37.6173),
        ("+55.7558, −37.6173", 55.7558, -37.6173),
        ("90, 180", 90, 180),
        ("-90 -180", -90, -180),
        ("55.7558N 37.6173W", 55.7558, -37.6173),
        ("33.86s, 151.2e", -33.86, 151.2),
        ("55°45′21″N 37°37′03″E", dmsLatitude, dmsLongitude),
        ("55°45'21\"N 37°37'03\"E", dmsLatitude, dmsLongitude),
        ("55º45'21''N 37º37'03''E", dmsLatitude, dmsLongitude),
        ("55 45 21 N 37 37 3 E", dmsLatitude, dmsLongitude),
        ("55d45m21sN 37d37m3sE", dmsLatitude, dmsLongitude),
        ("N55°45′21″ E37°37′03″", dmsLatitude, dmsLongitude),
        ("N 55 45 21, E 37 37 3", dmsLatitude, dmsLongitude),
        ("55°45′21″N, 37°37′03″E", dmsLatitude, dmsLongitude),
        ("37°37′03″E 55°45′21″N", dmsLatitude, dmsLongitude),
        ("55°45′21″ 37°37′03″", dmsLatitude, dmsLongitude),
        ("55 45 21 37 37 3", dmsLatitude, dmsLongitude),
        ("33°51′36″S 151°12′E", -33.86, 151.2),
        ("22°54′30.5″S 43°10′25.25″W", -(22 + 54 / 60.0 + 30.5 / 3600), -(43 + 10 / 60.0 + 25.25 / 3600)),
        ("55°45.35′N 37°37.05′E", ddmLatitude, ddmLongitude),
        ("N55 45.350 E037 37.050", ddmLatitude, ddmLongitude),
        ("55 45.35, 37 37.05", ddmLatitude, ddmLongitude),
        ("S33 51.6 W070 30.0", -(33 + 51.6 / 60), -70.5),
        ("-0 30, 0 15", -0.5, 0.25),
    ]

    @Test(
        "Given a coordinate in one of the accepted formats, when parsed, then latitude and longitude come out right",
        arguments: accepted)
    func parsesAcceptedFormats(text: String, latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate.parse(text)
        #expect(abs(coordinate.latitude - latitude) <= 1e-12)
        #expect(abs(coordinate.longitude - longitude) <= 1e-12)
    }

    static let refused: [(text: String, error: CoordinateError)] = [
        ("", .empty),
        ("   ", .empty),
        ("91, 0", .outOfRange(.latitude, 91)),
        ("0, 181", .outOfRange(.longitude, 181)),
        ("0, -180.5", .outOfRange(.longitude, -180.5)),
        ("NaN, 0", .unexpectedText("NaN")),
        ("55°61′N 37°E", .minutesOutOfRange(61)),
        ("55°45′60″N 37°E", .secondsOutOfRange(60)),
        ("abc", .unexpectedText("abc")),
        ("55.7558", .onlyOneValue("55.7558")),
        ("55.7558,", .onlyOneValue("55.7558,")),
        ("N55°45′", .onlyOneValue("N55°45′")),
        ("55N 37N", .sameAxisTwice(.latitude)),
        ("55E, 37W", .sameAxisTwice(.longitude)),
        ("1, 2, 3", .cannotSplit("1, 2, 3")),
        ("1 2 3", .cannotSplit("1 2 3")),
        ("55.1.2, 3", .unexpectedText("55.1.2")),
        ("55 # 37", .unexpectedText("#")),
        (
            "55.5°30′N 37°E",
            .malformed("55.5°30′N", reason: "only the last of degrees, minutes and seconds may have decimals")
        ),
        ("-55°N 37°E", .malformed("-55°N", reason: "use a minus sign or a hemisphere letter, not both")),
        ("55°-30′, 37", .malformed("55°-30′", reason: "only the degrees may have a sign")),
        (
            "55′N 37°E",
            .malformed("55′N", reason: "degrees, minutes and seconds must come in that order, none left out")
        ),
        ("1 2 3 4, 5", .malformed("1 2 3 4", reason: "it has more numbers than degrees, minutes and seconds")),
        ("°55, 37", .malformed("°55", reason: "a mark °, ′ or ″ must follow a number")),
    ]

    @Test("Given malformed or impossible text, when parsed, then a typed error names the problem", arguments: refused)
    func refusesMalformedText(text: String, error: CoordinateError) {
        #expect(throws: error) { try Coordinate.parse(text) }
    }

    @Test("Given a refused value, when its message is read, then it names the value and what is allowed")
    func readableMessages() {
        #expect(
            CoordinateError.outOfRange(.latitude, 91).description == "latitude 91 is out of range; allowed -90 to 90")
        #expect(
            CoordinateError.outOfRange(.longitude, 180.5).description
                == "longitude 180.5 is out of range; allowed -180 to 180")
        #expect(
            CoordinateError.minutesOutOfRange(61).description
                == "minutes 61 are out of range; allowed 0 to less than 60")
        #expect(CoordinateError.notFinite(.latitude).description.contains("latitude is not a finite number"))
        #expect(CoordinateError.unexpectedText("NaN").description.contains("“NaN”"))
        #expect(CoordinateError.onlyOneValue("55.7558").description.contains("“55.7558” gives only one value"))
        #expect(CoordinateError.sameAxisTwice(.latitude).description.contains("both values are latitudes"))
        #expect(CoordinateError.empty.description.contains("no coordinate given"))
    }

    @Test(
        "Given values from a device or a form, when validated, then ranges are enforced and longitudes beyond ±180 are refused, not wrapped"
    )
    func validatingInitializer() throws {
        #expect(try Coordinate(validatingLatitude: -90, longitude: 180) == Coordinate(latitude: -90, longitude: 180))
        #expect(try Coordinate(validatingLatitude: 90, longitude: -180) == Coordinate(latitude: 90, longitude: -180))
        #expect(throws: CoordinateError.outOfRange(.latitude, 90.000001)) {
            try Coordinate(validatingLatitude: 90.000001, longitude: 0)
        }
        #expect(throws: CoordinateError.outOfRange(.longitude, 190)) {
            try Coordinate(validatingLatitude: 0, longitude: 190)
        }
        #expect(throws: CoordinateError.outOfRange(.longitude, -540)) {
            try Coordinate(validatingLatitude: 0, longitude: -540)
        }
        #expect(throws: CoordinateError.notFinite(.latitude)) { try Coordinate(validatingLatitude: .nan, longitude: 0) }
        #expect(throws: CoordinateError.notFinite(.longitude)) {
            try Coordinate(validatingLatitude: 0, longitude: -.infinity)
        }
        #expect(throws: CoordinateError.notFinite(.latitude)) {
            try Coordinate.parse("1\(String(repeating: "0", count: 400)), 0")
        }
    }
}
