import FishingModel

extension RecordKind {
    /// The columns a record of this kind travels with, from its definition (``RecordColumns``):
    /// what every client of this build sends with each change, beside the conditions and a
    /// photo's links.
    public var syncedColumns: [String] {
        switch self {
        case .spot: Spot.columns.syncedNames
        case .trip: Trip.columns.syncedNames
        case .catch: Catch.columns.syncedNames
        case .media: MediaAsset.columns.syncedNames
        case .report: SavedReport.columns.syncedNames
        }
    }
}
