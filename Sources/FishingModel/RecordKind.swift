/// The kinds of user record the diary keeps and syncs (T3): spots, trips, catches, the rows
/// describing photos and videos (T4, T16, T17; their bytes travel apart, by tus upload,
/// docs/media.md) and saved custom reports (T18), which the site runs too. Directories are not
/// among them (T5). Every kind goes to the Trash, the outbox and the portal alike (UI5). The
/// cases are in parents-first order, the order pulled records are applied in.
///
/// An app knows the kinds of its build: it names them when it pulls, and the portal sends no
/// other (`SyncProtocolVersion`). A kind added here reaches apps of later builds only; a diary
/// that learns one pulls again from the start.
public enum RecordKind: String, Codable, Sendable, CaseIterable {
    case spot, trip, `catch`, media, report

    /// Whether photos and videos can belong to it.
    public var holdsMedia: Bool { self == .spot || self == .trip || self == .catch }
}
