import FishingModel
import Foundation

extension Spot {
    /// A spot's columns (UI4, T9, T10, T5). The place label is a group: present whole or not at
    /// all.
    public static let columns = RecordColumns<Spot>(
        .spot,
        blank: Spot(id: .blank, name: "", latitude: 0, longitude: 0, createdAt: .blank, updatedAt: .blank),
        [
            .column("id", \.id),
            .column("name", \.name),
            .column("latitude", \.latitude, merge: .position),
            .column("longitude", \.longitude, merge: .position),
            .column("water_body_name", \.waterBodyName),
            .column("water_body_type_id", \.waterBodyTypeId, directory: .waterBodyTypes),
            .column("depth_m", \.depthM),
            .column("notes", \.notes),
            .column("share_precision", \.sharePrecision),
            .group(
                [
                    "place_settlement", "place_region", "place_country", "place_country_code", "place_distance_km",
                    "place_bearing", "place_description",
                ], \.place, expected: "a place label: texts and numbers, or nulls", merge: .position,
                read: placeFields, write: place),
            .column("created_at", \.createdAt),
            .column("updated_at", \.updatedAt),
            .deviceOnly("deleted_at", \.deletedAt),
        ])

    private static func placeFields(_ place: PlaceLabel?) -> [FieldValue] {
        [
            place?.settlement.field ?? .null, place?.region.field ?? .null, place?.country.field ?? .null,
            place?.countryCode.field ?? .null, place?.distanceKm.field ?? .null,
            place?.bearingFromSettlement.field ?? .null, place?.description.field ?? .null,
        ]
    }

    /// The label, nil when a part is missing; fails (`.none`) when a part is of another type.
    private static func place(_ value: (Int) -> FieldValue) -> PlaceLabel?? {
        guard let settlement = String?(field: value(0)), let region = String?(field: value(1)),
            let country = String?(field: value(2)), let code = String?(field: value(3)),
            let km = Double?(field: value(4)), let bearing = Double?(field: value(5)),
            let description = String?(field: value(6))
        else { return .none }
        guard let settlement, let country, let code, let km, let bearing, let description else { return .some(nil) }
        return PlaceLabel(
            settlement: settlement, region: region, country: country, countryCode: code, distanceKm: km,
            bearingFromSettlement: bearing, description: description)
    }
}
