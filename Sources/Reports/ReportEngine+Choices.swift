import Foundation
import ReportOutput

extension ReportEngine {
    /// The years, spots and species the diary holds, for the builder's filters (issue 33 §4),
    /// asked of the diary with the report language itself: latest year first, names in order.
    public func recipeChoices() throws -> RecipeChoices {
        func keys(_ formula: String) throws -> [ReportValue] { try run(formula: formula).table.rows.map { $0[0] } }
        let years = try keys("count(trip) by year").compactMap { value -> Int? in
            if case .integer(let year) = value { Int(year) } else { nil }
        }
        func names(_ formula: String) throws -> [String] {
            Array(
                Set(
                    try keys(formula).compactMap { value -> String? in
                        if case .text(let name) = value { name } else { nil }
                    })
            ).sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        }
        return RecipeChoices(
            years: years.reversed(), spots: try names("count(spot) by spot"),
            species: try names("count(catch) by species"))
    }
}
