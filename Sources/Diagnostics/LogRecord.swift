import Foundation

/// How serious a log record is, from chatter to failure.
public enum LogLevel: String, Codable, Sendable, Comparable, CaseIterable {
    case debug, info, notice, warning, error

    public static func < (a: LogLevel, b: LogLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One structured log line: when, how serious, which part of the app, what happened, and details.
/// Part of T6 (tools to capture and analyse errors).
public struct LogRecord: Codable, Sendable, Equatable {
    public var time: Date
    public var level: LogLevel
    public var category: String
    public var message: String
    public var metadata: [String: String]

    public init(time: Date, level: LogLevel, category: String, message: String, metadata: [String: String] = [:]) {
        self.time = time
        self.level = level
        self.category = category
        self.message = message
        self.metadata = metadata
    }
}

/// An error caught by the app together with what it was doing, kept for the diagnostics bundle (T6).
public struct CapturedError: Codable, Sendable, Equatable {
    public var time: Date
    public var category: String
    /// The Swift type of the error, e.g. `ValidationError`.
    public var type: String
    public var message: String
    public var context: [String: String]
    /// What groups it with the same problem elsewhere (absent in lines older logs wrote).
    public var identity: ErrorIdentity?

    public init(
        time: Date, category: String, type: String, message: String, context: [String: String] = [:],
        identity: ErrorIdentity? = nil
    ) {
        self.time = time
        self.category = category
        self.type = type
        self.message = message
        self.context = context
        self.identity = identity
    }
}
