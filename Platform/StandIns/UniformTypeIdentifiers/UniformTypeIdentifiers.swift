/// A kind of content, named by its identifier (Apple: `UTType`): the types the app names.
public struct UTType: Hashable, Sendable {
    public let identifier: String
    public let preferredFilenameExtension: String?

    init(_ identifier: String, extension preferred: String?) {
        self.identifier = identifier
        preferredFilenameExtension = preferred
    }

    public static let item = UTType("public.item", extension: nil)
    public static let data = UTType("public.data", extension: nil)
    public static let image = UTType("public.image", extension: nil)
    public static let movie = UTType("public.movie", extension: nil)
    public static let jpeg = UTType("public.jpeg", extension: "jpeg")
    public static let heic = UTType("public.heic", extension: "heic")
    public static let png = UTType("public.png", extension: "png")
    public static let quickTimeMovie = UTType("com.apple.quicktime-movie", extension: "mov")
    public static let mpeg4Movie = UTType("public.mpeg-4", extension: "mp4")
    public static let plainText = UTType("public.plain-text", extension: "txt")
    public static let commaSeparatedText = UTType("public.comma-separated-values-text", extension: "csv")
    public static let tabSeparatedText = UTType("public.tab-separated-values-text", extension: "tsv")

    /// The system's type named `identifier`, or nil when the stand-in does not know it (the
    /// system knows more, but never a type nobody declares).
    public init?(_ identifier: String) {
        guard let known = Self.known.first(where: { $0.identifier == identifier }) else { return nil }
        self = known
    }

    /// A type the app declares as its own in its Info.plist (`UTExportedTypeDeclarations`).
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(identifier, extension: nil)
    }

    /// A type another party owns that the app declares it reads (`UTImportedTypeDeclarations`).
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(identifier, extension: nil)
    }

    private static let known = [
        UTType.item, .data, .image, .movie, .jpeg, .heic, .png, .quickTimeMovie, .mpeg4Movie, .plainText,
        .commaSeparatedText, .tabSeparatedText,
    ]

    /// The type of a filename extension: one of the types above, else a dynamic type (as the
    /// system gives for an extension no app declares); nil for an empty extension.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        guard !filenameExtension.isEmpty, !filenameExtension.contains(".") else { return nil }
        let known = [
            UTType.jpeg, .heic, .png, .quickTimeMovie, .mpeg4Movie, .plainText, .commaSeparatedText, .tabSeparatedText,
        ]
        self =
            known.first { $0.preferredFilenameExtension == filenameExtension.lowercased() }
            ?? UTType("dyn.\(filenameExtension.lowercased())", extension: filenameExtension.lowercased())
    }

    /// Whether this type is `other` or a kind of it (the stand-in knows the types above).
    public func conforms(to other: UTType) -> Bool {
        if self == other || other == .item { return true }
        switch other {
        case .data: return self != .item
        case .image: return self == .jpeg || self == .heic || self == .png
        case .movie: return self == .quickTimeMovie || self == .mpeg4Movie
        default: return false
        }
    }
}
