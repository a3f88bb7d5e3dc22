import Foundation
import MapSources
import Observation
import Weather

/// The key of one paid map source (T7, issue 15 §1): where to get one, a field to paste it,
/// Save, Check and Remove. A key is checked for its form before it is stored (a stray
/// character, a secret token) and kept in the device's key store, never in the diary; once
/// saved, the source is offered in the settings' picker. Checking asks the provider for one tile:
/// saving never waits on the network.
@MainActor
@Observable
public final class MapKeyModel: SafeguardsDestructiveActions, Identifiable {
    public static let keyField = Control("mapKeys.key", .field)
    public static let save = Control("mapKeys.save", .button)
    public static let check = Control("mapKeys.check", .button)
    public static let remove = Control("mapKeys.remove", .button, safeguard: .confirm)
    public static let getKey = Control("mapKeys.getKey", .link)
    public static let controls = [getKey, keyField, save, check, remove]

    /// What asking the provider for a tile with the key found.
    public enum Check: Sendable, Equatable {
        case checking
        case works
        /// 401 or 403: the key is unknown, revoked, or not allowed these tiles.
        case refused(status: Int)
        /// 402 or 429: the plan's quota is spent.
        case overQuota
        /// Any other answer, or one that is not an image.
        case unexpected(status: Int)
        /// No answer: no network, or the provider is down.
        case unreachable
    }

    public let source: MapSource
    /// What the angler has typed or pasted, until it is saved.
    public var entered = ""
    public private(set) var key: String?
    public private(set) var check: Check?
    /// What went wrong, in the angler's language.
    public private(set) var problem: String?
    public private(set) var confirmation: PendingConfirmation?
    public var undoOffer: UndoOffer? { nil }
    /// The language messages are said in: the settings' once they are read.
    public var language: Language

    public nonisolated var id: String { source.id }

    private let store: any MapKeyStore
    private let transport: any HTTPTransport
    private let userAgent: String

    public init(
        source: MapSource, store: any MapKeyStore, transport: any HTTPTransport, appVersion: String,
        language: Language
    ) {
        self.source = source
        self.store = store
        self.transport = transport
        self.language = language
        userAgent = "HobbyStory/\(appVersion)"
    }

    /// One model for each source the device draws that needs a key, in the catalogue's order.
    public static func models(
        drawable: Set<String>, store: any MapKeyStore, transport: any HTTPTransport, appVersion: String,
        language: Language
    ) -> [MapKeyModel] {
        MapSource.catalogue.filter { $0.needsKey && $0.surfaces.contains(.app) && drawable.contains($0.id) }.map {
            MapKeyModel(source: $0, store: store, transport: transport, appVersion: appVersion, language: language)
        }
    }

    public func load() async {
        await report { self.key = try self.store.key(for: self.source.id) }
    }

    /// Checks the pasted key's form, stores it, then asks the provider whether it works.
    public func save() async {
        guard let rule = source.key else { return }
        var stored = false
        await report {
            let key = try rule.checked(self.entered)
            try self.store.save(key, for: self.source.id)
            self.key = key
            self.entered = ""
            stored = true
        }
        if stored { await checkKey() }
    }

    /// Asks the provider for the first tile of the source's first kind with the saved key.
    public func checkKey() async {
        guard let kind = source.kinds.first, let address = source.tileURL(kind, z: 0, x: 0, y: 0, key: key),
            let url = URL(string: address)
        else { return }
        check = .checking
        let request = TransportRequest(url: url, headers: ["User-Agent": userAgent], timeout: .seconds(10))
        let outcome: Check
        do {
            let answer = try await transport.send(request)
            outcome = Self.judge(status: answer.status, body: answer.body)
        } catch {
            outcome = .unreachable
        }
        // A key removed while the provider answered is not judged by that answer.
        if check == .checking { check = outcome }
    }

    /// Removing the key asks first: the source leaves the map until a key is pasted again.
    public func request(_ control: Control) async {
        guard control == Self.remove, key != nil else { return }
        confirmation = PendingConfirmation(
            control: control, title: text("confirm.mapKeys.remove.title", ["source": source.name]),
            message: text("confirm.mapKeys.remove.message", ["source": source.name])
        ) { [weak self] in
            guard let self else { return }
            await report {
                try self.store.removeKey(for: self.source.id)
                self.key = nil
                self.check = nil
            }
            confirmation = nil
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    /// Whether Save has something to store.
    public var canSave: Bool { !entered.isEmpty }

    /// The saved key as the row shows it: its first six and last four characters.
    public var maskedKey: String? {
        guard let key else { return nil }
        guard key.count > 12 else { return String(repeating: "•", count: key.count) }
        return "\(key.prefix(6))…\(key.suffix(4))"
    }

    /// The key's state in words: none yet, saved, or what the last check found.
    public var statusText: String {
        guard key != nil else { return text("mapKeys.status.none") }
        switch check {
        case nil: return text("mapKeys.status.saved")
        case .checking: return text("mapKeys.status.checking")
        case .works: return text("mapKeys.status.works")
        case .refused(let status): return text("mapKeys.status.refused", ["status": "\(status)"])
        case .overQuota: return text("mapKeys.status.overQuota")
        case .unexpected(let status): return text("mapKeys.status.unexpected", ["status": "\(status)"])
        case .unreachable: return text("mapKeys.status.unreachable")
        }
    }

    /// A provider's answer to a tile request: an image with 2xx works; the statuses providers
    /// document for bad keys and spent quotas are named.
    static func judge(status: Int, body: Data) -> Check {
        switch status {
        case 200..<300: isImage(body) ? .works : .unexpected(status: status)
        case 401, 403: .refused(status: status)
        case 402, 429: .overQuota
        default: .unexpected(status: status)
        }
    }

    /// JPEG, PNG or WebP, by their first bytes.
    private static func isImage(_ body: Data) -> Bool {
        let bytes = [UInt8](body.prefix(12))
        return bytes.starts(with: [0xFF, 0xD8, 0xFF]) || bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
            || (bytes.starts(with: Array("RIFF".utf8)) && bytes.dropFirst(8).starts(with: Array("WEBP".utf8)))
    }

    private func report(_ body: @MainActor () async throws -> Void) async {
        problem = await ProblemMessages(language: language).problem(running: body)
    }

    private func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Catalog.shared.text(key, language, values)
    }
}
