import Foundation

/// Runs a system command (gzip, openssl: the independent implementations these tests check
/// against) in a scratch folder that `body` can fill first, and gives its exit status and output.
func externalCommand(_ arguments: [String], preparing body: (URL) throws -> Void = { _ in }) throws
    -> (status: Int32, output: Data, folder: URL)
{
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try body(folder)
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data, folder)
}
