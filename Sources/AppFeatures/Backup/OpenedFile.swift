import Foundation

/// "Open in The Hobby Story" (issue 34 §1, §2; T2, T3): a file another app hands over — Files,
/// Mail, AirDrop, a tracking app's share sheet — is shown where the app reads it: a backup on the
/// Anglers page, ready to restore as a new angler; a spreadsheet or a GPX, KML or KMZ file in the
/// import preview of Settings › Data. Nothing is saved until the angler confirms there.
@MainActor
public struct OpenedFile {
    /// Why a handed-over file is not opened, in the angler's words.
    public enum Problem: Error, Equatable {
        /// Not a kind of file the app reads.
        case unknownKind(fileName: String)
        /// A file to import while no angler's diary is open.
        case noDiaryOpen(fileName: String)

        public func text(_ language: Language, catalog: Catalog = .shared) -> String {
            switch self {
            case .unknownKind(let name):
                catalog.text(
                    "openFile.unknownKind", language,
                    [
                        "file": name,
                        "extensions": DiaryFileType.all.flatMap(\.extensions).map { "." + $0 }
                            .joined(separator: ", "),
                    ])
            case .noDiaryOpen(let name): catalog.text("openFile.noDiaryOpen", language, ["file": name])
            }
        }
    }

    /// Restores backups on the Anglers page.
    public let restoring: RestoreModel
    /// Imports into the open diary, or nil while none is open.
    public let interchange: InterchangeModel?
    /// The open diary's navigation, or nil while none is open (the Anglers page is on screen).
    public let router: AppRouter?

    public init(restoring: RestoreModel, interchange: InterchangeModel?, router: AppRouter?) {
        self.restoring = restoring
        self.interchange = interchange
        self.router = router
    }

    /// Shows `file` where the app reads it; `access` keeps a file outside the app readable
    /// meanwhile (its security scope on iOS).
    public func open(_ file: URL, access: AnyObject? = nil) async throws(Problem) {
        let name = file.lastPathComponent
        guard let kind = DiaryFileType.of(fileName: name) else { throw .unknownKind(fileName: name) }
        switch kind.use {
        case .restore:
            router?.open(DeepLink(page: "profiles"))
            await restoring.choose(file, access: access)
        case .importPreview:
            guard let interchange, let router else { throw .noDiaryOpen(fileName: name) }
            router.open(DeepLink(.settings(.data)))
            await interchange.choose(file, access: access)
        }
    }
}
