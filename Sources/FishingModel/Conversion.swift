/// Exact conversion factors (international definitions); the diary stores SI figures, the app
/// shows the angler's units and the exports state theirs (issue 13 §4, issue 34 §1).
public enum Conversion {
    public static let kilogramsPerPound = 0.453_592_37
    public static let ouncesPerPound = 16.0
    public static let centimetresPerInch = 2.54
    public static let metresPerFoot = 0.3048
    public static let metresPerMile = 1_609.344
    public static let hectopascalsPerMillimetreOfMercury = 1.333_223_874
    public static let hectopascalsPerInchOfMercury = 33.863_886_67
    public static let metresPerSecondPerMilePerHour = 0.447_04
    public static let metresPerSecondPerKilometrePerHour = 1 / 3.6

    public static func fahrenheit(celsius: Double) -> Double { celsius * 9 / 5 + 32 }
    public static func celsius(fahrenheit: Double) -> Double { (fahrenheit - 32) * 5 / 9 }
}
