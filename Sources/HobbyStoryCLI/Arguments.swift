/// A command line that could not be understood: exit code 2 with this message.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Failures a command has already printed (each with `HobbyStoryCLI.report`): exit with the
/// first one's code and print nothing more.
struct AlreadyReported: Error {
    let exitCode: ExitCode
}

/// Input to a query command that is out of range or malformed: exit 1, nothing else happens.
struct InvalidInput: Error, CustomStringConvertible {
    let description: String
}

/// The options one command accepts: those that take a value (`--name N`) and flags (`--yes`).
struct OptionSpec {
    var values: Set<String> = []
    var repeatable: Set<String> = []
    var flags: Set<String> = []
}

/// The words and options of a command line after the global options were taken out.
///
/// Options may come in any order, as `--name VALUE` or `--name=VALUE`; `--` ends option parsing.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// The global options every command accepts.
    static let globalValues: Set<String> = ["data", "profile", "pin", "ca-file"]
    static let globalFlags: Set<String> = ["json", "help"]

    /// Splits `tokens` into positionals and options, accepting only what `spec` and the globals allow.
    init(_ tokens: [String], spec: OptionSpec) throws {
        let valueNames = spec.values.union(spec.repeatable).union(Self.globalValues)
        let flagNames = spec.flags.union(Self.globalFlags)
        var index = 0
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard !optionsEnded, token.hasPrefix("--"), token.count > 2 else {
                if token == "--" && !optionsEnded { optionsEnded = true } else { positionals.append(token) }
                continue
            }
            var name = String(token.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if flagNames.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if valueNames.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < tokens.count else { throw UsageError("--\(name) needs a value") }
                    value = tokens[index]
                    index += 1
                }
                if values[name] != nil && !spec.repeatable.contains(name) {
                    throw UsageError("--\(name) is given more than once")
                }
                values[name, default: []].append(value)
            } else {
                let known = (valueNames.union(flagNames)).sorted().map { "--\($0)" }.joined(separator: " ")
                throw UsageError("unknown option --\(name); this command accepts: \(known)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
    func has(_ name: String) -> Bool { values[name] != nil }
}
