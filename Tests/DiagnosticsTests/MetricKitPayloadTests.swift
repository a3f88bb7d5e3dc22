import Diagnostics
import Foundation
import Testing

/// MetricKit's crash and hang diagnostics become error reports (T6, issue 18), from fixtures in
/// the JSON shape `MXDiagnosticPayload.jsonRepresentation()` documents.
@Suite("MetricKit payloads")
struct MetricKitPayloadTests {
    static let device = DeviceDescription(
        appVersion: "1.2", build: "40", os: "iOS", osVersion: "17.0", model: "arm64", schemaVersion: 13)

    static func payload(offset: Int, end: String = "2026-11-30 08:15:00 +0000") -> Data {
        Data(
            """
            {
              "timeStampBegin": "2026-11-29 08:15:00 +0000",
              "timeStampEnd": "\(end)",
              "crashDiagnostics": [{
                "version": "1.0.0",
                "diagnosticMetaData": {
                  "appVersion": "1.3", "appBuildVersion": "52", "osVersion": "iPhone OS 17.4 (21E219)",
                  "deviceType": "iPhone15,2", "platformArchitecture": "arm64e", "regionFormat": "RU",
                  "exceptionType": 1, "exceptionCode": 0, "signal": 11,
                  "terminationReason": "Namespace SIGNAL, Code 11 Segmentation fault: 11",
                  "virtualMemoryRegionInfo": "0 is not in any region."
                },
                "callStackTree": {
                  "callStackPerThread": true,
                  "callStacks": [
                    {"threadAttributed": false, "callStackRootFrames": [
                      {"binaryName": "libsystem_kernel.dylib", "binaryUUID": "A1B2", "offsetIntoBinaryTextSegment": 10, "sampleCount": 1, "address": 1}]},
                    {"threadAttributed": true, "callStackRootFrames": [
                      {"binaryName": "libswiftCore.dylib", "binaryUUID": "C3D4", "offsetIntoBinaryTextSegment": 77, "sampleCount": 1, "address": 2,
                       "subFrames": [
                         {"binaryName": "HobbyStory", "binaryUUID": "E5F6", "offsetIntoBinaryTextSegment": \(offset), "sampleCount": 1, "address": 3}]}]}
                  ]
                }
              }],
              "hangDiagnostics": [{
                "version": "1.0.0",
                "diagnosticMetaData": {
                  "appVersion": "1.3", "appBuildVersion": "52", "osVersion": "iPhone OS 17.4 (21E219)",
                  "deviceType": "iPhone15,2", "hangDuration": "3.5 sec"
                },
                "callStackTree": {"callStackPerThread": true, "callStacks": [{"threadAttributed": true, "callStackRootFrames": [
                  {"binaryName": "HobbyStory", "offsetIntoBinaryTextSegment": 9000, "sampleCount": 20, "address": 4}]}]}
              }]
            }
            """.utf8)
    }

    @Test(
        "Given a payload with a crash and a hang, then each becomes a report with MetricKit's version, system, device and the first app frame"
    )
    func crashAndHang() throws {
        let reports = try MetricKitPayload.reports(
            from: Self.payload(offset: 123_456), appBinary: "HobbyStory", device: Self.device)
        #expect(reports.map(\.kind) == [.crash, .hang])
        let crash = reports[0]
        #expect(crash.identity.type == "MetricKit.crash" && crash.identity.code == "exception1-signal11")
        #expect(crash.identity.site == "HobbyStory+123456", "the app's frame, not the library's above it")
        #expect(crash.device.appVersion == "1.3" && crash.device.build == "52")
        #expect(crash.device.os == "iOS" && crash.device.osVersion == "17.4" && crash.device.model == "iPhone15,2")
        #expect(crash.firstSeen == Date(timeIntervalSince1970: 1_796_026_500))
        #expect(crash.breadcrumbs.map(\.message) == ["Namespace SIGNAL, Code 11 Segmentation fault: 11"])
        #expect(
            reports[1].identity.site == "HobbyStory+9000" && reports[1].breadcrumbs.first?.message == "hang 3.5 sec")
        try DiagnosticsUpload(installation: UUID(), device: Self.device, reports: reports).validate()
    }

    @Test("Given the same crash on two days, then it has one fingerprint; at another place in the app, another")
    func grouping() throws {
        func crash(_ offset: Int, _ end: String) throws -> ErrorReport {
            try MetricKitPayload.reports(
                from: Self.payload(offset: offset, end: end), appBinary: "HobbyStory", device: Self.device)[0]
        }
        let monday = try crash(500, "2026-11-30 08:15:00 +0000")
        let tuesday = try crash(500, "2026-12-01 09:00:00 +0000")
        #expect(monday.fingerprint == tuesday.fingerprint && monday.id != tuesday.id)
        #expect(try crash(600, "2026-12-01 09:00:00 +0000").fingerprint != monday.fingerprint)
    }

    @Test("Given JSON that is not a payload, then it is refused")
    func refusesGarbage() {
        #expect(throws: (any Error).self) {
            try MetricKitPayload.reports(from: Data("[1,2]".utf8), appBinary: "HobbyStory", device: Self.device)
        }
    }
}
