import Foundation
import UniformTypeIdentifiers

/// A type that can be handed between apps and system pickers (Apple: `Transferable`).
public protocol Transferable {
    associatedtype Representation: TransferRepresentation
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// One way a transferable type is carried: as data, as a file… (Apple: `TransferRepresentation`).
public protocol TransferRepresentation<Item> {
    associatedtype Item: Transferable
}

/// Builds a type's representations (Apple: `TransferRepresentationBuilder`).
@resultBuilder
public struct TransferRepresentationBuilder<Item: Transferable> {
    public static func buildBlock<Content: TransferRepresentation>(_ content: Content) -> Content
    where Content.Item == Item { content }
}

/// A file received from a picker or another app (Apple: `ReceivedTransferredFile`): the system
/// removes `file` when the importing closure returns, so it is copied first.
public struct ReceivedTransferredFile {
    public let file: URL
    public let isOriginalFile: Bool
}

/// A file handed to another app (Apple: `SentTransferredFile`).
public struct SentTransferredFile {
    public let file: URL
    public let allowAccessingOriginalFile: Bool
    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
        self.file = file
        self.allowAccessingOriginalFile = allowAccessingOriginalFile
    }
}

/// A type carried as a file (Apple: `FileRepresentation`).
public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
    let contentType: UTType
    let importing: @Sendable (ReceivedTransferredFile) async throws -> Item

    public init(
        importedContentType contentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
        self.contentType = contentType
        self.importing = importing
    }
}

extension URL: Transferable {
    /// A file URL is carried as the file (Apple: URL's own representation).
    public static var transferRepresentation: FileRepresentation<URL> {
        FileRepresentation(importedContentType: .item) { $0.file }
    }
}

/// Nothing to carry: the preview of a share link that has none (Apple: `Never` is transferable).
extension Never: TransferRepresentation {
    public typealias Item = Never
}

extension Never: Transferable {
    public static var transferRepresentation: Never { fatalError("Never has no value to carry") }
}
