import ReportOutput

extension ReportRecipe {
    /// Reads a formula back into the builder's choices (issue 33 §4), or nil when the formula
    /// says more than the builder can show (a calculation of its own, another condition, `order
    /// asc`): then the formula stays the angler's to edit by hand. Every recipe's own formula,
    /// and every built-in report, reads back.
    public init?(formula: String) {
        guard let parsed = try? Parser.parse(formula), (1...2).contains(parsed.values.count) else { return nil }
        let measures = parsed.values.map { value in Measure.allCases.first { $0.rendered == value.rendered } }
        guard let measure = measures[0], !measures.contains(where: { $0 == nil }) else { return nil }
        let dimensions = parsed.groups.map { group -> Dimension? in
            guard case .field(nil, let name, _) = group else { return nil }
            return Dimension(field: name)
        }
        guard !dimensions.contains(where: { $0 == nil }) else { return nil }
        self.init(
            measure: measure, also: measures.count > 1 ? measures[1] : nil, dimension: dimensions.first ?? nil,
            thenBy: dimensions.count > 1 ? dimensions[1] : nil)
        for condition in parsed.filter.map(Compiler.conjuncts) ?? [] {
            guard read(condition) else { return nil }
        }
        switch parsed.order {
        case .ascending?: return nil
        case .descending?: largestFirst = true
        case nil: break
        }
        top = parsed.top
        years.sort()
        guard fitted == self else { return nil }
    }

    /// Takes one condition of the builder's kinds; false for any other.
    private mutating func read(_ condition: Expression) -> Bool {
        switch condition {
        case .binary("=", .field(nil, "year", _), .number(let year, _), _) where years.isEmpty:
            guard let year = Self.year(year) else { return false }
            years = [year]
        case .inList(.field(nil, "year", _), let items, negated: false, _) where years.isEmpty:
            for item in items {
                guard case .number(let value, _) = item, let year = Self.year(value) else { return false }
                years.append(year)
            }
        case .binary("=", .field(nil, "spot", _), .text(let name, _), _) where spot == nil: spot = name
        case .binary("=", .field(nil, "species", _), .text(let name, _), _) where species == nil: species = name
        case .binary("=", .field(nil, "released", _), .boolean(let value, _), _) where released == nil:
            released = value
        default: return false
        }
        return true
    }

    private static func year(_ value: Double) -> Int? {
        value == value.rounded() && (1...9999).contains(value) ? Int(value) : nil
    }
}

extension ReportRecipe.Measure {
    /// The value's expression as the language renders it, so spacing never matters.
    fileprivate var rendered: String? {
        (try? Parser.parse(formula))?.values.first?.rendered
    }
}
