import Foundation

/// What a user sends the developers when something went wrong (T6): versions, platform, the recent
/// log, captured errors and the health of the database, as one JSON document.
public struct DiagnosticsBundle: Codable, Sendable {
    public var appVersion: String
    public var platform: String
    public var createdAt: Date
    public var databaseSchemaVersion: Int?
    public var databaseIntegrity: String?
    public var recentLog: [LogRecord]
    public var capturedErrors: [CapturedError]

    public init(
        appVersion: String, platform: String = Self.currentPlatform, createdAt: Date = Date(),
        databaseSchemaVersion: Int?, databaseIntegrity: String?,
        recentLog: [LogRecord], capturedErrors: [CapturedError]
    ) {
        self.appVersion = appVersion
        self.platform = platform
        self.createdAt = createdAt
        self.databaseSchemaVersion = databaseSchemaVersion
        self.databaseIntegrity = databaseIntegrity
        self.recentLog = recentLog
        self.capturedErrors = capturedErrors
    }

    /// The operating system and architecture this build runs on.
    public static var currentPlatform: String {
        #if os(Linux)
            let os = "Linux"
        #elseif os(iOS)
            let os = "iOS"
        #elseif os(macOS)
            let os = "macOS"
        #else
            let os = "unknown"
        #endif
        #if arch(x86_64)
            let arch = "x86_64"
        #elseif arch(arm64)
            let arch = "arm64"
        #else
            let arch = "other"
        #endif
        return "\(os) \(ProcessInfo.processInfo.operatingSystemVersionString) \(arch)"
    }

    /// The bundle as pretty-printed JSON with ISO 8601 times.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
