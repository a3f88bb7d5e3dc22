import Foundation
import HTTPServer
import Synchronization

/// A local stand-in for the App Store Connect API's `GET /v1/salesReports` (T12 tests). It
/// answers the committed gzip report of 2026-06-02 for that day, a one-row report for any day in
/// `reportDays`, App Store Connect's 404 error document for other days, and 401 for the vendor
/// `"rejected"`; it keeps every request's query and `Authorization` header for the tests to check.
public final class AppStoreConnectFixtureServer: Sendable {
    public static let path = "/v1/salesReports"
    /// The app the generated reports count (the fixtures' app).
    public static let appleId = "6450001234"

    private let server: HTTPServer
    private let requests: Requests

    /// The requests received, shared with the route handler.
    private final class Requests: Sendable {
        let value = Mutex<[(query: [String: String], authorization: String?)]>([])
    }

    /// Starts on a free loopback port.
    public init(reportDays: Set<String> = []) throws {
        let requests = Requests()
        let gzipReport = try Data(contentsOf: Self.fixturesFolder.appendingPathComponent("sales_2026-06-02.txt.gz"))
        var router = Router()
        router.get(Self.path) { request, _ in
            var query: [String: String] = [:]
            for name in ["frequency", "reportDate", "reportSubType", "reportType", "vendorNumber", "version"] {
                query[name] = try request.queryValue("filter[\(name)]")
            }
            requests.value.withLock { $0.append((query, request.headers["Authorization"])) }
            if query["vendorNumber"] == "rejected" {
                return Self.error(401, "Provide a properly configured and signed bearer token.")
            }
            switch query["reportDate"] {
            case "2026-06-02":
                return HTTPResponse(headers: ["Content-Type": "application/a-gzip"], body: .bytes(gzipReport))
            case let day? where reportDays.contains(day):
                return HTTPResponse(
                    headers: ["Content-Type": "text/tab-separated-values"], body: .bytes(Self.oneRowReport(day)))
            default:
                return Self.error(404, "There were no sales for the date specified.")
            }
        }
        self.requests = requests
        server = try HTTPServer.start(HTTPApplication(router: router), configuration: .init(port: 0))
    }

    /// `http://127.0.0.1:PORT`, for `--api-url` or ``SalesReportFetcher``'s base URL.
    public var origin: String { "http://127.0.0.1:\(server.port)" }

    /// Each request's `filter[…]` values (without the brackets) and `Authorization` header.
    public var received: [(query: [String: String], authorization: String?)] { requests.value.withLock { $0 } }

    public func stop() async { await server.stop(gracePeriod: .seconds(1)) }

    /// A report with one row: three first downloads in the US on `day` (`YYYY-MM-DD`).
    static func oneRowReport(_ day: String) -> Data {
        let parts = day.split(separator: "-")
        let appleDate = "\(parts[1])/\(parts[2])/\(parts[0])"
        let header = String(
            try! String(contentsOf: fixturesFolder.appendingPathComponent("sales_2026-06-01.txt"), encoding: .utf8)
                .split(separator: "\n")[0])
        let columns = header.split(separator: "\t").map(String.init)
        let values: [String: String] = [
            "Product Type Identifier": "1F", "Units": "3", "Begin Date": appleDate, "End Date": appleDate,
            "Country Code": "US", "Apple Identifier": appleId,
        ]
        let row = columns.map { values[$0] ?? "" }.joined(separator: "\t")
        return Data("\(header)\n\(row)\n".utf8)
    }

    private static func error(_ status: Int, _ detail: String) -> HTTPResponse {
        let body = #"{"errors":[{"status":"\#(status)","code":"ERROR","title":"Error","detail":"\#(detail)"}]}"#
        return HTTPResponse(
            status: HTTPStatus(code: status), headers: ["Content-Type": "application/json"],
            body: .bytes(Data(body.utf8)))
    }

    /// The App Store report fixtures, shared with their own tests.
    public static let fixturesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppStoreReportsTests/Fixtures")
}
