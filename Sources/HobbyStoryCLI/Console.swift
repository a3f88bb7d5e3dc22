import Foundation

/// Where the CLI writes and reads: the real terminal, or a test's buffers.
public struct Console: Sendable {
    public var write: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    public var readLine: @Sendable () -> String?
    /// True when a person can answer a confirmation prompt.
    public var isInteractive: Bool

    public init(
        write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String?, isInteractive: Bool
    ) {
        self.write = write
        self.writeError = writeError
        self.readLine = readLine
        self.isInteractive = isInteractive
    }

    /// The process's standard streams; prompts are offered only when standard input is a terminal.
    public static var standard: Console {
        Console(
            write: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            writeError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
            readLine: { Swift.readLine() },
            isInteractive: isatty(STDIN_FILENO) != 0)
    }
}

/// The CLI's exit codes; scripts and checks rely on them (see README).
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// Invalid attributes: stderr names each one; nothing was saved.
    case validation = 1
    /// The command line was not understood.
    case usage = 2
    /// The profile, object or file named does not exist.
    case notFound = 3
    /// Refused: wrong PIN, a directory change, an unconfirmed destructive command, a Trash rule.
    case refused = 4
    /// Anything else (a damaged database, a full disk); details go to the diagnostics log.
    case failure = 5
}
