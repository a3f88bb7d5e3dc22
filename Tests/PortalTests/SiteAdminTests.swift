import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import SyncProtocol
import TestSupport
import Testing

@testable import PortalStore

/// The site's administration (issue 16 §1, §3; T5, T12): statistics and the downloads chart,
/// directories edited through forms and received by devices, and 403 for everyone else.
@Suite("Site: administration", .timeLimit(.minutes(3)))
struct SiteAdminTests {
    func admin(_ portal: PortalHarness) async throws -> SiteBrowser {
        try portal.store.accounts.signUp(email: "admin@example.org", password: "correct horse", isAdmin: true)
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("admin@example.org").status.code == 303)
        return browser
    }

    @Test(
        "Given an angler who is not an administrator, then every admin page and form answers 403",
        arguments: Backend.available)
    func anglersAreRefused(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        _ = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let anna = SiteBrowser(portal.client)
        #expect(try await anna.signIn("anna@example.org").status.code == 303)
        #expect(!(try await anna.get("/diary").text.contains("href=\"/admin\"")), "no link to what is refused")
        for target in [
            "/admin", "/admin/charts/downloads.svg", "/admin/directories/species", "/admin/errors",
            "/admin/errors/0123456789abcdef", "/admin/errors/0123456789abcdef/chart.svg",
            "/admin/directories/species/esox-lucius",
            "/admin/directories/species/esox-lucius/retire?replacement=perca-fluviatilis",
        ] {
            let page = try await anna.get(target)
            #expect(page.status.code == 403, "\(target)")
            #expect(page.text.contains("This page is for the portal&#39;s administrators."), "\(target)")
        }
        try await anna.get("/diary")
        let added = try await anna.post("/admin/directories/species", ["name": "Kraken", "latin": "Krakenus"])
        #expect(added.status.code == 403)
        #expect(try portal.store.directories.current().entries.contains { $0.nameEn == "Kraken" } == false)
        #expect(try await SiteBrowser(portal.client).get("/admin").status.code == 303, "a visitor signs in first")
    }

    @Test(
        "Given an administrator, when they add, rename and retire species through the forms, then a device receives every change at its next sync",
        arguments: Backend.available)
    func directoriesReachDevices(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let (_, _, fish) = try phone.logTrip(catches: 1, species: "esox-lucius")
        try await phone.synchronise()
        let admin = try await admin(portal)
        let before = try portal.store.directories.current().version
        let list = try await admin.get("/admin/directories/species")
        #expect(list.text.contains("Directory version <strong>\(before)</strong>"))

        let added = try await admin.post(
            "/admin/directories/species", ["name": "Testus fish", "nameRu": "Тестовая рыба", "latin": "Testus piscis"])
        #expect(added.headers["Location"] == "/admin/directories/species?done=added")
        let empty = try await admin.post("/admin/directories/species", ["name": " ", "latin": "x"])
        #expect(empty.status.code == 400 && empty.text.contains("name: must not be empty"))

        try await admin.get("/admin/directories/species/esox-lucius")
        let renamed = try await admin.post(
            "/admin/directories/species/esox-lucius", ["name": "Pike <edited>", "nameRu": "Щука"])
        #expect(renamed.headers["Location"] == "/admin/directories/species?done=renamed")
        #expect(try await admin.get("/admin/directories/species?done=renamed").text.contains("Pike &lt;edited&gt;"))
        try await phone.synchronise()
        #expect(try phone.diary.directoryEntry(.species, id: "esox-lucius")?.nameEn == "Pike <edited>")
        #expect(try phone.diary.directoryEntry(.species, id: "testus-piscis")?.nameRu == "Тестовая рыба")

        let confirm = try await admin.get("/admin/directories/species/esox-lucius/retire?replacement=testus-piscis")
        #expect(confirm.text.contains("Retire “Pike &lt;edited&gt;” and move every record using it to “Testus fish”?"))
        let bad = try await admin.get("/admin/directories/species/esox-lucius/retire?replacement=esox-lucius")
        #expect(bad.status.code == 400)
        let retired = try await admin.post(
            "/admin/directories/species/esox-lucius/retire", ["confirm": "yes", "replacement": "testus-piscis"])
        #expect(retired.headers["Location"] == "/admin/directories/species?done=retired")
        #expect(try portal.store.directories.current().version > before)
        try await phone.synchronise()
        #expect(try phone.diary.directoryEntry(.species, id: "esox-lucius")?.retired == true)
        #expect(try phone.diary.catches.list().first { $0.id == fish[0].id }?.speciesId == "testus-piscis")
    }

    @Test(
        "Given imported sales reports, then the overview counts users and draws downloads per day",
        arguments: Backend.available)
    func statistics(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        _ = try await portal.phoneAndTablet()
        let admin = try await admin(portal)
        let before = try await admin.get("/admin")
        #expect(before.text.contains("No sales reports imported yet"))
        try portal.store.licences.importSales(
            try SalesImportTests.report("sales_2026-06-01.txt") + SalesImportTests.report("sales_2026-06-02.txt.gz"))
        let overview = try await admin.get("/admin")
        #expect(overview.status.code == 200)
        #expect(overview.text.contains("<span>Accounts</span> <strong>2</strong>"))
        #expect(overview.text.contains("<span>App Store downloads</span> <strong>29</strong>"))
        #expect(overview.text.contains("<img src=\"/admin/charts/downloads.svg\""))
        let chart = try await admin.get("/admin/charts/downloads.svg")
        #expect(chart.headers["Content-Type"] == "image/svg+xml; charset=utf-8")
        #expect(chart.text.hasPrefix("<svg") || chart.text.hasPrefix("<?xml"))
        #expect(chart.text.contains("06-01") && chart.text.contains("06-02"))
        #expect(chart.headers["Content-Security-Policy"]?.contains("script") == false)
        let days = try portal.store.licences.dailyUnits(.download, days: 3)
        #expect(days.map(\.day) == ["2026-05-31", "2026-06-01", "2026-06-02"] && days[0].units == 0)
        #expect(days[1].units + days[2].units == 29)
    }
}
