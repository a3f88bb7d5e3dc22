import Testing

@testable import MediaMetadata

@Suite("ISO 6709 places")
struct ISO6709Tests {
    @Test(
        "Given ISO 6709 strings, when they are parsed, then degrees, minutes and seconds forms agree",
        arguments: [
            ("+59.9386+030.3141+012.000/", 59.9386, 30.3141, 12.0),
            ("-33.8568+151.2153/", -33.8568, 151.2153, nil),
            ("+5956.316+03018.846/", 59.9386, 30.3141, nil),
            ("+595618.96-0301850.76-005.5/", 59.9386, -30.3141, -5.5),
            ("+59.9386+030.3141CRSWGS_84/", 59.9386, 30.3141, nil),
            ("+90+180", 90.0, 180.0, nil),
        ] as [(String, Double, Double, Double?)])
    func valid(text: String, latitude: Double, longitude: Double, altitude: Double?) throws {
        let place = try #require(ISO6709.parse(Array(text.utf8)))
        #expect(abs(place.latitude - latitude) < 1e-9)
        #expect(abs(place.longitude - longitude) < 1e-9)
        #expect(place.altitude.map { abs($0 - (altitude ?? .nan)) < 1e-9 } ?? (altitude == nil))
    }

    @Test(
        "Given malformed or out-of-range ISO 6709 strings, when they are parsed, then there is no place",
        arguments: [
            "", "/", "+59.9386/", "59.9386+030.3141/", "+91.0+030.0/", "+59.0+181.0/", "+5960.0+03000.0/",
            "+59.9.386+030.3141/", "+599+030.3141/", "+59.9386+030.3141+1+2/", "+59.9386 +030.3141/", "+nan+inf/",
            "+" + String(repeating: "9", count: 40) + "+030/",
        ])
    func invalid(text: String) {
        #expect(ISO6709.parse(Array(text.utf8)) == nil)
    }
}
