import Foundation

/// One purchase as the admins see it (T13, issue 17): who it unlocks and what happened to it.
public struct LicenceSummary: Sendable, Equatable, Codable {
    public let originalTransactionId: String
    public let productId: String
    public let environment: String
    public let expiresAt: Date?
    public let revokedAt: Date?
    /// The accounts' emails it is bound to.
    public let accounts: [String]
    public let devices: Int
    /// Attempts to share it beyond the limits.
    public let refusals: Int

    public init(
        originalTransactionId: String, productId: String, environment: String, expiresAt: Date?, revokedAt: Date?,
        accounts: [String], devices: Int, refusals: Int
    ) {
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.environment = environment
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.accounts = accounts
        self.devices = devices
        self.refusals = refusals
    }
}

/// One line of a purchase's or an account's licence history.
public struct LicenceEvent: Sendable, Equatable, Codable {
    public let at: Date
    public let kind: String
    public let originalTransactionId: String?
    public let account: String?
    public let detail: String

    public init(at: Date, kind: String, originalTransactionId: String?, account: String?, detail: String) {
        self.at = at
        self.kind = kind
        self.originalTransactionId = originalTransactionId
        self.account = account
        self.detail = detail
    }
}
