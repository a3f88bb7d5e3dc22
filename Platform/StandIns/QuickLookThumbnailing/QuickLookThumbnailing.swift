import Foundation
import UniformTypeIdentifiers

/// Makes thumbnails of files, photos and videos among them (Apple: `QLThumbnailGenerator`). On
/// Linux there is no Quick Look: every request fails.
open class QLThumbnailGenerator: NSObject {
    /// The generator to use (Apple: `shared`).
    open class var shared: QLThumbnailGenerator { QLThumbnailGenerator() }

    /// What a thumbnail request asks for (Apple: `QLThumbnailGenerator.Request`).
    open class Request: NSObject {
        /// Which representations may answer (Apple: `RepresentationTypes`).
        public struct RepresentationTypes: OptionSet, Sendable {
            public let rawValue: UInt
            public init(rawValue: UInt) { self.rawValue = rawValue }
            public static let icon = RepresentationTypes(rawValue: 1 << 0)
            public static let lowQualityThumbnail = RepresentationTypes(rawValue: 1 << 1)
            public static let thumbnail = RepresentationTypes(rawValue: 1 << 2)
            public static let all = RepresentationTypes(rawValue: .max)
        }

        public let size: CGSize
        public let scale: CGFloat
        public let representationTypes: RepresentationTypes
        /// The file's content type, for a file whose name does not say it.
        public var contentType: UTType!
        let fileURL: URL

        public init(fileAt url: URL, size: CGSize, scale: CGFloat, representationTypes: RepresentationTypes) {
            fileURL = url
            self.size = size
            self.scale = scale
            self.representationTypes = representationTypes
        }
    }

    /// Saves the best thumbnail the request allows to `fileURL` as `contentType` (a JPEG, a PNG).
    open func saveBestRepresentation(for request: Request, to fileURL: URL, as contentType: UTType) async throws {
        throw CocoaError(.featureUnsupported)
    }
}
