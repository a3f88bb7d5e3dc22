import FishingModel
import Foundation
import HTTPProblem

/// Why a query parameter was refused; the portal answers 400 with ``code``.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problem code, `invalid_<parameter>`.
    public let code: ProblemCode
    public let description: String

    init(_ parameter: String, _ value: String, must rule: String) {
        code = .invalid(parameter)
        description = "\(parameter) \"\(value.prefix(40))\" \(rule)"
    }
}

/// `GET /v1/sync/pull`'s query: where to continue, how many changes at most, and — from protocol
/// version 2 (``SyncProtocolVersion``) — the kinds of record the client knows.
public struct PullQuery: EndpointQuery, Equatable {
    public static let names = ["cursor", "limit", "kinds"]
    public static let defaultLimit = 500
    /// Names in `kinds`, at most: more than any build will know, few enough to read at once.
    public static let maximumKindNames = 32
    /// Bytes of one name in `kinds`.
    public static let maximumKindNameBytes = 32

    public var cursor: SyncCursor
    public var limit: Int
    /// The kinds to send; nil when the client names none (protocol version 1).
    public var kinds: Set<RecordKind>?

    public init(cursor: SyncCursor, limit: Int = defaultLimit, kinds: Set<RecordKind>? = Set(RecordKind.allCases)) {
        self.cursor = cursor
        self.limit = limit
        self.kinds = kinds
    }

    /// The kinds the portal sends: those named, or a version 1 client's.
    public var servedKinds: Set<RecordKind> { kinds ?? RecordKind.firstProtocolKinds }

    /// Reads and checks the query (`value(name)` gives a decoded parameter or nil). A kind name
    /// this build does not know comes from a newer client and is passed over: the portal holds
    /// no record of it.
    public init(_ value: (String) throws -> String?) throws {
        let token = try value("cursor") ?? ""
        guard let cursor = SyncCursor(token: token) else {
            throw QueryError("cursor", token, must: "is not one the portal handed out")
        }
        let limitText = try value("limit") ?? String(Self.defaultLimit)
        guard let limit = Int(limitText), (1...SyncLimits.changesPerPull).contains(limit) else {
            throw QueryError("limit", limitText, must: "must be 1–\(SyncLimits.changesPerPull)")
        }
        self.init(cursor: cursor, limit: limit, kinds: try (try value("kinds")).map(Self.kinds(named:)))
    }

    private static func kinds(named text: String) throws -> Set<RecordKind> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
        guard names.count <= maximumKindNames else {
            throw QueryError("kinds", text, must: "names more than \(maximumKindNames) kinds")
        }
        for name in names {
            guard (1...maximumKindNameBytes).contains(name.utf8.count),
                name.utf8.allSatisfy({ (97...122).contains($0) || $0 == 95 })
            else {
                throw QueryError(
                    "kinds", text,
                    must: "must be kinds of record separated by commas, each 1–\(maximumKindNameBytes) letters a–z or _"
                )
            }
        }
        return Set(names.compactMap { RecordKind(rawValue: String($0)) })
    }

    public var items: [URLQueryItem] {
        var items = [
            URLQueryItem(name: "cursor", value: cursor.token), URLQueryItem(name: "limit", value: String(limit)),
        ]
        if let kinds {
            let names = RecordKind.allCases.filter(kinds.contains).map(\.rawValue)
            items.append(URLQueryItem(name: "kinds", value: names.joined(separator: ",")))
        }
        return items
    }
}

/// `GET /v1/history`'s query: one record's versions or all, a page below a version number.
public struct HistoryQuery: EndpointQuery, Equatable {
    public static let names = ["id", "before", "limit"]
    public static let maximumLimit = 500

    public var id: UUID?
    public var before: Int64?
    public var limit: Int

    public init(id: UUID? = nil, before: Int64? = nil, limit: Int = maximumLimit) {
        self.id = id
        self.before = before
        self.limit = limit
    }

    /// Reads and checks the query (`value(name)` gives a decoded parameter or nil).
    public init(_ value: (String) throws -> String?) throws {
        var id: UUID?
        if let text = try value("id") {
            guard let parsed = UUID(uuidString: text) else { throw QueryError("id", text, must: "is not a UUID") }
            id = parsed
        }
        var before: Int64?
        if let text = try value("before") {
            guard let number = Int64(text), number > 0 else {
                throw QueryError("before", text, must: "is not a version number")
            }
            before = number
        }
        let limitText = try value("limit") ?? String(Self.maximumLimit)
        guard let limit = Int(limitText), (1...Self.maximumLimit).contains(limit) else {
            throw QueryError("limit", limitText, must: "is not 1–\(Self.maximumLimit)")
        }
        self.init(id: id, before: before, limit: limit)
    }

    public var items: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let id { items.append(URLQueryItem(name: "id", value: id.uuidString.lowercased())) }
        if let before { items.append(URLQueryItem(name: "before", value: String(before))) }
        if limit != Self.maximumLimit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        return items
    }
}
