import Foundation
import Synchronization

/// Where the device keeps the angler's keys of paid map sources (T7, issue 15 §1), by source id:
/// the Keychain in the app, never the diary (a key is a credential of the angler's account at
/// the provider, so it is neither synced nor exported).
public protocol MapKeyStore: Sendable {
    func key(for sourceId: String) throws(MapKeyStoreError) -> String?
    func save(_ key: String, for sourceId: String) throws(MapKeyStoreError)
    func removeKey(for sourceId: String) throws(MapKeyStoreError)
}

/// The key store refused (the Keychain's status, in words).
public struct MapKeyStoreError: Error, Sendable, Equatable {
    public let detail: String
    public init(_ detail: String) { self.detail = detail }
}

/// Keys kept for as long as the process runs: a device without a keychain (the wireframes, the
/// tests).
public final class MapKeysInMemory: MapKeyStore {
    private let keys: Mutex<[String: String]>

    public init(_ keys: [String: String] = [:]) { self.keys = Mutex(keys) }

    public func key(for sourceId: String) -> String? { keys.withLock { $0[sourceId] } }
    public func save(_ key: String, for sourceId: String) { keys.withLock { $0[sourceId] = key } }
    public func removeKey(for sourceId: String) { keys.withLock { $0[sourceId] = nil } }
}
