import Foundation

/// The fields of a verified App Store transaction (`JWSTransactionDecodedPayload`) the portal
/// decides on (T13, issue 17). Times are Apple's milliseconds since 1970.
public struct AppStoreTransaction: Sendable, Equatable, Decodable {
    public let transactionId: String
    /// The first purchase of this product by this Apple account: renewals share it, so it is
    /// what an account is bound to.
    public let originalTransactionId: String
    public let bundleId: String
    public let productId: String
    /// "Production" or "Sandbox".
    public let environment: String
    public let purchaseDate: Int64
    /// When a subscription period ends; absent for a purchase that does not expire.
    public let expiresDate: Int64?
    /// When Apple refunded or revoked it.
    public let revocationDate: Int64?
    public let revocationReason: Int?
    public let signedDate: Int64
    public let type: String?

    /// Where the transaction stands at `now`.
    public func standing(at now: Date) -> Standing {
        if let revocationDate { return .revoked(at: Self.date(revocationDate)) }
        guard let expiresDate else { return .active(until: nil) }
        let end = Self.date(expiresDate)
        return end > now ? .active(until: end) : .expired(at: end)
    }

    /// Whether the transaction unlocks the app now.
    public enum Standing: Sendable, Equatable {
        /// Until the end of its period; nil: for good.
        case active(until: Date?)
        case expired(at: Date)
        case revoked(at: Date)
    }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

/// A verified App Store Server Notification V2 (`ResponseBodyV2DecodedPayload`): its type, its
/// unique id (for idempotence) and the transaction it carries, verified in turn (T13, issue 17).
public struct AppStoreNotification: Sendable, Equatable {
    public let notificationUUID: String
    public let notificationType: String
    public let subtype: String?
    public let bundleId: String
    public let environment: String
    /// The transaction the notification is about, when it carries one.
    public let transaction: AppStoreTransaction?

    /// The types that change an entitlement; others are stored and otherwise ignored.
    public var effect: Effect {
        switch notificationType {
        case "REFUND", "REVOKE": .revoke
        case "SUBSCRIBED", "DID_RENEW", "OFFER_REDEEMED", "REFUND_REVERSED", "RENEWAL_EXTENDED", "EXPIRED",
            "GRACE_PERIOD_EXPIRED", "DID_FAIL_TO_RENEW", "ONE_TIME_CHARGE":
            .update
        default: .none
        }
    }

    /// What a notification does to the purchase it names.
    public enum Effect: Sendable, Equatable {
        /// Refunded or revoked: the entitlement goes (the transaction carries the revocation).
        case revoke
        /// Renewed, lapsed, reinstated: the stored purchase takes the transaction's dates.
        case update
        case none
    }

    struct Payload: Decodable {
        let notificationType: String
        let subtype: String?
        let notificationUUID: String
        let data: Contents?

        struct Contents: Decodable {
            let bundleId: String?
            let environment: String?
            let signedTransactionInfo: String?
        }
    }
}
