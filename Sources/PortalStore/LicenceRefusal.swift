import Foundation
import HTTPProblem

/// Why the portal refused a licence step (T13, issue 17): each with the HTTP status and problem
/// `code` the app understands (the one error-to-HTTP mapping in `PortalErrors` reads them).
public struct LicenceRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: Sendable {
        /// The purchase is already bound to as many other accounts as allowed.
        case purchaseShared
        /// The purchase already unlocks as many devices as allowed.
        case deviceLimit
        /// Apple refunded or revoked the purchase.
        case purchaseRevoked
        /// The subscription period is over.
        case purchaseExpired
        /// A push needs an active purchase (`--require-entitlement`).
        case entitlementRequired
        /// A push needs an attested device (`--require-attestation`).
        case attestationRequired
        /// The request's App Attest assertion is missing, forged, replayed or rolled back.
        case assertionRefused
        /// The attestation's challenge is not one this portal handed this device, or it expired.
        case unknownChallenge
        /// The portal has no App Store or App Attest configuration.
        case notConfigured
    }

    /// The problem code the portal answers with.
    public var problemCode: ProblemCode {
        switch code {
        case .purchaseShared: .purchaseShared
        case .deviceLimit: .deviceLimit
        case .purchaseRevoked: .purchaseRevoked
        case .purchaseExpired: .purchaseExpired
        case .entitlementRequired: .entitlementRequired
        case .attestationRequired: .attestationRequired
        case .assertionRefused: .assertionRefused
        case .unknownChallenge: .unknownChallenge
        case .notConfigured: .licensingNotConfigured
        }
    }

    public let code: Code
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { detail }

    /// 402 where paying fixes it, 403 where the device or the purchase is refused, 400 for a
    /// stale challenge, 404 for a portal that does not sell (nothing there to use).
    public var status: Int {
        switch code {
        case .entitlementRequired, .purchaseExpired: 402
        case .purchaseShared, .deviceLimit, .purchaseRevoked, .attestationRequired, .assertionRefused: 403
        case .unknownChallenge: 400
        case .notConfigured: 404
        }
    }
}

/// How many accounts and devices one App Store purchase may unlock (T13, issue 17):
/// `--purchase-accounts` and `--purchase-devices`.
public struct PurchaseLimits: Sendable, Equatable {
    public var accounts: Int
    public var devices: Int

    public init(accounts: Int = 1, devices: Int = 10) {
        self.accounts = accounts
        self.devices = devices
    }
}

/// A purchase that unlocks an account now.
public struct ActivePurchase: Sendable, Equatable {
    public let originalTransactionId: String
    public let productId: String
    public let environment: String
    /// When the period ends; nil for a purchase that does not.
    public let expiresAt: Date?
}
