import FishingModel

/// The water's rows that the catch and trip editors share (issue 34 §5; T19): its temperature,
/// clarity (how deep the angler can see into it) and level (above or below the spot's usual)
/// typed in the angler's units, and which way it is going, chosen. The editors keep one each and
/// put the figures into their drafts in SI.
public struct WaterForm: Equatable, Sendable {
    /// One of the water's figures.
    public enum Figure: Sendable, CaseIterable {
        case temperature, clarity, level

        /// The field the figure fills: catches and trips name their water's fields alike.
        public func field<Field: RecordField>(in _: Field.Type) -> Field {
            let name =
                switch self {
                case .temperature: CatchField.waterTempC.rawValue
                case .clarity: CatchField.waterClarityM.rawValue
                case .level: CatchField.waterLevelM.rawValue
                }
            guard let field = Field(rawValue: name) else { preconditionFailure("\(Field.self) has no field \(name)") }
            return field
        }
    }

    public var temperatureText = ""
    public var clarityText = ""
    public var levelText = ""
    public var trend: WaterTrend?

    /// An empty form.
    public init() {}

    /// The saved figures as the angler types them: two decimals at most, in their units.
    init(temperatureC: Double?, clarityM: Double?, levelM: Double?, trend: WaterTrend?, formatter: MeasureFormatter) {
        let imperial = formatter.preferences.system == .imperial
        func typed(_ value: Double?, _ convert: (Double) -> Double) -> String {
            value.map { formatter.number(imperial ? convert($0) : $0, digits: 2) } ?? ""
        }
        temperatureText = typed(temperatureC) { Conversion.fahrenheit(celsius: $0) }
        clarityText = typed(clarityM) { $0 / Conversion.metresPerFoot }
        levelText = typed(levelM) { $0 / Conversion.metresPerFoot }
        self.trend = trend
    }

    /// The figures in SI (an empty one nil), and those whose text is not a number.
    func read(_ parser: MeasureParser) -> (
        temperatureC: Double?, clarityM: Double?, levelM: Double?, unreadable: [Figure]
    ) {
        var unreadable: [Figure] = []
        func figure(_ figure: Figure, _ text: String, _ parse: (String) throws(MeasureParser.NotANumber) -> Double?)
            -> Double?
        {
            do {
                return try parse(text)
            } catch {
                unreadable.append(figure)
                return nil
            }
        }
        return (
            figure(.temperature, temperatureText, parser.celsius), figure(.clarity, clarityText, parser.metres),
            figure(.level, levelText, parser.metres), unreadable
        )
    }

    /// The text typed for a figure.
    func text(of figure: Figure) -> String {
        switch figure {
        case .temperature: temperatureText
        case .clarity: clarityText
        case .level: levelText
        }
    }

    /// The unit a figure is typed in, beside its field.
    static func unit(of figure: Figure, _ formatter: MeasureFormatter) -> String {
        formatter.unitName(figure == .temperature ? .temperature : .depth)
    }
}

/// The controls of one editor's water rows, each with its label and help (UI6).
public struct WaterControls: Sendable {
    public let temperature: Control
    public let clarity: Control
    public let level: Control
    public let trend: Control

    /// The controls named `<screen>.waterTemperature`, `.waterClarity`, `.waterLevel` and `.waterTrend`.
    init(screen: String) {
        temperature = Control("\(screen).waterTemperature", .field)
        clarity = Control("\(screen).waterClarity", .field)
        level = Control("\(screen).waterLevel", .field)
        trend = Control("\(screen).waterTrend", .picker)
    }

    public var all: [Control] { [temperature, clarity, level, trend] }

    /// The control of a figure.
    public func control(_ figure: WaterForm.Figure) -> Control {
        switch figure {
        case .temperature: temperature
        case .clarity: clarity
        case .level: level
        }
    }
}
