import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import SyncClient

/// Fetching the bytes of photos and videos another device took (T3, T4): they arrive by sync as
/// rows, and their bytes come from the portal when opened, or all at once ("download all").
public struct MediaDownloadService: Sendable {
    public let diary: DiaryQueue
    /// The diary's media folder (`MediaStore.root`).
    public let mediaRoot: URL
    public let transport: @Sendable (URL) -> any SyncTransport

    public init(diary: DiaryQueue, mediaRoot: URL, transport: @escaping @Sendable (URL) -> any SyncTransport) {
        self.diary = diary
        self.mediaRoot = mediaRoot
        self.transport = transport
    }

    /// Why bytes cannot be fetched.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The bytes are on another device and this diary is not signed in to fetch them.
        case notSignedIn

        public var description: String {
            switch self {
            case .notSignedIn: "the bytes are on another device, and this diary is not signed in to the portal"
            }
        }
    }

    /// The assets among `assets` whose bytes are not on this device.
    public func missing(_ assets: [MediaAsset]) -> [MediaAsset] {
        assets.filter { !FileManager.default.fileExists(atPath: MediaStore.contentURL(mediaRoot, $0.sha256).path) }
    }

    /// Downloads the bytes of `assets` this device does not hold; returns how many came.
    @discardableResult
    public func fetchMissing(_ assets: [MediaAsset]) async throws -> Int {
        let missing = missing(assets)
        guard !missing.isEmpty else { return 0 }
        guard let account = try await diary.read({ try $0.sync.account() }), let token = account.token,
            let portal = URL(string: account.portalURL)
        else { throw Problem.notSignedIn }
        let transfer = MediaTransfer(transport: transport(portal))
        for asset in missing {
            try await transfer.download(
                sha256: asset.sha256, to: MediaStore.contentURL(mediaRoot, asset.sha256), token: token)
        }
        return missing.count
    }

    /// Downloads every photo and video of the diary that is not on this device yet.
    @discardableResult
    public func fetchAll() async throws -> Int {
        try await fetchMissing(try await diary.read { try $0.media.assets() })
    }
}
