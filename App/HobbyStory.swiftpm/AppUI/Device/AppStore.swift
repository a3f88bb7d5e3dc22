import AppFeatures
import Foundation
import StoreKit

/// The App Store through StoreKit 2 (T13, issue 17): the products with their local prices, a
/// purchase, what this Apple ID owns (to restore) and the app's first download (where the trial
/// starts). Transactions go to the portal as Apple signed them; the portal decides, not StoreKit's
/// on-device check, which a patched app could skip.
struct AppStore: AppStorePurchasing {
    func products(_ ids: [String]) async throws -> [StoreProduct] {
        try await Product.products(for: ids).map {
            StoreProduct(id: $0.id, name: $0.displayName, price: $0.displayPrice)
        }
    }

    func purchase(_ productId: String) async throws -> PurchaseOutcome {
        guard let product = try await Product.products(for: [productId]).first else { return .cancelled }
        switch try await product.purchase() {
        case .success(let result):
            if case .verified(let transaction) = result { await transaction.finish() }
            return .purchased(signedTransaction: result.jwsRepresentation)
        case .pending: return .pending
        case .userCancelled: return .cancelled
        @unknown default: return .cancelled
        }
    }

    func currentEntitlements() async -> [String] {
        var signed: [String] = []
        for await result in Transaction.currentEntitlements { signed.append(result.jwsRepresentation) }
        return signed
    }

    func firstDownload() async -> Date? {
        guard case .verified(let app)? = try? await AppTransaction.shared else { return nil }
        return app.originalPurchaseDate
    }
}
