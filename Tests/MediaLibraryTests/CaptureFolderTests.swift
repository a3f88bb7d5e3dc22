import Foundation
import MediaLibrary
import Testing

import func TestSupport.temporaryFolder

/// The camera's and library's hand-over folders (T16, T17): one per hand-over, swept after a day.
@Suite("Capture hand-over folders")
struct CaptureFolderTests {
    @Test("Given folders made a day apart, when a new one is made, then only the old one is swept")
    func oldFoldersAreSwept() throws {
        let root = try temporaryFolder("captures")
        defer { try? FileManager.default.removeItem(at: root) }
        let captures = CaptureFolder(root: root)
        let old = try captures.fresh()
        try Data("x".utf8).write(to: old.appendingPathComponent("Photo.jpg"))
        let recent = try captures.fresh()
        #expect(old != recent)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-CaptureFolder.keptFor - 60)], ofItemAtPath: old.path)
        let newest = try captures.fresh()
        let left = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        #expect(left == [recent.lastPathComponent, newest.lastPathComponent].sorted())
    }

    @Test("Given a photo and a video taken at a moment, when named, then the names say what and when")
    func names() {
        let moment = Date(timeIntervalSince1970: 1_780_310_000)
        let utc = TimeZone(identifier: "UTC")!
        #expect(
            CaptureFolder.name(of: .photo, at: moment, pathExtension: "", timeZone: utc)
                == "Photo 2026-06-01 10.33.20.jpg")
        #expect(
            CaptureFolder.name(of: .video, at: moment, pathExtension: "MOV", timeZone: utc)
                == "Video 2026-06-01 10.33.20.mov")
    }
}
