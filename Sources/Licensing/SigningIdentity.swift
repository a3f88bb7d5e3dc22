import Foundation

extension TamperSignal {
    /// ``unexpectedSigningIdentity`` when the app carries a provisioning profile of another team
    /// than `expectedTeam` (MASVS-RESILIENCE): a build from the App Store carries none, so a
    /// profile names who signed this copy — a re-signed, sideloaded app names someone else. A
    /// signal only: nothing is blocked or deleted because of it.
    public static func signingIdentity(provisioningProfile: Data?, expectedTeam: String?) -> [TamperSignal] {
        guard let provisioningProfile, let expectedTeam else { return [] }
        let teams = teamIdentifiers(inProvisioningProfile: provisioningProfile)
        return teams.isEmpty || teams.contains(expectedTeam) ? [] : [.unexpectedSigningIdentity]
    }

    /// The `TeamIdentifier` strings of a provisioning profile: a property list (XML) inside a
    /// CMS signature, read as text without checking the signature — the kernel checked it.
    static func teamIdentifiers(inProvisioningProfile data: Data) -> [String] {
        let text = String(decoding: data.prefix(1 << 20), as: UTF8.self)
        guard let key = text.range(of: "<key>TeamIdentifier</key>"),
            let end = text.range(of: "</array>", range: key.upperBound..<text.endIndex)
        else { return [] }
        return text[key.upperBound..<end.lowerBound].components(separatedBy: "<string>").dropFirst().compactMap {
            $0.components(separatedBy: "</string>").first?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
