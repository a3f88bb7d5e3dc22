import Foundation

/// What `POST /v1/diagnostics` carries (T6, issue 18): the device's queued reports and, when the
/// angler chose "Report a problem", a ``ProblemReport``. The installation id is a random number
/// the diary made for diagnostics only — not its sync device id — so an anonymous report says
/// "the same installation again" and nothing more.
public struct DiagnosticsUpload: Codable, Sendable, Equatable {
    public var installation: UUID
    public var device: DeviceDescription
    public var reports: [ErrorReport]
    public var problem: ProblemReport?

    public init(installation: UUID, device: DeviceDescription, reports: [ErrorReport], problem: ProblemReport? = nil) {
        self.installation = installation
        self.device = device
        self.reports = reports
        self.problem = problem
    }

    /// Every rule of ``DiagnosticsLimits``, checked the same way by the portal before it stores
    /// anything; throws the first field that breaks one.
    public func validate() throws(DiagnosticsUploadError) {
        try device.validate(field: "device")
        try DiagnosticsLimits.check("reports", count: reports.count, most: DiagnosticsLimits.reportsPerUpload)
        for (index, report) in reports.enumerated() {
            try report.validate(field: "reports[\(index)]")
        }
        if let problem { try problem.validate() }
    }
}

/// "Report a problem" (T6): the angler's own words and the state of their diary, sent with the
/// queue by `hobbystory diagnostics send --comment` or the app's settings.
public struct ProblemReport: Codable, Sendable, Equatable {
    /// What the angler wrote; they typed it to be read, so it goes as written (bounded).
    public var comment: String
    /// `ok`, or what SQLite's integrity check found.
    public var integrity: String
    /// Pending, refused and waiting changes, and when the diary last synced.
    public var syncState: String
    public var recentLog: [Breadcrumb]

    public init(comment: String, integrity: String, syncState: String, recentLog: [Breadcrumb]) {
        self.comment = comment
        self.integrity = integrity
        self.syncState = syncState
        self.recentLog = recentLog
    }

    func validate() throws(DiagnosticsUploadError) {
        try DiagnosticsLimits.check("problem.comment", comment, most: DiagnosticsLimits.commentBytes)
        try DiagnosticsLimits.check("problem.integrity", integrity, most: DiagnosticsLimits.textBytes)
        try DiagnosticsLimits.check("problem.syncState", syncState, most: DiagnosticsLimits.textBytes)
        try DiagnosticsLimits.check(
            "problem.recentLog", count: recentLog.count, most: DiagnosticsLimits.problemLogRecords)
        for (index, crumb) in recentLog.enumerated() { try crumb.validate(field: "problem.recentLog[\(index)]") }
    }
}

/// The portal's answer: which reports it holds now (every one sent, stored or already there),
/// so the device may drop exactly those from its queue; and the problem report's number.
public struct DiagnosticsReceipt: Codable, Sendable, Equatable {
    public var accepted: [UUID]
    public var problem: UUID?

    public init(accepted: [UUID], problem: UUID?) {
        self.accepted = accepted
        self.problem = problem
    }
}

/// The bounds of a diagnostics upload, shared by the device (its queue never grows past them) and
/// the portal (which refuses an upload past them). Text is counted in UTF-8 bytes.
public enum DiagnosticsLimits {
    public static let bodyBytes = 256 << 10
    public static let reportsPerUpload = 50
    public static let queuedReports = 50
    public static let breadcrumbs = 20
    public static let problemLogRecords = 100
    public static let occurrences = 1_000_000
    public static let textBytes = 500
    /// Characters the scrubber reads of one text (the rest is cut before it is scanned).
    public static let textCharacters = 400
    public static let commentBytes = 4_000
    public static let metadataEntries = 8

    static func check(_ field: String, _ text: String, most bytes: Int) throws(DiagnosticsUploadError) {
        guard text.utf8.count <= bytes else {
            throw .invalid(field: field, value: String(text.prefix(40)), rule: "must be at most \(bytes) bytes")
        }
    }

    static func check(_ field: String, count: Int, most: Int) throws(DiagnosticsUploadError) {
        guard count <= most else {
            throw .invalid(field: field, value: "\(count) items", rule: "must hold at most \(most)")
        }
    }

    static func check(_ field: String, name text: String) throws(DiagnosticsUploadError) {
        try check(field, text, most: 100)
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalid(
                field: field, value: String(text.prefix(40)), rule: "must be 1–100 bytes without control characters")
        }
    }
}

/// Why a diagnostics upload was refused: the field, its value, and the rule; the portal answers
/// 400 `invalid_field` with ``description``.
public enum DiagnosticsUploadError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalid(field: String, value: String, rule: String)

    public var description: String {
        switch self {
        case .invalid(let field, let value, let rule): "\(field) \"\(value)\" \(rule)"
        }
    }
}

extension DeviceDescription {
    func validate(field: String) throws(DiagnosticsUploadError) {
        for (name, value) in [
            ("appVersion", appVersion), ("build", build), ("os", os), ("osVersion", osVersion), ("model", model),
        ] {
            try DiagnosticsLimits.check("\(field).\(name)", name: value)
        }
        guard AppVersion(appVersion) != nil else {
            throw .invalid(
                field: "\(field).appVersion", value: String(appVersion.prefix(40)),
                rule: "must be numbers separated by dots, like 1.2.3")
        }
        guard (0...10_000).contains(schemaVersion) else {
            throw .invalid(field: "\(field).schemaVersion", value: "\(schemaVersion)", rule: "must be 0–10000")
        }
    }
}

extension ErrorReport {
    func validate(field: String) throws(DiagnosticsUploadError) {
        guard Fingerprint.isValid(fingerprint) else {
            throw .invalid(
                field: "\(field).fingerprint", value: String(fingerprint.prefix(40)),
                rule: "must be 16–64 lowercase hex digits")
        }
        for (name, value) in [("type", identity.type), ("code", identity.code), ("site", identity.site)] {
            try DiagnosticsLimits.check("\(field).identity.\(name)", name: value)
        }
        try DiagnosticsLimits.check("\(field).identity.operation", identity.operation, most: 100)
        guard (1...DiagnosticsLimits.occurrences).contains(occurrences) else {
            throw .invalid(
                field: "\(field).occurrences", value: "\(occurrences)",
                rule: "must be 1–\(DiagnosticsLimits.occurrences)")
        }
        guard firstSeen <= lastSeen, firstSeen.timeIntervalSince1970 > 0,
            lastSeen.timeIntervalSince1970 < 4_102_444_800
        else {
            throw .invalid(
                field: "\(field).lastSeen", value: "\(lastSeen)", rule: "must not be before firstSeen, nor after 2099")
        }
        try device.validate(field: "\(field).device")
        try DiagnosticsLimits.check(
            "\(field).breadcrumbs", count: breadcrumbs.count, most: DiagnosticsLimits.breadcrumbs)
        for (index, crumb) in breadcrumbs.enumerated() { try crumb.validate(field: "\(field).breadcrumbs[\(index)]") }
    }
}

extension Breadcrumb {
    func validate(field: String) throws(DiagnosticsUploadError) {
        try DiagnosticsLimits.check("\(field).category", name: category)
        try DiagnosticsLimits.check("\(field).message", message, most: DiagnosticsLimits.textBytes)
        try DiagnosticsLimits.check("\(field).metadata", count: metadata.count, most: DiagnosticsLimits.metadataEntries)
        for (key, value) in metadata {
            try DiagnosticsLimits.check("\(field).metadata", name: key)
            try DiagnosticsLimits.check("\(field).metadata.\(key)", value, most: DiagnosticsLimits.textBytes)
        }
    }
}

/// The JSON form of everything diagnostics writes — log lines, the diary's queue, the preview,
/// the upload — defined once: ISO 8601 times, sorted keys.
public enum DiagnosticsWire {
    public static func encode(_ value: some Encodable, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: data)
    }
}
