import Foundation
import UniformTypeIdentifiers

/// A type that can be handed between apps and system pickers (Apple: `Transferable`).
@preconcurrency public protocol Transferable: Sendable {
    associatedtype Representation: TransferRepresentation
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// One way a transferable type is carried: as data, as a file… (Apple: `TransferRepresentation`).
/// The framework's representations (`Body == Never`) are primitive; one of the app is made of them
/// through its `body`.
public protocol TransferRepresentation<Item>: Sendable {
    associatedtype Item: Transferable
    associatedtype Body: TransferRepresentation
    @TransferRepresentationBuilder<Self.Item> var body: Self.Body { get }
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
    public typealias Body = Never
    /// The framework's representation has no body (Apple's is hidden from callers).
    public var body: Never { return fatalError("FileRepresentation is a primitive representation and has no body") }
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
    public static var transferRepresentation: some TransferRepresentation {
        FileRepresentation<URL>(importedContentType: .item) { $0.file }
    }
}

/// Nothing to carry: the preview of a share link that has none (Apple: `Never` is transferable).
extension Never: TransferRepresentation {
    public typealias Item = Never
    public typealias Body = Never
    /// Nothing has no body.
    public var body: Never { return fatalError("Never has no body") }
}

extension Never: Transferable {
    public static var transferRepresentation: Never { fatalError("Never has no value to carry") }
}
