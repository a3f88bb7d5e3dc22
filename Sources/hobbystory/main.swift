import Foundation
import HobbyStoryCLI

let cli = HobbyStoryCLI(environment: ProcessInfo.processInfo.environment, console: .standard)
exit(cli.run(Array(CommandLine.arguments.dropFirst())))
