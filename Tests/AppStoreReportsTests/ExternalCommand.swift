import Foundation
import TestSupport

/// Runs a system command (gzip, openssl: the independent implementations these tests check
/// against) in a scratch folder that `body` can fill first, and gives its exit status and output.
func commandInScratchFolder(_ arguments: [String], preparing body: (URL) throws -> Void = { _ in }) throws
    -> (status: Int32, output: Data, folder: URL)
{
    let folder = try temporaryFolder("external")
    try body(folder)
    let run = try TestSupport.externalCommand(arguments, in: folder)
    return (run.status, run.output, folder)
}
