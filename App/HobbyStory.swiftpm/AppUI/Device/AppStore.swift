import AppFeatures
import Foundation
import Observation
import StoreKit
import SwiftUI

/// The App Store through StoreKit 2 (T13, issue 17): the products with their local prices, a
/// purchase, what this Apple ID owns (to restore) and the app's first download (where the trial
/// starts). Transactions go to the portal as Apple signed them; the portal decides, not StoreKit's
/// on-device check, which a patched app could skip. A purchase is made by the window the angler
/// tapped Buy in (``StorePurchases``), so the App Store's sheet shows there (issue 31 §1.3).
struct AppStore: AppStorePurchasing {
    let purchases: StorePurchases

    func products(_ ids: [String]) async throws -> [StoreProduct] {
        try await Product.products(for: ids).map {
            StoreProduct(id: $0.id, name: $0.displayName, price: $0.displayPrice)
        }
    }

    func purchase(_ productId: String) async throws -> PurchaseOutcome {
        try await purchases.buy(productId)
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

/// Purchases waiting for a window (issue 31 §1.3): the licence asks for one here, and the view
/// with the Buy button (``View/answeringPurchases(_:)``) makes it with its scene's
/// `PurchaseAction` and answers.
@Observable
@MainActor
public final class StorePurchases {
    /// The product a purchase waits for, while one does.
    public private(set) var pending: String?
    private let request = PresentedRequest<Result<PurchaseOutcome, any Error>>()

    public init() {}

    func buy(_ productId: String) async throws -> PurchaseOutcome {
        pending = productId
        defer { pending = nil }
        return try await request.ask(otherwise: .success(.cancelled)).get()
    }

    /// Makes the waiting purchase with `purchase` and answers it.
    func perform(with purchase: PurchaseAction) async {
        guard let productId = pending, request.isWaiting else { return }
        do {
            guard let product = try await Product.products(for: [productId]).first else {
                return request.answer(.success(.cancelled))
            }
            let result = try await purchase(product)
            request.answer(.success(await Self.outcome(of: result)))
        } catch {
            request.answer(.failure(error))
        }
    }

    /// A StoreKit result as the licence reads it; a verified transaction is finished here, as
    /// the portal receives Apple's signed copy.
    private static func outcome(of result: Product.PurchaseResult) async -> PurchaseOutcome {
        switch result {
        case .success(let verification):
            if case .verified(let transaction) = verification { await transaction.finish() }
            return .purchased(signedTransaction: verification.jwsRepresentation)
        case .pending: return .pending
        case .userCancelled: return .cancelled
        @unknown default: return .cancelled
        }
    }
}

/// Makes the purchases the licence waits for with this view's scene's purchase action.
private struct PurchaseResponder: ViewModifier {
    let purchases: StorePurchases
    @Environment(\.purchase) private var purchase

    func body(content: Content) -> some View {
        content.task(id: purchases.pending) { await purchases.perform(with: purchase) }
    }
}

extension View {
    /// Answers the purchases waiting in `purchases` from this view's window (none: nothing to answer).
    func answeringPurchases(_ purchases: StorePurchases?) -> some View {
        modifier(OptionalPurchaseResponder(purchases: purchases))
    }
}

/// ``PurchaseResponder`` when the device sells (the app), nothing otherwise (the wireframes).
private struct OptionalPurchaseResponder: ViewModifier {
    let purchases: StorePurchases?

    @ViewBuilder func body(content: Content) -> some View {
        if let purchases { content.modifier(PurchaseResponder(purchases: purchases)) } else { content }
    }
}
