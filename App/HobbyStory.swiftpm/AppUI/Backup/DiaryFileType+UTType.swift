import AppFeatures
import UniformTypeIdentifiers

extension DiaryFileType {
    /// The type as iOS knows it (issue 34 §1, §2): the app's own and the imported ones as the
    /// Info.plist additions declare them, the spreadsheets as the system's.
    var utType: UTType {
        switch declaration {
        case .exported: UTType(exportedAs: identifier)
        case .imported: UTType(importedAs: identifier)
        case .system: UTType(identifier) ?? UTType(importedAs: identifier)
        }
    }
}
