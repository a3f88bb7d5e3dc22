import Foundation
import Licensing
import Testing

/// The licensing settings a build of the app reads from its Info.plist (T13; issue 31 §3).
@Suite("A build's licensing settings: the team that signs it and the portal's key")
struct LicensingBuildSettingsTests {
    static let key = Data((0..<32).map { UInt8($0) }).base64EncodedString()

    @Test("Given a team id and a 32-byte key in base64, when read, then both are taken and nothing is missing")
    func complete() {
        let settings = LicensingBuildSettings(infoDictionary: [
            LicensingBuildSettings.teamIdentifierKey: " ABCDE12345 ", LicensingBuildSettings.portalKeyKey: Self.key,
        ])
        #expect(settings.teamId == "ABCDE12345")
        #expect(settings.portalKey == Data((0..<32).map { UInt8($0) }))
        #expect(settings.problems.isEmpty)
    }

    @Test(
        "Given settings absent, empty, of the wrong type or malformed, when read, then each is nil and its problem names the key and what it must be"
    )
    func incomplete() {
        let absent = LicensingBuildSettings(infoDictionary: [:])
        #expect(absent.teamId == nil && absent.portalKey == nil)
        #expect(
            absent.problems == [
                .unset(key: LicensingBuildSettings.teamIdentifierKey), .unset(key: LicensingBuildSettings.portalKeyKey),
            ])
        let wrongType = LicensingBuildSettings(infoDictionary: [
            LicensingBuildSettings.teamIdentifierKey: 12, LicensingBuildSettings.portalKeyKey: "   ",
        ])
        #expect(wrongType.problems.count == 2)
        for (team, key) in [
            ("abcde12345", Self.key), ("ABCDE1234", Self.key), ("ABCDÉ12345", Self.key),
            ("ABCDE12345", Data(count: 31).base64EncodedString()), ("ABCDE12345", "not base64!"),
        ] {
            let settings = LicensingBuildSettings(infoDictionary: [
                LicensingBuildSettings.teamIdentifierKey: team, LicensingBuildSettings.portalKeyKey: key,
            ])
            #expect(settings.problems.count == 1, "\(team) \(key)")
            guard case .malformed(let name, let value, let rule)? = settings.problems.first else {
                Issue.record("\(team) \(key) is not named malformed")
                continue
            }
            #expect(value == (name == LicensingBuildSettings.teamIdentifierKey ? team : key))
            #expect(settings.problems[0].description.contains(name) && settings.problems[0].description.contains(rule))
        }
    }

    @Test(
        "Given the app package's InfoAdditions.plist, when read as the Info.plist it is merged into, then it holds both keys, set or empty — set for a release (HOBBYSTORY_RELEASE=1)"
    )
    func theAppPackagesFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("App/HobbyStory.swiftpm/InfoAdditions.plist")
        let plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: file), format: nil)
        let dictionary = try #require(plist as? [String: Any])
        #expect(
            Set(dictionary.keys).isSuperset(of: [
                LicensingBuildSettings.teamIdentifierKey, LicensingBuildSettings.portalKeyKey,
            ]))
        let settings = LicensingBuildSettings(infoDictionary: dictionary)
        #expect(settings.problems.allSatisfy { if case .unset = $0 { true } else { false } }, "set, or left empty")
        if ProcessInfo.processInfo.environment["HOBBYSTORY_RELEASE"] == "1" {
            // The release workflow's check (.github/workflows/first-mac-build.yml, on a tag).
            #expect(settings.problems.isEmpty, "a release is built with both settings: \(settings.problems)")
        }
        let manifest = try String(
            contentsOf: file.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("additionalInfoPlistContentFilePath: \"InfoAdditions.plist\""))
    }
}
