/// Reads a place written in ISO 6709 form, as movies store it: "+59.9386+030.3141+012.000/".
///
/// Latitude and longitude may be in degrees (±DD.D, ±DDD.D), degrees and minutes (±DDMM.M,
/// ±DDDMM.M) or degrees, minutes and seconds (±DDMMSS.S, ±DDDMMSS.S); an altitude in metres may
/// follow. The string ends at '/' or at a "CRS" suffix. Anything else, or values out of range,
/// read as nil.
enum ISO6709 {
    struct Place: Equatable {
        let latitude: Double
        let longitude: Double
        let altitude: Double?
    }

    /// The longest number considered; real ones are under 20 characters.
    private static let maximumNumberLength = 32

    static func parse(_ text: some Collection<UInt8>) -> Place? {
        var numbers: [[UInt8]] = []
        for byte in text {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "C") { break }
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                guard numbers.count < 3 else { return nil }
                numbers.append([byte])
            } else if !numbers.isEmpty, numbers[numbers.count - 1].count < maximumNumberLength {
                numbers[numbers.count - 1].append(byte)
            } else {
                return nil
            }
        }
        guard numbers.count >= 2,
            let latitude = angle(numbers[0], degreeDigits: 2, limit: 90),
            let longitude = angle(numbers[1], degreeDigits: 3, limit: 180)
        else { return nil }
        let altitude = numbers.count == 3 ? decimal(numbers[2]) : nil
        return Place(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// Degrees from a signed number whose integer part holds degreeDigits (D), 2 more (DDMM) or
    /// 4 more (DDMMSS) digits.
    private static func angle(_ number: [UInt8], degreeDigits: Int, limit: Double) -> Double? {
        guard let value = decimal(number) else { return nil }
        let extraDigits = number.dropFirst().prefix { $0 != UInt8(ascii: ".") }.count - degreeDigits
        guard [0, 2, 4].contains(extraDigits) else { return nil }
        let subdivisions = extraDigits / 2  // 1: minutes; 2: minutes and seconds
        let unitsPerDegree: [Double] = [1, 60, 3600]
        var rest = abs(value)
        var degrees = 0.0
        for step in 0..<subdivisions {  // the last two digits first: seconds, then minutes
            let part = rest.truncatingRemainder(dividingBy: 100)
            guard part < 60 else { return nil }
            degrees += part / unitsPerDegree[subdivisions - step]
            rest = (rest - part) / 100
        }
        degrees += rest
        guard degrees <= limit else { return nil }
        return value < 0 ? -degrees : degrees
    }

    /// A signed decimal number such as "+012.500": digits with at most one point.
    private static func decimal(_ number: [UInt8]) -> Double? {
        let body = number.dropFirst()
        guard !body.isEmpty, body.filter({ $0 == UInt8(ascii: ".") }).count <= 1,
            body.allSatisfy({ $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let value = Double(String(decoding: body, as: UTF8.self)), value.isFinite
        else { return nil }
        return number.first == UInt8(ascii: "-") ? -value : value
    }
}
