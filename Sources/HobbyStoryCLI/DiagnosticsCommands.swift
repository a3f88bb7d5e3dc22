import Diagnostics
import DiaryServices
import DiaryStore
import Foundation

extension HobbyStoryCLI {
    /// `diagnostics export --to FILE` (T6): a JSON bundle to attach to a bug report.
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
        }
    ]
}
