import FishingModel
import SyncProtocol
import Testing

@testable import Reports

@Suite("Report fields and record columns")
struct FieldCatalogColumnsTests {
    @Test(
        "Given every field of the report language, when its SQL names a record's column, then the kind's definition has it"
    )
    func fieldsNameDefinedColumns() {
        let columns: [String: Set<String>] = [
            "c": Set(Catch.columns.names), "t": Set(Trip.columns.names), "s": Set(Spot.columns.names),
        ]
        var checked = 0
        for field in FieldCatalog.all {
            let sql = [field.sql, field.groupSQL, field.sortSQL].compactMap { $0 }.joined(separator: " ")
            for match in sql.matches(of: /\b([cts])\.([a-z_]+)\b/) {
                let (alias, column) = (String(match.1), String(match.2))
                #expect(
                    columns[alias]?.contains(column) == true,
                    "\(field.entity.name).\(field.name) reads \(alias).\(column)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }
}
