import Foundation
import MapPacks
import Routing
import SyncClient
import SyncProtocol

/// The offline map packs of this device (issue 15 §2, T10): which the portal offers; one
/// downloaded — each file resumed where an earlier attempt stopped and checked against the
/// manifest's SHA-256, the manifest written last so a half-downloaded pack is never taken for an
/// installed one; those installed; which covers a point. The same for the app and the CLI.
public struct MapPackService: Sendable {
    /// Where packs live: one folder per pack, its files and `manifest.json`.
    public let folder: URL
    public let transport: @Sendable (URL) -> any SyncTransport
    /// Bytes per ranged request of a download: an interruption costs at most this.
    public var chunkBytes = 4 << 20
    /// The road graphs opened for routes and the tile archives opened for drawing, kept while
    /// their files are unchanged.
    let graphs = OpenFileCache<RoutingGraph>()
    let archives = OpenFileCache<PMTilesArchive>()
    /// The installed packs' manifests, read again only when a file changes (the map asks for
    /// them on every tile).
    let manifests = OpenFileCache<MapPackManifest>()

    public init(folder: URL, transport: @escaping @Sendable (URL) -> any SyncTransport) {
        self.folder = folder
        self.transport = transport
    }

    /// Why a pack cannot be had.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unknownPack(String, offered: [String])

        public var description: String {
            switch self {
            case .unknownPack(let name, let offered):
                "the portal offers no map pack \"\(name)\""
                    + (offered.isEmpty ? " (it offers none)" : "; it offers \(offered.joined(separator: ", "))")
            }
        }
    }

    /// The packs `portal` offers, each manifest checked.
    public func available(from portal: URL) async throws -> [MapPackManifest] {
        struct List: Decodable { let packs: [MapPackManifest] }
        let response: SyncHTTPResponse
        do {
            response = try await transport(portal).send(
                SyncHTTPRequest(method: "GET", target: PortalEndpoint.mapPacks.target()))
        } catch {
            throw SyncError.portalUnavailable("\(error)")
        }
        guard response.status == 200 else {
            if response.status >= 500 { throw SyncError.portalUnavailable("the portal answered \(response.status)") }
            throw SyncError.refused(status: response.status, code: .mapPacks, detail: "the portal lists no map packs")
        }
        let list: List
        do {
            list = try JSONDecoder().decode(List.self, from: response.body)
        } catch {
            throw SyncError.unreadableAnswer("the list of map packs: \(error)")
        }
        for manifest in list.packs { try manifest.validate() }
        return list.packs
    }

    /// Downloads (or finishes downloading) the pack `name` from `portal` and returns its manifest.
    @discardableResult
    public func download(_ name: String, from portal: URL) async throws -> MapPackManifest {
        let offered = try await available(from: portal)
        guard let manifest = offered.first(where: { $0.name == name }) else {
            throw Problem.unknownPack(name, offered: offered.map(\.name))
        }
        let packFolder = folder.appendingPathComponent(manifest.name, isDirectory: true)
        try FileManager.default.createDirectory(at: packFolder, withIntermediateDirectories: true)
        var transfer = MediaTransfer(transport: transport(portal))
        transfer.chunkBytes = chunkBytes
        for file in manifest.files {
            let destination = packFolder.appendingPathComponent(file.name)
            if (try? manifest.verifyFile(file, in: packFolder)) != nil { continue }
            try await transfer.download(
                PortalEndpoint.mapPackFile.target(["name": manifest.name, "file": file.name]), sha256: file.sha256,
                to: destination, token: nil)
        }
        try manifest.verify(in: packFolder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(manifest).write(to: packFolder.appendingPathComponent("manifest.json"), options: .atomic)
        return manifest
    }

    /// The packs on this device whose manifest checks out, by name.
    public func installed() -> [MapPackManifest] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name).appendingPathComponent("manifest.json")
            return try? manifests.value(at: url) { url in try MapPackManifest.read(Data(contentsOf: url)) }
        }
    }

    /// The installed packs whose area holds the point.
    public func covering(latitude: Double, longitude: Double) -> [MapPackManifest] {
        installed().filter { $0.covers(latitude: latitude, longitude: longitude) }
    }

    /// The folder of an installed pack.
    public func folder(of manifest: MapPackManifest) -> URL {
        folder.appendingPathComponent(manifest.name, isDirectory: true)
    }
}
