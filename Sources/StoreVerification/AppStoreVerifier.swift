import Foundation

/// Verifies what the app and Apple send the portal about purchases (T13, issue 17): a signed
/// transaction a device redeems, and App Store Server Notifications V2. Each is checked as an
/// ``AppleSignedObject`` against the configured root, then for this app: the bundle id, the
/// environment and the product.
public struct AppStoreVerifier: Sendable {
    /// Where purchases may come from: "Production" on a live portal; "Sandbox" while testing.
    public let environments: Set<String>
    public let bundleId: String
    /// The product ids that unlock the app (a subscription, a one-time purchase).
    public let products: Set<String>
    public let chain: CertificateChain

    public init(chain: CertificateChain, bundleId: String, products: Set<String>, environments: Set<String>) {
        self.chain = chain
        self.bundleId = bundleId
        self.products = products
        self.environments = environments
    }

    /// The transaction `jws` carries, when Apple signed it for this app and one of its products.
    public func transaction(_ jws: String, now: Date) throws(StoreVerificationError) -> AppStoreTransaction {
        let transaction = try AppleSignedObject(verifying: jws, chain: chain, now: now).decode(
            AppStoreTransaction.self)
        try check(bundle: transaction.bundleId, environment: transaction.environment)
        guard products.contains(transaction.productId) else {
            throw StoreVerificationError(
                .unknownProduct,
                "product \"\(transaction.productId.prefix(100))\" is not one that unlocks the app (\(products.sorted().joined(separator: ", ")))"
            )
        }
        return transaction
    }

    /// The notification `signedPayload` carries, with its transaction verified too. A
    /// notification about another product is returned without its transaction.
    public func notification(_ signedPayload: String, now: Date) throws(StoreVerificationError)
        -> AppStoreNotification
    {
        let payload = try AppleSignedObject(verifying: signedPayload, chain: chain, now: now).decode(
            AppStoreNotification.Payload.self)
        try check(bundle: payload.data?.bundleId ?? "", environment: payload.data?.environment ?? "")
        var transaction: AppStoreTransaction?
        if let signed = payload.data?.signedTransactionInfo {
            do {
                transaction = try self.transaction(signed, now: now)
            } catch  where error.code == .unknownProduct {
                transaction = nil
            }
        }
        return AppStoreNotification(
            notificationUUID: payload.notificationUUID, notificationType: payload.notificationType,
            subtype: payload.subtype, bundleId: payload.data?.bundleId ?? "",
            environment: payload.data?.environment ?? "", transaction: transaction)
    }

    private func check(bundle: String, environment: String) throws(StoreVerificationError) {
        guard bundle == bundleId else {
            throw StoreVerificationError(
                .wrongBundle, "it is for the app \"\(bundle.prefix(100))\", not \"\(bundleId)\"")
        }
        guard environments.contains(environment) else {
            throw StoreVerificationError(
                .wrongEnvironment,
                "it comes from the \"\(environment.prefix(20))\" environment; this portal takes \(environments.sorted().joined(separator: ", "))"
            )
        }
    }
}
