/// The look of a rendered chart: sizes, fonts and the colours, all in one embedded style sheet so
/// that the same SVG follows the viewer's light or dark appearance
/// (`@media (prefers-color-scheme: dark)`).
///
/// Series colours are the Okabe–Ito palette, which people with any common colour-vision
/// deficiency can tell apart, in an order that puts the hues with the best contrast on both
/// backgrounds first. The series classes are `s0`…`s7`; a ninth series reuses `s0`.
enum ChartTheme {
    static let padding = 8.0
    static let titleSize = 14.0
    static let axisTitleSize = 12.0
    static let tickSize = 11.0
    static let legendSize = 11.0
    static let messageSize = 13.0

    /// Light-appearance series colours: blue, orange, bluish green, vermillion, reddish purple,
    /// sky blue, black, yellow.
    static let lightPalette = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442"]
    /// Dark-appearance series colours: the same hues, with Okabe–Ito's black replaced by a light
    /// grey and the blue lifted so that both stand out on the dark background.
    static let darkPalette = ["#3D9BE0", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#D9D9D9", "#F0E442"]

    /// The class of the `index`-th series' colour.
    static func seriesClass(_ index: Int) -> String { "s\(index % lightPalette.count)" }

    static let fontFamily =
        "-apple-system, BlinkMacSystemFont, system-ui, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, \"DejaVu Sans\", sans-serif"

    /// The style sheet: the light rules, then the dark overrides inside the media query. Shape
    /// rules name their element (`path.line`) so that they outrank the series colour classes,
    /// which the dark block repeats.
    static var styleSheet: String {
        let light = """
            text{font-family:\(fontFamily);fill:#3a3a3c}
            .bg{fill:#ffffff}
            .title{font-size:\(Int(titleSize))px;font-weight:600;fill:#1d1d1f}
            .axis-title,.subtitle{font-size:\(Int(axisTitleSize))px;fill:#3a3a3c}
            .tick,.category,.legend,.cell,.note,.value{font-size:\(Int(tickSize))px}
            .tick,.category,.note{fill:#5c5c61}
            .legend,.cell,.value{fill:#2c2c2e}
            .head{font-size:\(Int(tickSize))px;font-weight:600;fill:#1d1d1f}
            .empty{font-size:\(Int(messageSize))px;fill:#6e6e73}
            .grid{stroke:#e4e4e9;stroke-width:1px}
            .axis{stroke:#a1a1a6;stroke-width:1px}
            .zero{stroke:#48484a;stroke-width:1.25px}
            .stripe{fill:#f2f2f7}
            """
        let series = lightPalette.enumerated()
            .map { ".s\($0.offset){fill:\($0.element);stroke:\($0.element)}" }
            .joined(separator: "\n")
        let shapes = """
            rect.bar,rect.swatch{stroke:none}
            path.line,path.legend-line{fill:none;stroke-width:2.5px;stroke-linejoin:round;stroke-linecap:round}
            circle.point{stroke:#ffffff;stroke-width:1.5px}
            path.wedge,circle.wedge{stroke:#ffffff;stroke-width:1.5px;stroke-linejoin:round}
            .pie-label,.pie-halo{font-size:\(Int(tickSize))px;font-weight:600;fill:#000000}
            .pie-halo{fill:#ffffff;stroke:#ffffff;stroke-width:3px;stroke-linejoin:round}
            """
        let darkSeries = darkPalette.enumerated()
            .map { ".s\($0.offset){fill:\($0.element);stroke:\($0.element)}" }
            .joined(separator: "\n")
        let dark = """
            text{fill:#d1d1d6}
            .bg{fill:#1c1c1e}
            .title,.head{fill:#f2f2f7}
            .axis-title,.subtitle{fill:#d1d1d6}
            .tick,.category,.note{fill:#aeaeb2}
            .legend,.cell,.value{fill:#e5e5ea}
            .empty{fill:#98989d}
            .grid{stroke:#38383a}
            .axis{stroke:#636366}
            .zero{stroke:#c7c7cc}
            .stripe{fill:#2c2c2e}
            \(darkSeries)
            circle.point,path.wedge,circle.wedge{stroke:#1c1c1e}
            """
        return light + "\n" + series + "\n" + shapes + "\n@media (prefers-color-scheme: dark) {\n" + dark + "\n}"
    }
}
