// app-wireframes OUT_DIR — evaluates every screen of the app in representative states into
// wireframe HTML (OUT_DIR/html/{iphone,ipad}/<screen>-<state>.html) and writes the screen
// manifest (OUT_DIR/manifest.json); exits 1 naming each broken rule (issue 14 §4).
import AppWireframes
import Foundation

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: app-wireframes OUT_DIR\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: CommandLine.arguments[1])
let book = WireframeBook()
do {
    try await book.renderEveryScreen()
    try book.write(to: output)
} catch {
    FileHandle.standardError.write(Data("app-wireframes: \(error)\n".utf8))
    exit(1)
}
let problems = book.problems()
for problem in problems { FileHandle.standardError.write(Data("FAIL: \(problem)\n".utf8)) }
print("\(book.screens.count) screens, \(book.renders.count) wireframes, \(problems.count) problems")
exit(problems.isEmpty ? 0 : 1)
