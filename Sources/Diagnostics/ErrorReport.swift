import Foundation

/// One problem as a device reports it to the portal (T6, issue 18): what went wrong (identity and
/// kind), how often and when, on which app, system and device, and the log lines before it — all
/// of it already scrubbed by ``PrivacyScrubber``, so what is queued is exactly what would be sent.
///
/// The device keeps one report per fingerprint and counts repeats into it; ``id`` names that queue
/// entry, so a report sent again (an answer lost) replaces its earlier copy on the portal instead
/// of counting twice.
public struct ErrorReport: Codable, Sendable, Equatable {
    /// A captured Swift error, a crash, or the app not answering (from MetricKit on iOS).
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case error, crash, hang
    }

    public var id: UUID
    public var kind: Kind
    public var identity: ErrorIdentity
    public var fingerprint: String
    public var occurrences: Int
    public var firstSeen: Date
    public var lastSeen: Date
    public var device: DeviceDescription
    /// The last log records before the problem, oldest first.
    public var breadcrumbs: [Breadcrumb]

    public init(
        id: UUID = UUID(), kind: Kind, identity: ErrorIdentity, occurrences: Int = 1, firstSeen: Date,
        lastSeen: Date? = nil, device: DeviceDescription, breadcrumbs: [Breadcrumb]
    ) {
        self.id = id
        self.kind = kind
        self.identity = identity
        self.fingerprint = identity.fingerprint
        self.occurrences = occurrences
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen ?? firstSeen
        self.device = device
        self.breadcrumbs = breadcrumbs
    }

    /// The report of `captured` on `device`, with the last ``DiagnosticsLimits/breadcrumbs`` of
    /// `recent` as its breadcrumbs, scrubbed.
    public init(captured: CapturedError, identity: ErrorIdentity, recent: [LogRecord], device: DeviceDescription) {
        self.init(
            kind: .error, identity: identity, firstSeen: captured.time, device: device,
            breadcrumbs: recent.suffix(DiagnosticsLimits.breadcrumbs).map(PrivacyScrubber.breadcrumb))
    }

    /// The same problem seen again in `later`: counts add up, times widen, and the later
    /// occurrence's device and breadcrumbs are kept (the newest app version wins).
    public func merged(with later: ErrorReport) -> ErrorReport {
        var merged = self
        merged.occurrences = min(DiagnosticsLimits.occurrences, occurrences + later.occurrences)
        merged.firstSeen = min(firstSeen, later.firstSeen)
        merged.lastSeen = max(lastSeen, later.lastSeen)
        merged.device = later.device
        merged.breadcrumbs = later.breadcrumbs
        return merged
    }
}

/// The app build, system and hardware a report comes from (T6): nothing that names the angler.
public struct DeviceDescription: Codable, Sendable, Equatable {
    /// The marketing version, `1.2` or `1.2.3`.
    public var appVersion: String
    public var build: String
    /// `iOS`, `iPadOS`, `Linux`…
    public var os: String
    public var osVersion: String
    /// `iPhone15,2`, `x86_64`…
    public var model: String
    /// The diary schema this build writes.
    public var schemaVersion: Int

    public init(appVersion: String, build: String, os: String, osVersion: String, model: String, schemaVersion: Int) {
        self.appVersion = appVersion
        self.build = build
        self.os = os
        self.osVersion = osVersion
        self.model = model
        self.schemaVersion = schemaVersion
    }

    /// This process on the machine it runs on, its version cut to the numbers the portal takes.
    public static func current(appVersion: String, build: String, schemaVersion: Int) -> DeviceDescription {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        #if os(Linux)
            let os = "Linux"
        #elseif os(iOS)
            let os = "iOS"
        #elseif os(macOS)
            let os = "macOS"
        #else
            let os = "other"
        #endif
        return DeviceDescription(
            appVersion: AppVersion.leading(in: appVersion), build: build.isEmpty ? "-" : String(build.prefix(100)),
            os: os,
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)", model: machine,
            schemaVersion: schemaVersion)
    }

    /// The hardware model as the kernel names it: `iPhone15,2` on a phone, `x86_64` on a PC.
    static var machine: String {
        var names = utsname()
        uname(&names)
        let text = withUnsafeBytes(of: &names.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return PrivacyScrubber.name(text.isEmpty ? "unknown" : text)
    }
}

/// One log line as a report carries it: a ``LogRecord`` after ``PrivacyScrubber`` — its message
/// scrubbed and only the metadata the scrubber lets through.
public typealias Breadcrumb = LogRecord
