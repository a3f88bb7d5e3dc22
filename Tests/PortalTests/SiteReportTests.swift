import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import PortalStore
import SyncProtocol
import TestSupport
import Testing

/// The site's reports (issue 16 §1; T18): the app's engine on a copy of the visitor's diary kept
/// up to date by pulling, the chart, the table and the CSV, and a formula's problem in the app's
/// words and the visitor's language.
@Suite("Site: reports", .timeLimit(.minutes(3)))
struct SiteReportTests {
    @Test(
        "Given synced catches, then a built-in report and a formula count them, the chart and the CSV carry the same numbers, and later syncs show up",
        arguments: Backend.available)
    func reportsFollowTheDiary(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        try phone.logTrip(catches: 3, species: "esox-lucius")
        let (_, _, perch) = try phone.logTrip(catches: 2, species: "perca-fluviatilis")
        try await phone.synchronise()
        let boris = try await portal.device("boris", email: "boris@example.org", signUp: true)
        try boris.logTrip(catches: 7, species: "esox-lucius")
        try await boris.synchronise()
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)

        let list = try await browser.get("/reports")
        #expect(list.status.code == 200 && list.text.contains("href=\"/reports?report=catches-by-species\""))
        let builtIn = try await browser.get("/reports?report=catches-by-species")
        #expect(builtIn.status.code == 200, "\(builtIn.text.suffix(500))")
        #expect(builtIn.text.contains("<td>Northern pike</td><td>3</td>"), "Boris's seven pike are not Anna's")
        #expect(builtIn.text.contains("<td>European perch</td><td>2</td>"))
        #expect(builtIn.text.contains("<img src=\"/reports/chart.svg?report=catches-by-species\""))

        let formula = "count(catch) by species"
        let query = "formula=\(SiteBrowser.encode(formula))&chart=pie"
        let chart = try await browser.get("/reports/chart.svg?\(query)")
        #expect(chart.headers["Content-Type"] == "image/svg+xml; charset=utf-8")
        #expect(chart.text.contains("Northern pike") && chart.text.contains("European perch"))
        let csv = try await browser.get("/reports/data.csv?\(query)")
        #expect(csv.headers["Content-Disposition"] == "attachment; filename=\"report.csv\"")
        #expect(csv.text.contains("esox-lucius,3") || csv.text.contains("Northern pike,3"), "\(csv.text)")

        try phone.diary.trash.put(.catch, perch[0].id)
        try phone.logTrip(catches: 4, species: "esox-lucius")
        try await phone.synchronise()
        let later = try await browser.get("/reports?formula=\(SiteBrowser.encode(formula))")
        #expect(
            later.text.contains("<td>Northern pike</td><td>7</td>")
                && later.text.contains("<td>European perch</td><td>1</td>"))
        #expect(try await SiteBrowser(portal.client).get("/reports/data.csv?\(query)").status.code == 303)
    }

    @Test(
        "Given a formula with a mistake, then the page points at it in the app's words, in English or Russian",
        arguments: Backend.available)
    func formulaProblems(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        _ = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)
        let wrong = "sum(catch.wieght) by species"
        let english = try await browser.get("/reports?formula=\(SiteBrowser.encode(wrong))")
        #expect(english.status.code == 400)
        #expect(english.text.contains("Character 5: catch has no field `wieght`; its fields: weight_kg"))
        #expect(english.text.contains("<pre class=\"pointer\" aria-hidden=\"true\">\(wrong)\n    ^</pre>"))
        let russian = try await browser.get("/reports?formula=\(SiteBrowser.encode(wrong))&lang=ru")
        #expect(russian.text.contains("Символ 5: ") && russian.text.contains("`wieght`"))
        #expect(!russian.text.contains("has no field"), "in the app's Russian words")
        let hostile = try await browser.get(
            "/reports?formula=\(SiteBrowser.encode("count(catch) where notes = '<script>'"))")
        #expect(!hostile.text.contains("<script>"))
        for bad in [
            "chart=radar&formula=count(catch)", "report=nothing", "formula=\(String(repeating: "x", count: 1_001))",
        ] {
            #expect(try await browser.get("/reports?\(bad)").status.code >= 400, "\(bad)")
        }
        #expect(try await browser.get("/reports/chart.svg?formula=\(SiteBrowser.encode(wrong))").status.code == 400)
    }

    @Test(
        "Given reports saved in the app, when the angler opens the reports page, then they are listed, run with their name and chart, as chart and CSV too; another account's or a malformed id is refused",
        arguments: Backend.available)
    func savedReports(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)
        let none = try await browser.get("/reports")
        #expect(none.text.contains("Reports you save in the app appear here after it syncs."))

        try phone.logTrip(catches: 3, species: "esox-lucius")
        let report = try phone.diary.saveReport(
            title: "Fish <b>by</b> species", formula: "count(catch) by species", chart: "pie")
        try await phone.synchronise()
        let id = report.id.uuidString.lowercased()
        let list = try await browser.get("/reports")
        #expect(list.text.contains("href=\"/reports?saved=\(id)\">Fish &lt;b&gt;by&lt;/b&gt; species</a>"))
        let run = try await browser.get("/reports?saved=\(id)")
        #expect(run.status.code == 200, "\(run.text.suffix(400))")
        #expect(run.text.contains("aria-current=\"page\">Fish &lt;b&gt;by&lt;/b&gt; species"))
        #expect(run.text.contains("<h2>Fish &lt;b&gt;by&lt;/b&gt; species</h2>"))
        #expect(run.text.contains("<td>Northern pike</td><td>3</td>"))
        #expect(run.text.contains("value=\"count(catch) by species\""), "the formula box holds its formula")
        #expect(run.text.contains("<img src=\"/reports/chart.svg?saved=\(id)\""))
        let chart = try await browser.get("/reports/chart.svg?saved=\(id)")
        #expect(chart.status.code == 200 && chart.text.contains("Fish &lt;b&gt;by&lt;/b&gt; species"))
        #expect(try await browser.get("/reports/data.csv?saved=\(id)").text.contains("3"))

        let boris = try await portal.device("boris", email: "boris@example.org", signUp: true)
        let his = try boris.diary.saveReport(title: "Boris's", formula: "count(trip)", chart: "bar")
        try await boris.synchronise()
        let theirs = try await browser.get("/reports?saved=\(his.id.uuidString.lowercased())")
        #expect(theirs.status.code == 404 && !theirs.text.contains("Boris"))
        #expect(try await browser.get("/reports/chart.svg?saved=\(his.id.uuidString.lowercased())").status.code == 404)
        #expect(try await browser.get("/reports?saved=not-an-id").status.code == 400)

        // A hostile device of Anna's pushes reports the app would never save: the page still
        // works and offers only what the diary's rules take.
        let account = try #require(try phone.diary.sync.account()).accountId
        let hostile = [
            ["title": FieldValue.text(String(repeating: "Ж", count: 5_000)), "chart": .text("bar")],
            ["title": .text("Radar"), "chart": .text("radar")], ["title": .integer(-1), "chart": .real(1e308)],
        ].enumerated().map { index, fields in
            let id = UUID()
            var all = fields
            all["id"] = .text(id.uuidString.lowercased())
            all["formula"] = .text("count(catch)")
            all["created_at"] = .integer(Int64.min)
            all["updated_at"] = .integer(Int64.max)
            return RecordMutation(
                mutationId: 9_000 + Int64(index), kind: .report, id: id, operation: .upsert, modifiedAt: 1,
                baseSeq: 0, fields: all)
        }
        _ = try portal.store.records.push(hostile, account: account, device: try phone.diary.replicaId())
        let afterHostile = try await browser.get("/reports")
        #expect(afterHostile.status.code == 200)
        #expect(afterHostile.text.components(separatedBy: "href=\"/reports?saved=").count == 2, "only the real one")
        #expect(!afterHostile.text.contains("ЖЖЖ") && !afterHostile.text.contains("Radar"))

        try phone.diary.trash.put(.report, report.id)
        try await phone.synchronise()
        #expect(
            try await browser.get("/reports?saved=\(id)").status.code == 404, "a report in the Trash is not offered")
    }

    @Test(
        "Given the builder's choices, when shown, then the page writes the formula, names the report, keeps the choices and links the chart and CSV to them; a trip measure leaves out catch choices, saying so; bad choices are refused naming them",
        arguments: Backend.available)
    func builder(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        try phone.logTrip(catches: 3, species: "esox-lucius")
        try phone.logTrip(catches: 2, species: "perca-fluviatilis")
        try await phone.synchronise()
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)

        let empty = try await browser.get("/reports")
        #expect(empty.text.contains("<option value=\"fish\" selected>Fish caught</option>"), "a fresh start")
        #expect(empty.text.contains("<option value=\"Northern pike\">Northern pike</option>"), "the diary's species")

        let built = try await browser.get("/reports?measure=fish&by=species&order=desc&top=3")
        #expect(built.status.code == 200, "\(built.text.suffix(400))")
        #expect(built.text.contains("<h2>Fish caught by species</h2>"))
        #expect(built.text.contains("<td>Northern pike</td><td>3</td>"))
        #expect(built.text.contains("value=\"sum(catch.count) by species order desc top 3\""), "the formula is shown")
        #expect(built.text.contains("<option value=\"3\" selected>Top 3</option>"))
        #expect(built.text.contains("name=\"order\" value=\"desc\" checked"))
        #expect(
            built.text.contains("<img src=\"/reports/chart.svg?measure=fish&amp;by=species&amp;order=desc&amp;top=3\""))
        let csv = try await browser.get("/reports/data.csv?measure=fish&by=species&order=desc&top=3")
        #expect(csv.text.contains("Northern pike,3"), "\(csv.text)")

        let russian = try await browser.get("/reports?measure=trips&by=species&species=Northern%20pike&lang=ru")
        #expect(russian.status.code == 200)
        #expect(russian.text.contains("<h2>Рыбалки: всего</h2>"), "species and by species are dropped")
        #expect(russian.text.contains("«Рыбалки» считает каждую рыбалку один раз"))
        #expect(russian.text.contains("value=\"count(trip)\""))

        let byBuiltIn = try await browser.get("/reports?report=personal-bests")
        #expect(byBuiltIn.text.contains("<option value=\"heaviest\" selected>"), "a built-in is a starting point")
        let handWritten = try await browser.get(
            "/reports?formula=\(SiteBrowser.encode("count(catch) where year > 2000"))&lang=en")
        #expect(handWritten.text.contains("The formula below says more than these choices can show"))

        let hostile = try await browser.get("/reports?measure=fish&spot=\(SiteBrowser.encode("<script>'"))")
        #expect(hostile.status.code == 200 && !hostile.text.contains("<script>"))
        for (bad, field) in [
            ("measure=weight", "measure"), ("measure=fish&by=colour", "by"), ("measure=fish&top=7", "top"),
            ("measure=fish&released=maybe", "released"), ("measure=fish&year=2026,x", "year"),
            ("measure=fish&year=" + Array(repeating: "2026", count: 21).joined(separator: ","), "year"),
            ("measure=fish&spot=" + String(repeating: "a", count: 121), "spot"),
        ] {
            let answer = try await browser.get("/reports?\(bad)")
            #expect(answer.status.code == 400, "\(bad)")
            #expect(
                answer.text.contains("\(field) &quot;") && answer.text.contains("must be"), "\(answer.text.suffix(600))"
            )
        }
    }
}
