import FishingModel
import Foundation

extension SavedReport {
    /// A saved report's columns (T18); its Trash state stays on the device.
    public static let columns = RecordColumns<SavedReport>(
        .report,
        blank: SavedReport(id: .blank, title: "", formula: "", chart: "", createdAt: .blank, updatedAt: .blank),
        [
            .column("id", \.id),
            .column("title", \.title),
            .column("formula", \.formula),
            .column("chart", \.chart),
            .column("created_at", \.createdAt),
            .column("updated_at", \.updatedAt),
        ])
}
