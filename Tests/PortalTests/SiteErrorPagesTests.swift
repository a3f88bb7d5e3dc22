import Diagnostics
import Foundation
import HTTPServer
import PortalStore
import TestSupport
import Testing

/// The site's error pages (T6, issue 18) for administrators: the list sorted by count or
/// recency and filtered by status, a group with its breakdowns, chart and breadcrumbs — a
/// device's words shown as text, never markup — and resolving with a fix version from a form.
@Suite("Site: error reports", .timeLimit(.minutes(3)))
struct SiteErrorPagesTests {
    static func upload(code: String, occurrences: Int, message: String, at time: Date) -> DiagnosticsUpload {
        let device = DeviceDescription(
            appVersion: "1.0", build: "7", os: "iOS", osVersion: "18.1", model: "iPhone15,2", schemaVersion: 13)
        let report = ErrorReport(
            kind: .error,
            identity: ErrorIdentity(
                type: "MediaLibrary.MediaStoreError", code: code, site: "CLI.swift report", operation: "media export"),
            occurrences: occurrences, firstSeen: time, device: device,
            breadcrumbs: [Breadcrumb(time: time, level: .info, category: "media", message: message)])
        return DiagnosticsUpload(installation: UUID(), device: device, reports: [report])
    }

    @Test(
        "Given two problems, then the admin lists them by count or recency, opens one with its chart and breadcrumbs escaped, and resolves it with a version",
        arguments: Backend.available)
    func pages(backend: Backend) async throws {
        let portal = try PortalHarness(backend, clock: TestClock(Date()))
        let hostile = "<script>alert(1)</script>"
        let often = Self.upload(
            code: "contentDamaged", occurrences: 5, message: hostile, at: Date().addingTimeInterval(-7_200))
        let lately = Self.upload(code: "io", occurrences: 1, message: "exporting", at: Date())
        for upload in [often, lately] {
            #expect(try await portal.client.send(.post, "/v1/diagnostics", json: upload).status.code == 200)
        }
        try portal.store.accounts.signUp(email: "admin@example.org", password: "correct horse", isAdmin: true)
        let admin = SiteBrowser(portal.client)
        #expect(try await admin.signIn("admin@example.org").status.code == 303)
        #expect(try await admin.get("/admin").text.contains("href=\"/admin/errors\""))

        func titles(_ target: String) async throws -> [String] {
            let text = try await admin.get(target).text
            return ["MediaStoreError.contentDamaged", "MediaStoreError.io"].sorted {
                (text.range(of: $0)?.lowerBound ?? text.endIndex) < (text.range(of: $1)?.lowerBound ?? text.endIndex)
            }
        }
        #expect(try await titles("/admin/errors") == ["MediaStoreError.contentDamaged", "MediaStoreError.io"])
        #expect(
            try await titles("/admin/errors?sort=recent") == ["MediaStoreError.io", "MediaStoreError.contentDamaged"])

        let fingerprint = often.reports[0].fingerprint
        let page = try await admin.get("/admin/errors/\(fingerprint)")
        #expect(page.status.code == 200)
        #expect(!page.text.contains("<script") && page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.text.contains("iPhone15,2") && page.text.contains("media export"))
        let chart = try await admin.get("/admin/errors/\(fingerprint)/chart.svg")
        #expect(chart.status.code == 200 && chart.headers["Content-Type"]?.hasPrefix("image/svg+xml") == true)
        #expect(chart.text.contains(">5<") || chart.text.contains("5"))

        let bad = try await admin.post("/admin/errors/\(fingerprint)", ["status": "resolved", "version": "soon"])
        #expect(bad.status.code == 400 && bad.text.contains("must be numbers separated by dots"))
        let resolved = try await admin.post("/admin/errors/\(fingerprint)", ["status": "resolved", "version": "1.1"])
        #expect(resolved.status.code == 303)
        #expect(try portal.store.diagnostics.errorGroup(fingerprint)?.resolvedIn == "1.1")
        #expect(try await admin.get("/admin/errors?status=resolved").text.contains("MediaStoreError.contentDamaged"))
        #expect(!(try await admin.get("/admin/errors?status=new").text.contains("MediaStoreError.contentDamaged")))
        #expect(try await admin.post("/admin/errors/0123456789abcdef", ["status": "acknowledged"]).status.code == 404)
    }
}
