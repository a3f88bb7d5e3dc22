/// The four kinds of reference data (directories) the portal owns and the app only reads (T5).
public enum DirectoryKind: String, Codable, Sendable, CaseIterable {
    case species
    case baits
    case methods
    case waterBodyTypes = "water-body-types"

    /// The table holding this directory, in every database that has it.
    public var table: String {
        switch self {
        case .species: "species"
        case .baits: "baits"
        case .methods: "methods"
        case .waterBodyTypes: "water_body_types"
        }
    }

    /// The field a record's reference to this directory is named by in validation issues
    /// (`species`, `bait`, `method`, `waterBodyType`): what the store reports and the front ends
    /// read to say which directory to look in.
    public var referenceField: String {
        switch self {
        case .species: CatchField.species.rawValue
        case .baits: CatchField.bait.rawValue
        case .methods: CatchField.method.rawValue
        case .waterBodyTypes: SpotField.waterBodyType.rawValue
        }
    }

    /// The singular noun a message uses ("not in the species directory").
    public var entryNoun: String {
        switch self {
        case .species: "species"
        case .baits: "bait"
        case .methods: "method"
        case .waterBodyTypes: "water-body type"
        }
    }
}

/// Whether a species lives in fresh water, the sea, or both (anadromous and brackish species).
public enum WaterKind: String, Codable, Sendable, CaseIterable {
    case fresh, salt, both
}

/// One entry of any directory: a stable slug id, English and Russian names, and the details that
/// only some kinds have (Latin name, family and water for species; category for baits;
/// a description for methods). Retired entries stay readable for old records but are not offered.
public struct DirectoryEntry: Codable, Sendable, Equatable, Identifiable {
    public var kind: DirectoryKind
    public var id: String
    public var nameEn: String
    public var nameRu: String
    public var latin: String?
    public var family: String?
    public var water: WaterKind?
    public var category: String?
    public var description: String?
    public var retired: Bool

    public init(
        kind: DirectoryKind, id: String, nameEn: String, nameRu: String, latin: String? = nil, family: String? = nil,
        water: WaterKind? = nil, category: String? = nil, description: String? = nil, retired: Bool = false
    ) {
        self.kind = kind
        self.id = id
        self.nameEn = nameEn
        self.nameRu = nameRu
        self.latin = latin
        self.family = family
        self.water = water
        self.category = category
        self.description = description
        self.retired = retired
    }

    /// The names a search matches: English, Russian and, for species, Latin.
    public var searchableNames: [String] { [nameEn, nameRu] + (latin.map { [$0] } ?? []) }
}

/// The categories a bait belongs to.
public enum BaitCategory: String, Codable, Sendable, CaseIterable {
    case natural, plant, prepared
    case hardLure = "hard-lure"
    case softLure = "soft-lure"
    case fly, other
}
