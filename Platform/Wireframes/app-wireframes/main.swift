// app-wireframes OUT_DIR — evaluates every screen of the app in representative states into
// wireframe HTML (OUT_DIR/html/{iphone,ipad}/<screen>-<state>.html) and writes the screen
// manifest (OUT_DIR/manifest.json); taps every button drawn; exits 1 naming each broken rule
// (issue 14 §4) and each control whose tap changes nothing (issue 30 §1).
import AppWireframes
import Foundation

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: app-wireframes OUT_DIR\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: CommandLine.arguments[1])
let book = WireframeBook()
var problems: [String] = []
do {
    try await book.renderEveryScreen()
    try book.write(to: output)
    problems = try await book.problems() + book.tapEveryControl()
} catch {
    FileHandle.standardError.write(Data("app-wireframes: \(error)\n".utf8))
    exit(1)
}
for problem in problems { FileHandle.standardError.write(Data("FAIL: \(problem)\n".utf8)) }
print("\(book.screens.count) screens, \(book.renders.count) wireframes, \(problems.count) problems")
exit(problems.isEmpty ? 0 : 1)
