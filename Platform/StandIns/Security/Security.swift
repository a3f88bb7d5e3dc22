import Foundation

// A stand-in for Apple's Security framework on Linux (issue 15), written from its public
// documentation: only the Keychain item calls the app's map key store makes. Linux has no
// keychain: every call answers `errSecNotAvailable`.
//
// Core Foundation's types are not on Linux: `CFDictionary` and `CFString` stand for the Swift
// values the app bridges to them (`query as CFDictionary`, `kSecClass as String`).

/// A result code of the Security framework (Apple: `OSStatus`).
public typealias OSStatus = Int32
public typealias CFDictionary = [String: Any]
public typealias CFString = String
public typealias CFTypeRef = AnyObject

public let errSecSuccess: OSStatus = 0
public let errSecItemNotFound: OSStatus = -25300
public let errSecDuplicateItem: OSStatus = -25299
public let errSecNotAvailable: OSStatus = -25291

public let kSecClass: CFString = "class"
public let kSecClassGenericPassword: CFString = "genp"
public let kSecAttrService: CFString = "svce"
public let kSecAttrAccount: CFString = "acct"
public let kSecAttrAccessible: CFString = "pdmn"
public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
public let kSecValueData: CFString = "v_Data"
public let kSecReturnData: CFString = "r_Data"
public let kSecMatchLimit: CFString = "m_Limit"
public let kSecMatchLimitOne: CFString = "m_LimitOne"

/// Adds an item to the keychain.
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    errSecNotAvailable
}

/// Finds items matching the query; with `kSecReturnData`, the first one's data.
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    errSecNotAvailable
}

/// Changes the items matching the query.
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    errSecNotAvailable
}

/// Removes the items matching the query.
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { errSecNotAvailable }

/// A result code in words.
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    status == errSecNotAvailable ? "No keychain is available." : nil
}
