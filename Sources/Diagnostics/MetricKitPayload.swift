import Foundation

/// MetricKit's crash and hang diagnostics (`MXDiagnosticPayload.jsonRepresentation()`) as error
/// reports (T6, issue 18), so a crash — which no Swift `catch` sees — lands in the same queue,
/// groups and regressions as a captured error. The app's MetricKit subscriber hands the JSON
/// over; tests use fixtures in the same shape.
///
/// A crash's fingerprint is its Mach exception and signal and the first frame of the crashed
/// thread inside the app's own binary (binary name and offset into its text segment); without
/// symbols on the device that offset is the most stable "where" there is: the same within a
/// build, new in the next one. A hang's is the first app frame of its main thread.
public enum MetricKitPayload {
    /// The reports in `json`, described by `device` where MetricKit's metadata says less.
    public static func reports(from json: Data, appBinary: String, device: DeviceDescription) throws -> [ErrorReport] {
        let payload = try JSONDecoder().decode(Payload.self, from: json)
        let time = payload.timeStampEnd.flatMap(parseTime) ?? Date()
        let crashes = (payload.crashDiagnostics ?? []).map { diagnostic in
            report(
                .crash, diagnostic, code: crashCode(diagnostic.diagnosticMetaData), time: time, appBinary: appBinary,
                device: device)
        }
        let hangs = (payload.hangDiagnostics ?? []).map { diagnostic in
            report(.hang, diagnostic, code: "hang", time: time, appBinary: appBinary, device: device)
        }
        return crashes + hangs
    }

    private static func report(
        _ kind: ErrorReport.Kind, _ diagnostic: Diagnostic, code: String, time: Date, appBinary: String,
        device: DeviceDescription
    ) -> ErrorReport {
        let meta = diagnostic.diagnosticMetaData
        var described = device
        if let version = meta?.appVersion, AppVersion(version) != nil { described.appVersion = version }
        if let build = meta?.appBuildVersion, !build.isEmpty { described.build = String(build.prefix(100)) }
        if let model = meta?.deviceType, !model.isEmpty { described.model = PrivacyScrubber.name(model) }
        if let system = meta?.osVersion.flatMap(operatingSystem) { (described.os, described.osVersion) = system }
        let identity = ErrorIdentity(
            type: "MetricKit.\(kind.rawValue)", code: code, site: site(diagnostic.callStackTree, appBinary: appBinary),
            operation: "")
        let reason = [meta?.terminationReason, meta?.hangDuration.map { "hang \($0)" }].compactMap { $0 }
        return ErrorReport(
            kind: kind, identity: identity, firstSeen: time, device: described,
            breadcrumbs: reason.map {
                PrivacyScrubber.breadcrumb(LogRecord(time: time, level: .error, category: "metrickit", message: $0))
            })
    }

    /// `exception1-signal11` (EXC_BAD_ACCESS, SIGSEGV), from MetricKit's numbers.
    private static func crashCode(_ meta: MetaData?) -> String {
        "exception\(meta?.exceptionType.map(String.init) ?? "?")-signal\(meta?.signal.map(String.init) ?? "?")"
    }

    /// The first frame in the app's binary of the attributed thread (else of the first), depth
    /// first from the top of the stack; `unknown` when the tree holds none.
    private static func site(_ tree: CallStackTree?, appBinary: String) -> String {
        let stacks = tree?.callStacks ?? []
        let stack = stacks.first { $0.threadAttributed == true } ?? stacks.first
        var pending = stack?.callStackRootFrames ?? []
        var first: Frame?
        while !pending.isEmpty {
            let frame = pending.removeFirst()
            if first == nil { first = frame }
            if frame.binaryName == appBinary { return name(frame) }
            pending.insert(contentsOf: frame.subFrames ?? [], at: 0)
        }
        return first.map(name) ?? "unknown"
    }

    private static func name(_ frame: Frame) -> String {
        PrivacyScrubber.name("\(frame.binaryName ?? "?")+\(frame.offsetIntoBinaryTextSegment ?? 0)")
    }

    /// `iPhone OS 17.4 (21E219)` → (`iOS`, `17.4`).
    private static func operatingSystem(_ text: String) -> (String, String)? {
        let words = text.split(separator: " ")
        guard let version = words.first(where: { $0.first?.isNumber == true }) else { return nil }
        let name = words.prefix { $0 != version }.joined(separator: " ")
        let os = name == "iPhone OS" ? "iOS" : name
        return (PrivacyScrubber.name(os.isEmpty ? "iOS" : os), PrivacyScrubber.name(String(version)))
    }

    /// MetricKit writes `2024-03-01 10:20:30 +0000`.
    private static func parseTime(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.date(from: text)
    }

    struct Payload: Decodable {
        var timeStampEnd: String?
        var crashDiagnostics: [Diagnostic]?
        var hangDiagnostics: [Diagnostic]?
    }

    struct Diagnostic: Decodable {
        var callStackTree: CallStackTree?
        var diagnosticMetaData: MetaData?
    }

    struct MetaData: Decodable {
        var appVersion: String?
        var appBuildVersion: String?
        var osVersion: String?
        var deviceType: String?
        var exceptionType: Int?
        var signal: Int?
        var terminationReason: String?
        var hangDuration: String?
    }

    struct CallStackTree: Decodable {
        var callStacks: [CallStack]?
    }

    struct CallStack: Decodable {
        var threadAttributed: Bool?
        var callStackRootFrames: [Frame]?
    }

    struct Frame: Decodable {
        var binaryName: String?
        var offsetIntoBinaryTextSegment: Int?
        var subFrames: [Frame]?
    }
}
