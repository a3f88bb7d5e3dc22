extension ReportRecipe.Measure {
    /// The catalogue key of the measure's name: "Fish caught", "Heaviest fish".
    public var textKey: String { "recipe.measure.\(rawValue)" }
}

extension ReportRecipe.Dimension {
    /// The catalogue key of the dimension's name as it follows "by": "species", "hour of day".
    public var textKey: String { "recipe.dimension.\(rawValue)" }

    /// The catalogue key of the dimension's name over its column: "Species", "Hour of day".
    public var columnKey: String { "recipe.column.\(rawValue)" }
}

extension ReportRecipe {
    /// The report's suggested name — "Fish caught by species", "Trips by spot and year",
    /// "Heaviest fish in total" — worded by `text`, the app's or the site's lookup of the
    /// catalogue's `recipe.*` texts, `{measure}`, `{dimension}` and `{then}` filled in.
    public func title(_ text: (_ key: String, _ values: [String: String]) -> String) -> String {
        let recipe = fitted
        let measure = text(recipe.measure.textKey, [:])
        guard let dimension = recipe.dimension.map({ text($0.textKey, [:]) }) else {
            return text("recipe.titleTotal", ["measure": measure])
        }
        guard let then = recipe.thenBy.map({ text($0.textKey, [:]) }) else {
            return text("recipe.title", ["measure": measure, "dimension": dimension])
        }
        return text("recipe.titleThen", ["measure": measure, "dimension": dimension, "then": then])
    }

    /// The result's column titles: each grouping's, then each value's ("Species", "Heaviest
    /// fish", "Longest fish"), worded by `text`.
    public func columnTitles(_ text: (_ key: String, _ values: [String: String]) -> String) -> [String] {
        let recipe = fitted
        return [recipe.dimension, recipe.thenBy].compactMap { $0.map { text($0.columnKey, [:]) } }
            + ([recipe.measure] + (recipe.also.map { [$0] } ?? [])).map { text($0.textKey, [:]) }
    }
}
