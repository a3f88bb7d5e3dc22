import FishingModel
import Foundation

extension Catch {
    /// A catch's columns (T19, T11, T5). `local_time` is the wall-clock minute the fish was
    /// caught, as yyyymmddhhmm, which reports group by.
    public static let columns = RecordColumns<Catch>(
        .catch,
        blank: Catch(
            id: .blank, tripId: .blank, speciesId: "", caughtAt: .blank, utcOffsetSeconds: 0, createdAt: .blank,
            updatedAt: .blank),
        [
            .column("id", \.id),
            .column("trip_id", \.tripId, merge: .whenAnchoringConditions),
            .column("species_id", \.speciesId, directory: .species),
            .column("caught_at", \.caughtAt, merge: .whenAnchoringConditions),
            .column("utc_offset_s", \.utcOffsetSeconds, merge: .when),
            .column("count", \.count),
            .column("weight_kg", \.weightKg),
            .column("length_cm", \.lengthCm),
            .column("bait_id", \.baitId, directory: .baits),
            .column("method_id", \.methodId, directory: .methods),
            .column("depth_m", \.depthM),
            .column("water_temp_c", \.waterTempC),
            .column("water_clarity_m", \.waterClarityM),
            .column("water_level_m", \.waterLevelM),
            .column("water_trend", \.waterTrend),
            .column("released", \.released),
            .column("notes", \.notes),
            .derived("local_time", merge: .when) {
                .integer(DiaryTime.localMinute($0.caughtAt, utcOffsetSeconds: $0.utcOffsetSeconds))
            },
            .column("created_at", \.createdAt),
            .column("updated_at", \.updatedAt),
            .deviceOnly("deleted_at", \.deletedAt),
        ])
}
