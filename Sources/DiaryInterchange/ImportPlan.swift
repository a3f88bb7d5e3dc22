import DiaryStore
import FishingModel
import Foundation

/// The formats the diary exports and imports (issue 34 §1, §6).
public enum InterchangeFormat: String, Sendable, CaseIterable {
    /// One spreadsheet of catches with their trips' and spots' columns.
    case csv
    /// GPX 1.1: spots and catches as waypoints, trips as tracks.
    case gpx
    /// KML 2.2 (Google Earth): spots and catches as placemarks in a folder per trip.
    case kml
    /// KML zipped with the catches' photos.
    case kmz

    /// The format a file's name says, or nil.
    public init?(fileName: String) {
        let suffix = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        self.init(rawValue: suffix)
    }
}

/// What reading a file found before anything is saved (issue 34 §1 "preview … nothing saved until
/// confirmed"): the records it would add, the rows or elements refused and why, the names no
/// directory knows, how a spreadsheet's columns were read, and which records the diary already
/// holds.
public struct ImportPlan: Sendable {
    /// One part of the file that is not imported, and why.
    public struct Refusal: Sendable, Equatable {
        /// "row 12", "row 12, column Weight (kg)", "waypoint 3 (Volga bend)".
        public var place: String
        public var reason: String
    }

    /// A name no directory holds, and how many rows gave it.
    public struct UnmatchedName: Sendable, Equatable {
        public var directory: DirectoryKind
        public var name: String
        public var rows: Int
    }

    /// A name read as the one directory entry whose name begins with it ("Щука" as
    /// "Щука обыкновенная"), said to the angler since it is a reading, not an exact match.
    public struct Reading: Sendable, Equatable {
        public var directory: DirectoryKind
        public var written: String
        public var entryId: String
        /// The entry's English name, for the command line (the app says it in its language).
        public var entryName: String
        public var rows: Int
    }

    public var format: InterchangeFormat
    public var batch: ImportBatch
    public var mapping: SheetMapping?
    public var refusals: [Refusal] = []
    public var unmatched: [UnmatchedName] = []
    public var readings: [Reading] = []
    /// What the file holds that the diary does not import, said once each ("2 tracks: …").
    public var notes: [String] = []
    /// The ids of the batch the diary already holds.
    public var present: Set<UUID> = []

    /// How many of the batch's records of each kind the diary does not hold yet.
    public var newCounts: [(RecordKind, Int)] { counts { !present.contains($0) } }

    /// How many of the batch's records of each kind the diary already holds.
    public var presentCounts: [(RecordKind, Int)] { counts { present.contains($0) } }

    private func counts(_ included: (UUID) -> Bool) -> [(RecordKind, Int)] {
        [
            (.spot, batch.spots.count { included($0.id) }), (.trip, batch.trips.count { included($0.id) }),
            (.catch, batch.catches.count { included($0.id) }),
        ]
    }
}
