import FishingModel
import Foundation
import Reports
import Testing

@testable import Site

/// The site's rendering rules (issue 16 §2–§3) without a server: escaping by construction, the
/// language a request gets, Russian plurals, numbers and times.
@Suite("Site rendering: escaping, languages, plurals, formats")
struct SiteRenderingTests {
    @Test("Given hostile text interpolated into markup, then it is escaped; markup built by the rules is kept")
    func escaping() {
        let hostile = "<script>alert('x')</script> & \"quoted\""
        let fragment: HTML = "<p title=\"\(hostile)\">\(hostile)</p>"
        let escaped = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;"
        #expect(fragment.description == "<p title=\"\(escaped)\">\(escaped)</p>")
        let nested: HTML = "<div>\(fragment)\([fragment, fragment])\(Optional<HTML>.none)</div>"
        #expect(nested.description == "<div>" + String(repeating: fragment.description, count: 3) + "</div>")
        let number: HTML = "<td>\(42)</td>"
        #expect(number.description == "<td>42</td>")
    }

    @Test(
        "Given a choice, a cookie or Accept-Language, then the site picks the language in that order, by quality",
        arguments: [
            (nil, nil, "ru-RU,ru;q=0.9,en;q=0.8", SiteLanguage.ru),
            (nil, nil, "de-DE, en;q=0.5, ru;q=0.7", .ru),
            (nil, nil, "ru;q=0, en-GB", .en),
            (nil, nil, "fr, de", .en),
            (nil, nil, nil, .en),
            (nil, "ru", "en", .ru),
            ("en", "ru", "ru", .en),
            ("xx", "ru", "en", .ru),
            (nil, nil, String(repeating: "x;q=1,", count: 10_000) + "ru", .en),
        ] as [(String?, String?, String?, SiteLanguage)])
    func languages(choice: String?, cookie: String?, header: String?, expected: SiteLanguage) {
        #expect(SiteLanguage.negotiate(choice: choice, cookie: cookie, acceptLanguage: header) == expected)
    }

    @Test("Given counts, then Russian takes the right plural form")
    func russianPlurals() {
        let forms = [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map { SiteText.tripCount($0, .ru) }
        #expect(
            forms == [
                "1 поездка", "2 поездки", "4 поездки", "5 поездок", "11 поездок", "12 поездок", "14 поездок",
                "21 поездка", "22 поездки", "25 поездок", "101 поездка", "111 поездок",
            ])
        #expect(SiteText.tripCount(1, .en) == "1 trip" && SiteText.fishCount(3, .en) == "3 fish")
    }

    @Test("Given measures and times, then they read in the language and on the angler's clock")
    func formats() {
        #expect(SiteFormat.number(2.400, digits: 3, .en) == "2.4")
        #expect(SiteFormat.number(2.45, digits: 3, .ru) == "2,45")
        #expect(SiteFormat.number(1012.4, digits: 0, .en) == "1012")
        let instant = Date(timeIntervalSince1970: 1_780_277_400)  // 2026-06-01T01:30:00Z
        #expect(SiteFormat.dateTime(instant, offset: 10_800) == "2026-06-01 04:30")
        #expect(SiteFormat.machine(instant, offset: -12_600) == "2026-05-31T22:00-03:30")
        #expect(SiteFormat.time(instant, offset: 0) == "01:30")
        #expect(SiteFormat.dateTime(Date(timeIntervalSince1970: .nan), offset: 0) == "1970-01-01 00:00")
        #expect(
            SiteFormat.dateTime(Date(timeIntervalSince1970: 1e300), offset: .max).hasSuffix(" 17:46"),
            "read at its bounds")
    }

    @Test(
        "Given 20 000 instants from 1600 to 9999 on clocks up to 14 hours either side, then the date and time agree with Foundation's Gregorian calendar"
    )
    func clockReadingsAgreeWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let seconds = Double(Int64.random(in: -11_676_096_000...253_402_300_799, using: &generator))
            let offset = Int.random(in: -50_400...50_400, using: &generator)
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute], from: date.addingTimeInterval(TimeInterval(offset)))
            let reading = ClockReading(date, offset: offset)
            let weekday = calendar.component(.weekday, from: date.addingTimeInterval(TimeInterval(offset)))
            #expect(
                [reading.year, reading.month, reading.day, reading.hour, reading.minute, reading.weekday]
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute].map { $0 ?? -1 }
                    + [(weekday + 5) % 7],
                "\(seconds) \(offset)")
        }
    }

    @Test("Given a page, then it links by the route table and every form control has its help")
    func pagesUseTheRouteTable() {
        #expect(
            SitePage.trip.target(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000AB")!)
                == "/diary/trips/00000000-0000-0000-0000-0000000000ab")
        #expect(
            SitePage.diary.target(query: [
                URLQueryItem(name: "q", value: "a&b c"), URLQueryItem(name: "year", value: nil),
            ]) == "/diary?q=a%26b%20c")
        let context = SiteContext(language: .en, visitor: nil, formToken: "t", path: "/signin")
        let page = AccountPages.signIn(context, next: "/diary", problem: nil).description
        for control in ["email", "password"] {
            #expect(
                page.contains("aria-describedby=\"\(control)-help\"") && page.contains("<p id=\"\(control)-help\">"))
        }
        #expect(page.contains("name=\"csrf\" value=\"t\""))
    }

    @Test(
        "Given the app's String Catalog, then the site's copy of the report messages and the builder's words is the same (tools/catalog.py site)"
    )
    func reportMessagesMatchTheApp() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let catalog = try JSONSerialization.jsonObject(
            with: Data(contentsOf: root.appendingPathComponent("Sources/AppFeatures/Resources/Localizable.xcstrings")))
        let strings = try #require((catalog as? [String: Any])?["strings"] as? [String: [String: Any]])
        let copy = try JSONDecoder().decode(
            [String: [String: String]].self,
            from: Data(contentsOf: root.appendingPathComponent("Sources/Site/Resources/report-messages.json")))
        let keys = strings.keys.filter { $0.hasPrefix("report.") || $0.hasPrefix("recipe.") }
        #expect(Set(keys).isSubset(of: copy.keys), "run tools/catalog.py site")
        for key in copy.keys {
            let localizations = strings[key]?["localizations"] as? [String: [String: [String: String]]]
            for language in ["en", "ru"] {
                #expect(localizations?[language]?["stringUnit"]?["value"] == copy[key]?[language], "\(key) \(language)")
            }
        }
        let error = ReportError(.unknownField, ["name": "wieght"], at: 4)
        #expect(ReportPages.message(error, .en).hasPrefix("Character 5: "))
        let named =
            ReportRecipe.Measure.allCases.map(\.textKey) + ReportRecipe.Dimension.allCases.map(\.textKey)
            + ["measure", "also", "dimension", "thenBy", "year", "spot", "species", "released", "largestFirst", "top"]
            .flatMap { ["label.reports.\($0)", "help.reports.\($0)"] }
        #expect(named.filter { copy[$0] == nil }.isEmpty, "every choice the builder names has its words")
        #expect(
            ReportBuilderForm.title(ReportRecipe(measure: .heaviest, dimension: .spot, thenBy: .year), .en)
                == "Heaviest fish by spot and year")
    }
}
