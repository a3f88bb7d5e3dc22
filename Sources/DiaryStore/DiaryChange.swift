/// What a committed write changed in a diary, by the kinds of things screens show (issue 13 §1
/// "observation of changes"): a list of trips refreshes on `.trips`, the Trash on `.trash`, the
/// sync status on `.sync`, whatever path made the change — an edit on another screen, a sync
/// pull, a weather fill or a restore from the Trash.
public struct DiaryChange: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let spots = DiaryChange(rawValue: 1 << 0)
    public static let trips = DiaryChange(rawValue: 1 << 1)
    public static let catches = DiaryChange(rawValue: 1 << 2)
    /// Photos and videos, and their links to spots, trips and catches.
    public static let media = DiaryChange(rawValue: 1 << 3)
    /// Weather, moon, sun and magnetic conditions stored with trips and catches.
    public static let conditions = DiaryChange(rawValue: 1 << 4)
    public static let trash = DiaryChange(rawValue: 1 << 5)
    /// The read-only directory replica (species, baits, methods, water-body types).
    public static let directories = DiaryChange(rawValue: 1 << 6)
    /// The outbox, the account and everything else sync keeps.
    public static let sync = DiaryChange(rawValue: 1 << 7)
    /// The diary's own settings and metadata.
    public static let settings = DiaryChange(rawValue: 1 << 8)
    /// Saved custom reports.
    public static let reports = DiaryChange(rawValue: 1 << 9)
    /// The files imported into the diary and the records each made.
    public static let imports = DiaryChange(rawValue: 1 << 10)

    /// The kinds written when `tables` were; a table the map does not know counts as every kind,
    /// so a table added later can cause an extra refresh but never a missed one.
    public init(tables: Set<String>) {
        self = tables.reduce(into: []) { $0.formUnion(Self.kinds[$1] ?? Self.everything) }
    }

    public static let everything = DiaryChange(rawValue: (1 << 11) - 1)

    /// Each table of the diary's database with the kinds it holds.
    static let kinds: [String: DiaryChange] = [
        "spots": .spots, "trips": .trips, "catches": .catches, "spot_fish": .catches,
        "media_assets": .media, "media_links": .media, "sync_media_uploads": [.media, .sync],
        "conditions": .conditions, "trash": .trash,
        "species": .directories, "baits": .directories, "methods": .directories, "water_body_types": .directories,
        "directory_meta": .directories,
        "outbox": .sync, "outbox_v": .sync, "sync_account": .sync, "sync_full_pass": .sync, "sync_parked": .sync,
        "sync_parked_v": .sync, "sync_records": .sync, "sync_records_v": .sync, "sync_rejections": .sync,
        "diary_meta": .settings, "schema_migrations": .settings, "saved_reports": .reports,
        "error_reports": .settings, "imports": .imports, "imported_records": .imports,
    ]
}
