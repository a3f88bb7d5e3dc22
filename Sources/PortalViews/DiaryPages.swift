import FishingModel
import Foundation

/// Which trips the diary page shows (issue 16 §1: search and filter by year, species, spot).
public struct DiaryFilter: Sendable, Hashable {
    public var year: Int?
    public var speciesId: String?
    public var spotId: UUID?
    /// Words looked for, case- and accent-insensitively, in a trip's title, companions, notes and
    /// spot, and in its catches' notes, species, baits and methods by any of their names.
    public var words: String?

    public init(year: Int? = nil, speciesId: String? = nil, spotId: UUID? = nil, words: String? = nil) {
        self.year = year
        self.speciesId = speciesId
        self.spotId = spotId
        self.words = words
    }
}

/// A page of trips and what the filters can offer.
public struct DiaryTripsPage: Sendable {
    public var trips: [DiaryTripEntry]
    /// Trips matching the filter on every page.
    public var total: Int
    public var page: Int
    public var pageSize: Int
    public var years: [Int]
    public var spots: [DiarySpot]
    /// The species the account has caught (directory ids).
    public var species: [String]

    public var pageCount: Int { max(1, (total + pageSize - 1) / pageSize) }

    public init(
        trips: [DiaryTripEntry], total: Int, page: Int, pageSize: Int, years: [Int], spots: [DiarySpot],
        species: [String]
    ) {
        self.trips = trips
        self.total = total
        self.page = page
        self.pageSize = pageSize
        self.years = years
        self.spots = spots
        self.species = species
    }
}

/// A trip in the list with its spot and its fish by species.
public struct DiaryTripEntry: Sendable {
    public var trip: DiaryEntry<Trip>
    public var spot: DiarySpot?
    public var fish: [FishCount]

    public init(trip: DiaryEntry<Trip>, spot: DiarySpot?, fish: [FishCount]) {
        self.trip = trip
        self.spot = spot
        self.fish = fish
    }
}

/// How many fish of one species (a catch may hold several).
public struct FishCount: Sendable, Equatable {
    public var speciesId: String
    public var count: Int

    public init(speciesId: String, count: Int) {
        self.speciesId = speciesId
        self.count = count
    }
}

/// A trip's page.
public struct DiaryTripDetail: Sendable {
    public var trip: DiaryEntry<Trip>
    public var spot: DiarySpot?
    public var catches: [DiaryEntry<Catch>]
    public var media: [DiaryMedia]

    public init(trip: DiaryEntry<Trip>, spot: DiarySpot?, catches: [DiaryEntry<Catch>], media: [DiaryMedia]) {
        self.trip = trip
        self.spot = spot
        self.catches = catches
        self.media = media
    }
}

/// A catch's page.
public struct DiaryCatchDetail: Sendable {
    public var `catch`: DiaryEntry<Catch>
    public var trip: DiaryEntry<Trip>?
    public var media: [DiaryMedia]

    public init(catch: DiaryEntry<Catch>, trip: DiaryEntry<Trip>?, media: [DiaryMedia]) {
        self.catch = `catch`
        self.trip = trip
        self.media = media
    }
}

/// A directory entry's name in the two languages of the app and the site.
public struct DirectoryName: Sendable, Equatable {
    public var en: String
    public var ru: String

    public init(en: String, ru: String) {
        self.en = en
        self.ru = ru
    }
}
