import DiaryServices
import Foundation
import Licensing
import Observation

/// One product of the App Store as the store shows it: its id, name and price in the angler's
/// currency (StoreKit's `Product` in the app).
public struct StoreProduct: Sendable, Equatable, Identifiable {
    public let id: String
    public let name: String
    public let price: String

    public init(id: String, name: String, price: String) {
        self.id = id
        self.name = name
        self.price = price
    }
}

/// How a purchase ended.
public enum PurchaseOutcome: Sendable, Equatable {
    /// Bought: the transaction as Apple signed it (`jwsRepresentation`), for the portal.
    case purchased(signedTransaction: String)
    /// Waiting for approval (Ask to Buy) or for the bank.
    case pending
    case cancelled
}

/// The App Store as the licence screen uses it (T13, issue 17): StoreKit 2 in the app
/// (`Product.products`, `purchase`, `Transaction.currentEntitlements`), a sample in the wireframes.
public protocol AppStorePurchasing: Sendable {
    func products(_ ids: [String]) async throws -> [StoreProduct]
    func purchase(_ productId: String) async throws -> PurchaseOutcome
    /// The signed transactions of what this Apple ID owns now, for "Restore purchases".
    func currentEntitlements() async -> [String]
    /// When this Apple ID first got the app (`AppTransaction`): the trial counts from there, so
    /// reinstalling does not start it again. Nil when the App Store cannot say.
    func firstDownload() async -> Date?
}

/// A store with nothing for sale: builds and portals that do not sell the app, and Linux.
public struct NothingForSale: AppStorePurchasing {
    public init() {}
    public func products(_ ids: [String]) async throws -> [StoreProduct] { [] }
    public func purchase(_ productId: String) async throws -> PurchaseOutcome { .cancelled }
    public func currentEntitlements() async -> [String] { [] }
    public func firstDownload() async -> Date? { nil }
}

/// The licence in the settings (T13, issue 17): where it stands — trial, active, grace, expired
/// and read-only — and the actions that change it: buy, restore. What the state means for the
/// data is said plainly: reading, export and pulling always work; nothing is ever deleted.
@MainActor
@Observable
public final class LicenceModel: DeclaresControls {
    public static let buy = Control("licence.buy", .button)
    public static let restore = Control("licence.restore", .button)
    public static let controls = [buy, restore]

    public private(set) var report: LicenceReport?
    public private(set) var products: [StoreProduct] = []
    /// Said after an action that did not change the state (pending, nothing to restore).
    public private(set) var note: String?
    public private(set) var problem: String?
    public private(set) var isWorking = false
    /// A purchase waits for approval (Ask to Buy): buying again is off until the App Store answers.
    public private(set) var awaitingApproval = false

    public let service: LicenceService
    private let store: any AppStorePurchasing
    private let productIds: [String]
    private let language: Language

    private let buildProblems: [LicensingBuildSettings.Problem]

    public init(
        service: LicenceService, store: any AppStorePurchasing, productIds: [String], language: Language,
        buildProblems: [LicensingBuildSettings.Problem] = []
    ) {
        self.service = service
        self.store = store
        self.productIds = productIds
        self.language = language
        self.buildProblems = buildProblems
    }

    /// In a development build without its licensing settings (issue 31 §3; a release build does
    /// not start without them): what that build does instead, and the settings it lacks.
    public var buildNote: String? {
        guard !buildProblems.isEmpty else { return nil }
        return text(
            "licence.developmentBuild", ["problems": buildProblems.map(\.description).joined(separator: "; ")])
    }

    /// Whether the diary takes new records and edits now (true until the licence is known).
    public var canWrite: Bool { report?.state.canWrite ?? true }

    /// Whether the products are offered: not while a purchase already unlocks the app.
    public var offersPurchase: Bool {
        if case .active = report?.state { return false }
        return true
    }

    /// The state in a sentence, with its day (ISO 8601, read the same in every language).
    public var summary: String {
        guard let state = report?.state else { return "" }
        let day = { (date: Date) in String(date.ISO8601Format().prefix(10)) }
        switch state {
        case .trial(let end): return text("licence.trial", ["date": day(end)])
        case .active(_, let until?): return text("licence.active", ["date": day(until)])
        case .active(_, nil): return text("licence.activeForever")
        case .grace(let end): return text("licence.grace", ["date": day(end)])
        case .expired: return text("licence.expired")
        }
    }

    public func load() async {
        await run {
            self.report = try await self.service.status()
            if self.products.isEmpty { self.products = (try? await self.store.products(self.productIds)) ?? [] }
        }
    }

    /// Buys `product` through the App Store, then has the portal verify and bind it.
    public func buy(_ product: StoreProduct) async {
        await working {
            switch try await self.store.purchase(product.id) {
            case .purchased(let signed): self.report = try await self.service.redeem(signedTransaction: signed)
            case .pending:
                self.note = self.text("licence.pending")
                self.awaitingApproval = true
            case .cancelled: break
            }
        }
    }

    /// Redeems what this Apple ID already owns; the first purchase the portal takes is enough.
    public func restore() async {
        await working {
            var lastError: (any Error)?
            for signed in await self.store.currentEntitlements() {
                do {
                    self.report = try await self.service.redeem(signedTransaction: signed)
                    return
                } catch {
                    lastError = error
                }
            }
            if let lastError { throw lastError }
            self.note = self.text("licence.nothingToRestore")
        }
    }

    private func working(_ body: @MainActor () async throws -> Void) async {
        guard !isWorking else { return }
        isWorking = true
        note = nil
        defer { isWorking = false }
        await run(body)
    }

    private func run(_ body: @MainActor () async throws -> Void) async {
        problem = await ProblemMessages(language: language).problem(running: body)
    }

    private func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Catalog.shared.text(key, language, values)
    }
}
