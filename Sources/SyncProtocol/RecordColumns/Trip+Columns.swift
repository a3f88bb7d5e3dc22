import FishingModel
import Foundation

extension Trip {
    /// A trip's columns (UI6, T11).
    public static let columns = RecordColumns<Trip>(
        .trip,
        blank: Trip(
            id: .blank, spotId: .blank, startAt: .blank, utcOffsetSeconds: 0, createdAt: .blank, updatedAt: .blank),
        [
            .column("id", \.id),
            .column("spot_id", \.spotId, merge: .whenAnchoringConditions),
            .column("start_at", \.startAt, merge: .whenAnchoringConditions),
            .column("end_at", \.endAt, merge: .when),
            .column("utc_offset_s", \.utcOffsetSeconds, merge: .when),
            .column("title", \.title),
            .column("companions", \.companions),
            .column("notes", \.notes),
            .column("water_temp_c", \.waterTempC),
            .column("water_clarity_m", \.waterClarityM),
            .column("water_level_m", \.waterLevelM),
            .column("water_trend", \.waterTrend),
            .column("track", \.track),
            .column("created_at", \.createdAt),
            .column("updated_at", \.updatedAt),
            .deviceOnly("deleted_at", \.deletedAt),
        ])
}
