import Diagnostics
import DiaryServices
import DiaryStore
import Foundation

extension HobbyStoryCLI {
    /// `diagnostics export --to FILE` (T6): a JSON bundle to attach to a bug report by hand;
    /// `diagnostics preview|send` and `settings diagnostics on|off` (issue 18): the error reports
    /// queued in the diary, exactly as they would leave, the angler's choice to send them after
    /// each sync, and "Report a problem" with a comment.
    static let diagnosticsCommands: [Command] = [
        Command(name: "diagnostics export", spec: OptionSpec(values: ["to"])) { c in
            guard let path = c.text("to") else { throw UsageError("diagnostics export needs --to FILE") }
            let storage = try c.storage()
            let profileCount = try storage.profiles().count
            let hasProfile = c.arguments.value("profile") != nil || profileCount == 1
            let diary = hasProfile ? try c.diary() : nil
            let logFolder = diary.map { storage.folder(of: $0.profile) } ?? storage.root
            let bundle = try DiagnosticsExport.bundle(appVersion: version, logFolder: logFolder, diary: diary)
            let url = URL(fileURLWithPath: path)
            try OutputFile.write(try bundle.jsonData(), to: url)
            c.output(
                .object([
                    "file": .string(url.path), "records": .integer(Int64(bundle.recentLog.count)),
                    "errors": .integer(Int64(bundle.capturedErrors.count)),
                ]),
                text:
                    "Wrote diagnostics to \(url.path): \(bundle.recentLog.count) log records, \(bundle.capturedErrors.count) captured errors, integrity \(bundle.databaseIntegrity ?? "not checked (no profile)")"
            )
        },
        Command(name: "diagnostics preview", spec: OptionSpec(values: ["comment"])) { c in
            let service = try c.diagnosticsService()
            let comment = c.text("comment")
            let upload = try c.waitForSync { try await service.preview(comment: comment) }
            c.console.write(String(decoding: try DiagnosticsWire.encode(upload, pretty: true), as: UTF8.self))
        },
        Command(name: "diagnostics send", spec: OptionSpec(values: ["comment", "portal"])) { c in
            let service = try c.diagnosticsService()
            let (comment, portal) = (c.text("comment"), try c.chosenPortal(required: true))
            let receipt = try c.waitForSync { try await service.send(comment: comment, portal: portal) }
            c.output(
                .object([
                    "accepted": .integer(Int64(receipt.accepted.count)),
                    "problem": receipt.problem.map { .string($0.uuidString.lowercased()) } ?? .null,
                ]),
                text: "Sent \(receipt.accepted.count) error report(s)"
                    + (receipt.problem.map { "; problem report \($0.uuidString.lowercased().prefix(8)) received" } ?? "")
                    + ". Thank you.")
        },
        Command(name: "settings diagnostics", optionalOperands: ["on|off"]) { c in
            let diary = try c.diary()
            if let choice = c.operands.first {
                guard choice == "on" || choice == "off" else {
                    throw UsageError("settings diagnostics takes on or off, not \"\(choice.prefix(20))\"")
                }
                try diary.diagnostics.setSharing(choice == "on")
            }
            let sharing = try diary.diagnostics.sharing()
            c.output(
                .object(["diagnostics": sharing.map { .string($0 ? "on" : "off") } ?? .null]),
                text: sharing == true
                    ? "Error reports are sent after each sync (see them first: `hobbystory diagnostics preview`)."
                    : "Error reports stay on this device; `hobbystory settings diagnostics on` sends them after each sync."
            )
        },
    ]
}
