import AppStoreReports
import Foundation
import PortalStore

/// `admin import-sales` and `admin fetch-sales`: the App Store Connect Sales Summary reports
/// the portal counts the app's downloads from (T12; docs/portal.md "Counting downloads").
extension PortalCommandLine {
    /// Imports report files. A day of an app found in several of them (a report and its
    /// correction) is taken from the last, as importing them one after the other would.
    func importSales(files: [String], store: PortalStore) throws {
        guard !files.isEmpty else { throw Failure(exitCode: 2, description: "import-sales needs REPORT files") }
        var units: [[String]: [SalesUnits]] = [:]
        for path in files {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw Failure(exitCode: 3, description: "\(path): cannot be read")
            }
            do {
                units.merge(try dailyUnits(in: data)) { _, later in later }
            } catch {
                throw Failure(exitCode: 1, description: "\(path): \(error) (nothing was imported)")
            }
        }
        report(try store.licences.importSales(units.values.flatMap { $0 }), fetched: nil)
    }

    /// Fetches the daily reports of the last `--days` days (7 unless said otherwise; yesterday
    /// is the newest App Store Connect publishes) with an API key, and imports them. Meant for
    /// a daily cron job; days fetched again replace themselves.
    func fetchSales(store: PortalStore) async throws {
        guard let vendor = options["vendor"], let issuer = options["issuer"], let keyId = options["key-id"],
            let keyFile = options["key-file"]
        else {
            throw Failure(exitCode: 2, description: "fetch-sales needs --vendor, --issuer, --key-id and --key-file")
        }
        guard let days = Int(options["days"] ?? "7"), (1...365).contains(days) else {
            throw Failure(exitCode: 2, description: "--days must be 1–365")
        }
        guard let pem = try? String(contentsOfFile: keyFile, encoding: .utf8) else {
            throw Failure(exitCode: 3, description: "\(keyFile): cannot be read")
        }
        var baseURL = SalesReportFetcher.defaultBaseURL
        if let text = options["api-url"] {
            guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                throw Failure(exitCode: 2, description: "--api-url \"\(text)\" is not an http(s) URL")
            }
            baseURL = url
        }
        let fetcher: SalesReportFetcher
        do {
            fetcher = SalesReportFetcher(
                key: try AppStoreConnectKey(issuerId: issuer, keyId: keyId, privateKeyPEM: pem), vendorNumber: vendor,
                baseURL: baseURL)
        } catch {
            throw Failure(exitCode: 1, description: "\(keyFile): \(error)")
        }
        var units: [[String]: [SalesUnits]] = [:]
        var fetched = 0
        let today = Date()
        for back in 1...days {
            let day = LicenceStore.utcDay(today.addingTimeInterval(-Double(back) * 86_400))
            do {
                guard let data = try await fetcher.report(day: day) else { continue }
                units.merge(try dailyUnits(in: data)) { _, later in later }
                fetched += 1
            } catch {
                throw Failure(exitCode: 4, description: "\(day): \(error) (nothing was imported)")
            }
        }
        if fetched == 0 {
            print("no report for any of the last \(days) day(s): no sales, or check --vendor and --api-url")
        }
        report(try store.licences.importSales(units.values.flatMap { $0 }), fetched: (fetched, days))
    }

    /// A report's units (of `--app` alone when given), by day and app.
    private func dailyUnits(in data: Data) throws -> [[String]: [SalesUnits]] {
        let rows = try SalesReport.parse(data).filter { options["app"] == nil || $0.appleId == options["app"] }
        return Dictionary(grouping: rows) { [$0.day, $0.appleId] }
    }

    private func report(_ imported: SalesImport, fetched: (reports: Int, days: Int)?) {
        if let fetched {
            print("fetched \(fetched.reports) report(s) for the last \(fetched.days) day(s)")
        }
        print(
            "imported \(imported.days) day(s): \(imported.downloads) downloads, \(imported.redownloads) redownloads, \(imported.updates) updates"
        )
    }

}
