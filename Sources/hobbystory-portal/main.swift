import Foundation
import Portal

do {
    let command = try PortalCommandLine(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    try await command.run()
} catch let failure as PortalCommandLine.Failure {
    FileHandle.standardError.write(Data("hobbystory-portal: \(failure.description)\n".utf8))
    exit(failure.exitCode)
} catch {
    FileHandle.standardError.write(Data("hobbystory-portal: \(error)\n".utf8))
    exit(4)
}
