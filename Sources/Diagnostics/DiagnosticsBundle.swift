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
        let here = DeviceDescription.current(appVersion: "", build: "", schemaVersion: 0)
        return "\(here.os) \(ProcessInfo.processInfo.operatingSystemVersionString) \(here.model)"
    }

    /// The bundle as pretty-printed JSON with ISO 8601 times.
    public func jsonData() throws -> Data {
        try DiagnosticsWire.encode(self, pretty: true)
    }
}
