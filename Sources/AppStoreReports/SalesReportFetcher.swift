import Foundation
import NetworkFetch

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a sales report could not be fetched.
public enum SalesReportFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    case key(AppStoreConnectKeyError)
    case unreachable(String)
    case refused(status: Int, detail: String)

    public var description: String {
        switch self {
        case .key(let error): error.description
        case .unreachable(let reason): "App Store Connect could not be reached: \(reason)"
        case .refused(let status, let detail): "App Store Connect answered \(status): \(detail)"
        }
    }
}

/// Fetches daily Sales Summary reports from the App Store Connect API (T12), the reports
/// ``SalesReport`` reads: `GET /v1/salesReports` with an ES256 token of an API key with the
/// Sales role. A day without sales, or not published yet, has no report.
public struct SalesReportFetcher: Sendable {
    public static let defaultBaseURL = URL(string: "https://api.appstoreconnect.apple.com")!

    public let key: AppStoreConnectKey
    /// The vendor number App Store Connect shows under Payments and Financial Reports.
    public let vendorNumber: String
    public let baseURL: URL
    let session: URLSession
    let clock: @Sendable () -> Date

    public init(
        key: AppStoreConnectKey, vendorNumber: String, baseURL: URL = Self.defaultBaseURL,
        timeout: TimeInterval = 30, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.key = key
        self.vendorNumber = vendorNumber
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
        self.clock = clock
    }

    /// The report of one day (`YYYY-MM-DD`) as App Store Connect sends it (gzip), or nil when
    /// there is none for that day.
    public func report(day: String) async throws(SalesReportFetchError) -> Data? {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("v1/salesReports"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "filter[frequency]", value: "DAILY"),
            URLQueryItem(name: "filter[reportDate]", value: day),
            URLQueryItem(name: "filter[reportSubType]", value: "SUMMARY"),
            URLQueryItem(name: "filter[reportType]", value: "SALES"),
            URLQueryItem(name: "filter[vendorNumber]", value: vendorNumber),
            URLQueryItem(name: "filter[version]", value: "1_0"),
        ]
        components.percentEncodedQuery = components.percentEncodedQuery?
            .replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
        var request = URLRequest(url: components.url!)
        do {
            request.setValue("Bearer \(try key.token(now: clock()))", forHTTPHeaderField: "Authorization")
        } catch {
            throw .key(error)
        }
        request.setValue("application/a-gzip", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.fetch(request)
        } catch {
            throw .unreachable(error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        switch status {
        case 200: return data
        case 404: return nil
        default: throw .refused(status: status, detail: Self.detail(in: data))
        }
    }

    /// The `detail` of App Store Connect's error document, or the start of the body.
    static func detail(in body: Data) -> String {
        struct Errors: Decodable {
            struct Item: Decodable { let detail: String? }
            let errors: [Item]
        }
        if let parsed = try? JSONDecoder().decode(Errors.self, from: body),
            let detail = parsed.errors.compactMap(\.detail).first
        {
            return detail
        }
        return String(decoding: body.prefix(200), as: UTF8.self)
    }
}
