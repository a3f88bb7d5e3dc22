/// A named attribute of a record as validation, the app's forms, the CLI and its hints name it
/// (T19). Its raw value is the name a ``ValidationIssue`` carries on the wire and in the CLI's
/// JSON, so front ends match problems to rows by the enum, never by a literal.
public protocol RecordField: RawRepresentable<String>, Hashable, Sendable, CaseIterable {}

/// A catch's attributes (T19, T5, T11).
public enum CatchField: String, RecordField {
    case tripId, species, time, count, weightKg, lengthCm, bait, method, depthM, waterTempC, released, notes
    case utcOffsetSeconds, waterClarityM, waterLevelM, waterTrend
}

/// A trip's attributes (UI6, T11).
public enum TripField: String, RecordField {
    case spotId, start, end, utcOffsetSeconds, title, companions, notes
    case waterTempC, waterClarityM, waterLevelM, waterTrend, track
}

/// A spot's attributes (UI4, T5).
public enum SpotField: String, RecordField {
    case name, lat, lon, waterBody, waterBodyType, depthM, notes, sharePrecision
}

/// An angler profile's attributes (T15).
public enum ProfileField: String, RecordField {
    case displayName, pin
}

/// A saved report's attributes (T18).
public enum ReportField: String, RecordField {
    case title, formula
}

/// A photo's or video's attributes as an import states them (T4).
public enum MediaField: String, RecordField {
    case sha256, byteSize, tripId
}
