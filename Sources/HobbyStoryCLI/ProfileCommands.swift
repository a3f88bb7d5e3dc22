import DiaryStore
import FishingModel

extension HobbyStoryCLI {
    /// `profile add|list|remove|restore` (T15; removal is a critical operation, UI5).
    static let profileCommands: [Command] = [
        Command(name: "profile add", operands: ["NAME"], spec: OptionSpec(values: ["units"])) { c in
            let unitsText = c.text("units") ?? Units.metric.rawValue
            guard let units = Units(rawValue: unitsText) else {
                throw ValidationError(
                    entity: "profile",
                    issues: [ValidationIssue(field: "units", value: unitsText, message: "must be metric or imperial")])
            }
            let profile = try c.storage().addProfile(
                ProfileDraft(displayName: c.operands[0], pin: c.text("pin"), units: units))
            c.output(
                c.json(profile), text: "Added profile \(profile.displayName)\(profile.hasPin ? " (PIN protected)" : "")"
            )
        },
        Command(name: "profile list") { c in
            c.outputList(
                try c.storage().profiles(), empty: "No profiles yet: add one with `hobbystory profile add NAME`.",
                json: c.json, text: { "\($0.displayName)\($0.hasPin ? "  (PIN)" : "")  \($0.units.rawValue)" })
        },
        Command(name: "profile remove", operands: ["NAME"], spec: OptionSpec(values: ["confirm"])) { c in
            let storage = try c.storage()
            let profile = try storage.profile(named: c.operands[0])
            var confirmation = c.text("confirm")
            if confirmation == nil && c.console.isInteractive {
                c.console.write(
                    "Removing profile \(profile.displayName) hides all its trips and catches; they stay recoverable for \(Profile.retentionDays) days. Type the profile name to confirm: "
                )
                confirmation = c.console.readLine()?.trimmingCharacters(in: .whitespaces)
            }
            try storage.removeProfile(named: profile.displayName, confirmation: confirmation, pin: c.pin)
            c.output(
                c.json(profile),
                text:
                    "Removed profile \(profile.displayName); `hobbystory profile restore \(profile.displayName)` brings it back within \(Profile.retentionDays) days."
            )
        },
        Command(name: "profile restore", operands: ["NAME"]) { c in
            let profile = try c.storage().restoreProfile(named: c.operands[0])
            c.output(c.json(profile), text: "Restored profile \(profile.displayName)")
        },
    ]
}
