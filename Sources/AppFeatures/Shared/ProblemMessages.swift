import DiaryBackup
import DiaryInterchange
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Licensing
import MapSources
import MediaLibrary
import Reports
import SyncClient

/// Every error a screen shows, said in the angler's language (English and Russian for every
/// user-visible string, issue 13 §4): the core says what is wrong in its own types; this is
/// where the app turns each case into the catalogue's words. Anything unforeseen is still shown,
/// with its English detail, rather than hidden.
public struct ProblemMessages: Sendable {
    public let language: Language
    public let catalog: Catalog

    public init(language: Language, catalog: Catalog = .shared) {
        self.language = language
        self.catalog = catalog
    }

    /// Runs `body`: nil when it went through, else what went wrong in the angler's words — what
    /// a screen shows as its problem after an action.
    @MainActor
    public func problem(running body: @MainActor () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return text(error)
        }
    }

    public func text(_ error: any Error) -> String {
        switch error {
        case let error as ReportError: report(error)
        case let error as StoreError: store(error)
        case let error as SyncError: sync(error)
        case is SyncTransportError: text("error.sync.network")
        case let error as MediaStoreError: media(error)
        case let error as CaptureProblem: capture(error)
        case DiagnosticsProblem.noPortal: text("error.diagnostics.noPortal")
        case is LicenceError: text("error.licence.forged")
        case let error as KeyProblem: mapKey(error)
        case MapPacksProblem.notSignedIn: text("error.mapPacks.notSignedIn")
        case let error as MapPackService.Problem: text("error.mapPacks.unknown", ["detail": error.description])
        case let error as MapKeyStoreError: text("error.mapKeys.store", ["detail": error.detail])
        case let error as BackupError: backup(error)
        case let error as InterchangeError: interchange(error)
        case let error as TrackError: text("error.track.unreadable", ["detail": error.description])
        default: text("error.unexpected", ["detail": "\(error)"])
        }
    }

    /// A formula's problem (T18), its phrases translated too.
    public func report(_ error: ReportError) -> String {
        let values = error.values.mapValues { argument in
            switch argument {
            case .literal(let text): text
            case .phrase(let phrase): text("report.phrase.\(phrase.rawValue)")
            }
        }
        return text("report.\(error.problem.rawValue)", values)
    }

    private func store(_ error: StoreError) -> String {
        switch error {
        case .notFound(let entity, let id): text("error.store.notFound", ["entity": noun(entity), "id": id])
        case .ambiguousId(_, let prefix, _): text("error.store.ambiguousId", ["prefix": prefix])
        case .inTrash(let entity, let label): sentence("error.store.inTrash", ["entity": noun(entity), "label": label])
        case .alreadyInTrash(let entity, let label):
            sentence("error.store.alreadyInTrash", ["entity": noun(entity), "label": label])
        case .confirmationMismatch(let name): text("error.store.confirmationMismatch", ["name": name])
        case .nameTaken(let name): text("error.store.nameTaken", ["name": name])
        case .refused(let detail): text("error.store.refused", ["detail": detail])
        case .wrongPin: text("error.profiles.wrongPin")
        case .pinRequired: text("error.profiles.pinRequired")
        case .pinLocked(_, let seconds): text("error.profiles.locked", ["minutes": "\(max(1, (seconds + 59) / 60))"])
        case .readOnly: text("error.store.readOnly")
        case .damagedFile(let file, let reason): text("error.store.damagedFile", ["file": file, "reason": reason])
        }
    }

    private func backup(_ error: BackupError) -> String {
        switch error.problem {
        case .notABackup: text("error.backup.notABackup")
        case .newerVersion: text("error.backup.newer")
        case .destinationExists, .io: text("error.backup.io", ["detail": error.description])
        case .unexpectedMember, .duplicateMember, .missingMember, .digestMismatch, .diaryMismatch, .unreadableMember,
            .archive:
            text("error.backup.damaged", ["detail": error.description])
        }
    }

    /// A file an import cannot read or an export cannot write: what kind of problem in the
    /// angler's words, where and what the file holds in the core's.
    private func interchange(_ error: InterchangeError) -> String {
        switch error {
        case .tooLarge(let bytes, let limit):
            text("error.interchange.tooLarge", ["size": "\(bytes / 1_000_000)", "limit": "\(limit / 1_000_000)"])
        case .encoding(let place, _): text("error.interchange.encoding", ["place": place])
        case .unknownFormat, .nothingToImport: text("error.interchange.nothing")
        case .io, .destinationExists: text("error.interchange.io", ["detail": error.description])
        case .limit, .malformed, .mapping: text("error.interchange.unreadable", ["detail": error.description])
        }
    }

    private func sync(_ error: SyncError) -> String {
        switch error {
        case .notSignedIn: text("error.sync.notSignedIn")
        case .signInRequired: text("error.sync.signInRequired")
        case .portalUnavailable: text("error.sync.portalUnavailable")
        case .updateRequired: text("error.sync.updateRequired")
        case .refused(_, .entitlementRequired, _), .refused(_, .purchaseExpired, _):
            text("error.licence.entitlementRequired")
        case .refused(_, .purchaseShared, _): text("error.licence.purchaseShared")
        case .refused(_, .deviceLimit, _): text("error.licence.deviceLimit")
        case .refused(_, .purchaseRevoked, _): text("error.licence.purchaseRevoked")
        case .refused(_, .attestationRequired, _), .refused(_, .assertionRefused, _):
            text("error.licence.attestation")
        case .refused(_, _, let detail): text("error.sync.refused", ["detail": detail])
        case .unreadableAnswer: text("error.sync.unreadableAnswer")
        case .storage(let detail): text("error.sync.storage", ["detail": detail])
        }
    }

    private func media(_ error: MediaStoreError) -> String {
        switch error {
        case .unreadableSource(let path, _): text("error.media.unreadableSource", ["name": Self.fileName(path)])
        case .unsupportedMedia(let name, _): text("error.media.unsupportedMedia", ["name": name])
        case .contentMissing: text("error.media.contentMissing")
        case .contentDamaged: text("error.media.contentDamaged")
        case .destinationExists(let path): text("error.media.destinationExists", ["name": Self.fileName(path)])
        case .io(_, let reason): text("error.media.storage", ["detail": reason])
        }
    }

    private func capture(_ error: CaptureProblem) -> String {
        switch error {
        case .cameraDenied: text("error.capture.cameraDenied")
        case .cameraUnavailable: text("error.capture.cameraUnavailable")
        case .unreadablePicks(let count): catalog.text("error.capture.unreadablePicks", language, count: count)
        }
    }

    /// A map key that cannot be right (T7): what is wrong and what keys hold; the key itself is
    /// never repeated in full.
    private func mapKey(_ error: KeyProblem) -> String {
        switch error {
        case .empty: text("error.mapKeys.empty")
        case .tooLong(let bytes, let limit): text("error.mapKeys.tooLong", ["bytes": "\(bytes)", "limit": "\(limit)"])
        case .character(let character, let position):
            text("error.mapKeys.character", ["character": character, "position": "\(position)"])
        case .secret(let prefix): text("error.mapKeys.secret", ["prefix": prefix])
        case .prefix(let expected): text("error.mapKeys.prefix", ["prefix": expected])
        }
    }

    private func text(_ key: String, _ values: [String: String] = [:]) -> String {
        catalog.text(key, language, values)
    }

    /// A message that begins with a noun, capitalised as a sentence.
    private func sentence(_ key: String, _ values: [String: String]) -> String {
        let message = text(key, values)
        return message.prefix(1).uppercased() + message.dropFirst()
    }

    /// The kind of record, in the angler's language (`catch`, `photo`, …; others as they are).
    private func noun(_ entity: String) -> String {
        catalog.stored("entity.\(entity)", language) ?? entity
    }

    private static func fileName(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
