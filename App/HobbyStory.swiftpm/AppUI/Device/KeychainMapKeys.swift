import AppFeatures
import Foundation
import Security

/// The angler's keys of paid map sources in the iOS Keychain (T7, issue 15 §1): one generic
/// password per source, readable after the device's first unlock, never in backups to another
/// device, never in the diary.
struct KeychainMapKeys: MapKeyStore {
    /// The Keychain service the keys are filed under.
    static let service = "org.hobbystory.fishing.map-keys"

    func key(for sourceId: String) throws(MapKeyStoreError) -> String? {
        var query = Self.item(sourceId)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        try Self.require(status)
        return (result as? Data).flatMap { String(data: $0, encoding: .utf8) }
    }

    func save(_ key: String, for sourceId: String) throws(MapKeyStoreError) {
        let data = Data(key.utf8)
        let update = [kSecValueData as String: data]
        let status = SecItemUpdate(Self.item(sourceId) as CFDictionary, update as CFDictionary)
        guard status == errSecItemNotFound else { return try Self.require(status) }
        var item = Self.item(sourceId)
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        try Self.require(SecItemAdd(item as CFDictionary, nil))
    }

    func removeKey(for sourceId: String) throws(MapKeyStoreError) {
        let status = SecItemDelete(Self.item(sourceId) as CFDictionary)
        if status != errSecItemNotFound { try Self.require(status) }
    }

    private static func item(_ sourceId: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: sourceId,
        ]
    }

    private static func require(_ status: OSStatus) throws(MapKeyStoreError) {
        guard status != errSecSuccess else { return }
        let words = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "status \(status)"
        throw MapKeyStoreError(words)
    }
}
