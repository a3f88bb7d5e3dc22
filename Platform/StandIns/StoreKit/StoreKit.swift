import Foundation
import SwiftUI

// A stand-in for Apple's StoreKit 2 on Linux (issue 17), written from its public documentation:
// only what the app's store uses — products, a purchase, the current entitlements and the app's
// own transaction — so its unchanged source type-checks here. Nothing is for sale on Linux: the
// store has no products and no entitlements.

/// The result of a check StoreKit made of something the App Store signed.
public enum VerificationResult<SignedType: Sendable>: Sendable {
    case unverified(SignedType, VerificationError)
    case verified(SignedType)

    /// Why StoreKit found a signed object not genuine.
    public enum VerificationError: Error, Sendable {
        case revokedCertificate, invalidCertificateChain, invalidDeviceVerification, invalidEncoding,
            invalidSignature, missingRequiredProperties
    }
}

extension VerificationResult where SignedType == Transaction {
    /// The signed transaction as Apple signed it: a compact JWS.
    public var jwsRepresentation: String { "" }
}

extension VerificationResult where SignedType == AppTransaction {
    /// The signed app transaction as Apple signed it: a compact JWS.
    public var jwsRepresentation: String { "" }
}

/// A purchase or a renewal of one of the app's products.
public struct Transaction: Sendable {
    public let id: UInt64
    public let originalID: UInt64
    public let productID: String
    public let expirationDate: Date?
    public let revocationDate: Date?

    /// Tells the App Store the purchase was delivered.
    public func finish() async {}

    /// What the Apple ID owns now: one signed transaction per product still in force.
    public static var currentEntitlements: Transactions { Transactions() }

    /// An asynchronous sequence of signed transactions.
    public struct Transactions: AsyncSequence, Sendable {
        public typealias Element = VerificationResult<Transaction>

        public struct AsyncIterator: AsyncIteratorProtocol {
            public mutating func next() async -> VerificationResult<Transaction>? { nil }
        }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }
}

/// The app's own purchase or download, signed by the App Store.
public struct AppTransaction: Sendable {
    /// When the Apple ID first got the app.
    public let originalPurchaseDate: Date

    /// The app's transaction; throws when the App Store cannot be reached.
    public static var shared: VerificationResult<AppTransaction> {
        get async throws { throw StoreKitError.notAvailableInStorefront }
    }
}

/// A product of the App Store, as the store describes it in the angler's language and currency.
public struct Product: Sendable, Identifiable {
    public let id: String
    public let displayName: String
    public let displayPrice: String

    /// The products of `identifiers` the store has; unknown ones are left out.
    public static func products(for identifiers: some Collection<String>) async throws -> [Product] { [] }

    /// Asks the angler to buy the product (Apple: main-actor isolated; SwiftUI's
    /// ``PurchaseAction`` is the scene-aware way).
    @MainActor public func purchase(options: Set<PurchaseOption> = []) async throws -> PurchaseResult {
        .userCancelled
    }

    /// A setting of one purchase (Apple: `Product.PurchaseOption`); the app sets none.
    public struct PurchaseOption: Hashable, Sendable {}

    /// How a purchase ended.
    public enum PurchaseResult: Sendable {
        case success(VerificationResult<Transaction>)
        case userCancelled
        case pending
    }
}

/// Why the App Store could not do what was asked.
public enum StoreKitError: Error, Sendable {
    case unknown, userCancelled
    case networkError(URLError)
    case systemError(any Error)
    case notAvailableInStorefront,
        notEntitled,
        unsupported
}

/// Buys a product from the window the view is in, so the App Store's sheet shows there (Apple:
/// `PurchaseAction`, read from the environment's `purchase`, iOS 17). Linux sells nothing.
@MainActor @preconcurrency public struct PurchaseAction {
    nonisolated init() {}

    public func callAsFunction(_ product: Product, options: Set<Product.PurchaseOption> = []) async throws
        -> Product.PurchaseResult
    {
        .userCancelled
    }
}

private struct PurchaseKey: EnvironmentKey {
    static var defaultValue: PurchaseAction { PurchaseAction() }
}

extension EnvironmentValues {
    /// The purchase action of the view's scene (Apple: `EnvironmentValues.purchase`).
    @MainActor @preconcurrency public var purchase: PurchaseAction {
        self[PurchaseKey.self]
    }
}
