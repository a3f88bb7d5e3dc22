// swift-tools-version:6.0
// The Hobby Story — Fishing: the diary core, its command-line client and its tools.
// Dependencies point one way: C bridges ← SQLiteDB/SecureHashing/Diagnostics ← FishingModel
// ← DiaryStore ← HobbyStoryCLI ← executables (see docs/architecture.md).
import PackageDescription

let package = Package(
    name: "HobbyStory",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "DiaryStore", targets: ["DiaryStore"]),
        .executable(name: "hobbystory", targets: ["hobbystory"]),
        .executable(name: "hobbystory-bench", targets: ["hobbystory-bench"]),
        .executable(name: "hobbystory-portal", targets: ["hobbystory-portal"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        .systemLibrary(
            name: "CPostgreSQL", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),

        .target(name: "CDirectIO"),
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "CurlTransport", dependencies: ["CCurl", "SyncClient"]),
        .target(name: "Inflate", dependencies: ["CZlib"]),
        .target(name: "MapPacks", dependencies: ["Inflate", "SecureHashing", "MapRendering"]),
        .target(
            name: "MapRendering", dependencies: ["CZlib"],
            resources: [.copy("Resources/MapLabels.ttf"), .copy("Resources/MapLabels-LICENSE.txt")]),
        .target(name: "MapSources"),
        .target(
            name: "Site",
            dependencies: [
                "PortalViews", "SyncProtocol", "FishingModel", "ReportOutput", "Diagnostics", "MapSources",
            ],
            resources: [
                .copy("Resources/site.css"), .copy("Resources/map.js"), .copy("Resources/report-messages.json"),
            ]),
        .target(name: "Routing", dependencies: ["Geodesy"]),
        .target(name: "OnlineRoutes", dependencies: ["Routing", "Geodesy", "NetworkFetch"]),
        .target(name: "AppStoreReports", dependencies: ["Inflate", "CCrypto", "NetworkFetch", "SecureHashing"]),
        .target(name: "StoreVerification", dependencies: ["CCrypto", "SecureHashing"]),
        .target(name: "Licensing", dependencies: ["SecureHashing"]),
        .target(name: "Diagnostics"),
        .target(name: "SQLiteDB", dependencies: ["CSQLite"]),
        .target(
            name: "SecureHashing",
            dependencies: [
                // Argon2id from libsodium where the package can link it; on iOS the app shell gives its
                // own. Hashes from CryptoKit on Apple platforms, from libcrypto on Linux.
                .target(name: "CSodium", condition: .when(platforms: [.linux, .macOS])),
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
            ]),
        .target(name: "FishingModel"),
        .target(name: "HTTPProblem"),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Diagnostics", "HTTPProblem"]),
        .target(name: "PostgresDB", dependencies: ["CPostgreSQL"]),
        .target(name: "SyncProtocol", dependencies: ["FishingModel", "HTTPProblem", "Diagnostics"]),
        .target(name: "PortalViews", dependencies: ["FishingModel", "SyncProtocol", "Diagnostics"]),
        .target(name: "NetworkFetch"),
        .target(
            name: "PortalStore",
            dependencies: [
                "SQLiteDB", "PostgresDB", "Diagnostics", "SyncProtocol", "SecureHashing", "FishingModel",
                "AppStoreReports", "StoreVerification", "HTTPProblem", "PortalViews",
            ]),
        .target(
            name: "SyncClient",
            dependencies: [
                "DiaryStore", "FishingModel", "SyncProtocol", "SecureHashing", "NetworkFetch", "HTTPProblem",
                "Diagnostics",
            ]),
        .target(
            name: "Portal",
            dependencies: [
                "PortalStore", "HTTPServer", "SyncProtocol", "DirectoryData", "FishingModel", "AppStoreReports",
                "MapPacks", "StoreVerification", "Licensing", "TarArchive",
                "Diagnostics", "SecureHashing", "Routing", "Geodesy", "Site", "ReportOutput", "Reports", "Gazetteer",
                "MediaMetadata",
            ],
            resources: [.copy("Resources/openapi.json")]),
        .target(
            name: "DiaryStore",
            dependencies: [
                "SQLiteDB", "FishingModel", "SecureHashing", "Diagnostics", "SyncProtocol", "MediaMetadata",
                "DirectoryData",
            ]),
        .target(name: "DirectoryData", dependencies: ["FishingModel"], resources: [.copy("Resources/directories")]),
        .target(name: "Geomagnetism", resources: [.copy("Resources/WMM2025.COF")]),
        .target(name: "Geodesy"),
        .target(name: "MediaMetadata", dependencies: ["FishingModel"]),
        .target(
            name: "MediaLibrary",
            dependencies: [
                "DiaryStore", "MediaMetadata", "SecureHashing", "FishingModel", "Geodesy", "Diagnostics", "CDirectIO",
            ]),
        .target(
            name: "Gazetteer", dependencies: ["Geodesy", "FishingModel"], resources: [.copy("Resources/gazetteer.bin")]),
        .target(name: "Almanac"),
        .target(name: "ReportOutput"),
        .target(name: "TripGlance"),
        .target(name: "TarArchive"),
        .target(
            name: "DiaryBackup",
            dependencies: ["DiaryStore", "MediaLibrary", "TarArchive", "SecureHashing", "FishingModel"]),
        .target(
            name: "DiaryInterchange",
            dependencies: [
                "DiaryStore", "FishingModel", "SyncProtocol", "SecureHashing", "ReportOutput", "Inflate", "CZlib",
                "MediaLibrary", "Geodesy",
            ]),
        .target(name: "DiaryWeather", dependencies: ["DiaryStore", "Weather", "Gazetteer", "Geodesy"]),
        .target(
            name: "Weather",
            dependencies: ["SQLiteDB", "Geodesy", "Almanac", "Geomagnetism", "Diagnostics", "NetworkFetch"]),
        .target(
            name: "Reports", dependencies: ["SQLiteDB", "ReportOutput", "Almanac", "SyncProtocol", "FishingModel"]),
        .target(
            name: "DiaryServices",
            dependencies: [
                "DiaryStore", "DiaryWeather", "Weather", "SyncClient", "SyncProtocol", "MediaLibrary", "MediaMetadata",
                "FishingModel", "Geodesy", "Gazetteer", "Geomagnetism", "Diagnostics", "MapPacks", "MapRendering",
                "Routing",
                "Licensing",
                "SecureHashing",
            ]),
        .target(
            name: "AppFeatures",
            dependencies: [
                "DiaryServices", "DiaryStore", "FishingModel", "Geodesy", "MediaLibrary", "SyncClient", "Weather",
                "Almanac",
                "SyncProtocol", "Reports", "ReportOutput", "MapSources", "Routing", "Diagnostics", "Licensing",
                "MapPacks", "TripGlance", "DiaryBackup", "DiaryInterchange",
            ],
            resources: [.copy("Resources/Localizable.xcstrings")]),
        .target(
            name: "HobbyStoryCLI",
            dependencies: [
                "MapPacks",
                "DiaryStore", "Diagnostics", "FishingModel", "Reports", "ReportOutput", "Geodesy", "Gazetteer",
                "Almanac", "Geomagnetism", "Weather", "DiaryWeather", "SyncClient", "SyncProtocol", "MediaLibrary",
                "MediaMetadata", "SQLiteDB", "CurlTransport", "DiaryServices", "Routing", "OnlineRoutes", "Licensing",
                "DiaryBackup", "DiaryInterchange",
            ]),

        .executableTarget(name: "hobbystory", dependencies: ["HobbyStoryCLI"]),
        .executableTarget(name: "hobbystory-portal", dependencies: ["Portal"]),
        .executableTarget(name: "diary-crash-writer", dependencies: ["DiaryStore", "FishingModel"]),
        .executableTarget(
            name: "hobbystory-bench",
            dependencies: [
                "DiaryStore", "FishingModel", "SQLiteDB", "CSQLite", "Reports", "Almanac", "Gazetteer", "HTTPServer",
                "Portal", "PortalStore", "SyncClient", "SyncProtocol", "MediaLibrary", "SecureHashing", "DirectoryData",
                "AppFeatures", "Geodesy", "MapPacks", "MapRendering", "Routing", "DiaryServices", "Licensing",
                "StoreVerification", "CSodium", "DiaryBackup", "DiaryInterchange",
            ]),

        .target(
            name: "TestSupport", dependencies: ["HTTPServer", "SecureHashing", "CCrypto"], path: "Tests/TestSupport",
            resources: [.copy("Fixtures")]),
        .testTarget(name: "SQLiteDBTests", dependencies: ["SQLiteDB", "CSQLite", "TestSupport"]),
        .testTarget(name: "GeomagnetismTests", dependencies: ["Geomagnetism"]),
        .testTarget(name: "ReportOutputTests", dependencies: ["ReportOutput"]),
        .testTarget(name: "TripGlanceTests", dependencies: ["TripGlance", "TestSupport"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Reports", "FishingModel"]),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "OnlineRoutesTests", dependencies: ["OnlineRoutes", "Routing", "Geodesy", "Weather", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "RoutingTests", dependencies: ["Routing", "Geodesy", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MapPacksTests", dependencies: ["MapPacks", "SecureHashing", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MapRenderingTests", dependencies: ["MapRendering", "Inflate", "SecureHashing", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "AppStoreReportsTests", dependencies: ["AppStoreReports", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MediaMetadataTests", dependencies: ["FishingModel", "MediaMetadata", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MediaLibraryTests",
            dependencies: [
                "MediaLibrary", "MediaMetadata", "DiaryStore", "FishingModel", "Geodesy", "SecureHashing",
                "TestSupport",
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "GazetteerTests", dependencies: ["Gazetteer", "Geodesy", "TestSupport"]),
        .testTarget(
            name: "WeatherTests",
            dependencies: ["Weather", "Geodesy", "SQLiteDB", "Almanac", "Diagnostics", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "AlmanacTests", dependencies: ["Almanac"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "Reports", "ReportOutput", "DiaryStore", "FishingModel", "SyncProtocol", "SQLiteDB", "TestSupport",
            ]),
        .testTarget(
            name: "SecureHashingTests",
            dependencies: ["SecureHashing", .target(name: "CSodium", condition: .when(platforms: [.linux]))]),
        .testTarget(
            name: "StoreVerificationTests", dependencies: ["StoreVerification", "SecureHashing", "TestSupport"]),
        .testTarget(name: "LicensingTests", dependencies: ["Licensing", "SecureHashing", "TestSupport"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Diagnostics", "TestSupport"]),
        .testTarget(name: "PostgresDBTests", dependencies: ["PostgresDB"]),
        .testTarget(
            name: "CurlTransportTests", dependencies: ["CurlTransport", "SyncClient", "HTTPServer", "Diagnostics"]),
        .testTarget(
            name: "PortalTests",
            dependencies: [
                "Portal", "PortalStore", "PostgresDB", "SyncClient", "SyncProtocol", "DiaryStore", "FishingModel",
                "HTTPServer", "TestSupport", "MediaLibrary", "AppStoreReports", "SQLiteDB", "Diagnostics",
                "SecureHashing", "hobbystory-portal", "DirectoryData", "MapPacks", "DiaryServices", "Routing", "Site",
                "StoreVerification", "Licensing", "AppFeatures", "HTTPProblem", "MediaMetadata",
            ],
            exclude: ["FuzzCorpus", "Fixtures"]),
        .testTarget(
            name: "DiaryWeatherTests",
            dependencies: ["DiaryWeather", "DiaryStore", "FishingModel", "Weather", "Almanac", "TestSupport"]),
        .testTarget(name: "FishingModelTests", dependencies: ["FishingModel", "TestSupport"]),
        .testTarget(
            name: "DiaryStoreTests",
            dependencies: [
                "DiaryStore", "Diagnostics", "FishingModel", "SQLiteDB", "CSQLite", "TestSupport",
                "diary-crash-writer",
                "MediaMetadata",
                "SyncProtocol", "SecureHashing",
            ]),
        .testTarget(
            name: "DiaryServicesTests",
            dependencies: [
                "DiaryServices", "DiaryStore", "DiaryWeather", "FishingModel", "MediaLibrary", "Weather", "TestSupport",
                "Geodesy", "Routing", "SyncClient", "MapPacks",
            ]),
        .testTarget(
            name: "AppFeaturesTests",
            dependencies: [
                "AppFeatures", "DiaryServices", "DiaryStore", "FishingModel", "Geodesy", "SyncClient", "TestSupport",
                "MediaLibrary", "MediaMetadata", "ReportOutput", "Reports", "Weather", "MapSources", "Routing",
                "Diagnostics", "Licensing", "SyncProtocol", "TripGlance", "DiaryBackup", "DiaryInterchange",
            ]),
        .testTarget(
            name: "TarArchiveTests", dependencies: ["TarArchive", "TestSupport"]),
        .testTarget(
            name: "DiaryInterchangeTests",
            dependencies: ["DiaryInterchange", "DiaryStore", "FishingModel", "Geodesy", "MediaLibrary", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "HobbyStoryCLITests",
            dependencies: [
                "HobbyStoryCLI", "DiaryStore", "FishingModel", "SQLiteDB", "TestSupport", "hobbystory",
                "hobbystory-portal", "HTTPServer",
            ],
            // Read by path: the backups each format version wrote (tools/make_backup_fixture.sh).
            exclude: ["Fixtures"]),
    ]
)

// The app's SwiftUI layer (issue 14): `AppUI`, thin views over `AppFeatures`. On Apple platforms it
// uses Apple's frameworks. On Linux the same sources type-check against stand-in modules written
// from Apple's documentation (Platform/StandIns), which also evaluate the views into the
// wireframes of docs/screens (`app-wireframes`, run by scripts/check-app.sh).
// Thumbnails drawn with Debian's libjpeg where Quick Look is not (issue 30 §3): the tests and the
// wireframes on Linux. A Mac has no system libjpeg; there the thumbnail tests are skipped.
#if os(Linux)
    package.targets += [
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "JPEGThumbnails", dependencies: ["CJPEG", "FishingModel", "MediaLibrary", "MediaMetadata"]),
    ]
    for target in package.targets
    where ["MediaLibraryTests", "AppFeaturesTests", "HobbyStoryCLI"].contains(target.name) {
        target.dependencies.append("JPEGThumbnails")
    }
#endif

#if os(Linux)
    package.targets += [
        .target(name: "UIKit", path: "Platform/StandIns/UIKit"),
        .target(
            name: "SwiftUI", dependencies: ["UIKit", "CoreTransferable", "UniformTypeIdentifiers"],
            path: "Platform/StandIns/SwiftUI"),
        .target(name: "UniformTypeIdentifiers", path: "Platform/StandIns/UniformTypeIdentifiers"),
        .target(
            name: "CoreTransferable", dependencies: ["UniformTypeIdentifiers"],
            path: "Platform/StandIns/CoreTransferable"),
        .target(
            name: "PhotosUI", dependencies: ["SwiftUI", "CoreTransferable", "UniformTypeIdentifiers"],
            path: "Platform/StandIns/PhotosUI"),
        .target(name: "AVFoundation", path: "Platform/StandIns/AVFoundation"),
        .target(name: "AVKit", dependencies: ["SwiftUI", "AVFoundation"], path: "Platform/StandIns/AVKit"),
        .target(
            name: "QuickLookThumbnailing", dependencies: ["UniformTypeIdentifiers"],
            path: "Platform/StandIns/QuickLookThumbnailing"),
        .target(name: "Charts", dependencies: ["SwiftUI"], path: "Platform/StandIns/Charts"),
        .target(name: "CoreLocation", path: "Platform/StandIns/CoreLocation"),
        .target(name: "MetricKit", path: "Platform/StandIns/MetricKit"),
        .target(name: "StoreKit", dependencies: ["SwiftUI"], path: "Platform/StandIns/StoreKit"),
        .target(name: "DeviceCheck", path: "Platform/StandIns/DeviceCheck"),
        .target(name: "Security", path: "Platform/StandIns/Security"),
        .target(name: "MapKit", dependencies: ["SwiftUI", "UIKit", "CoreLocation"], path: "Platform/StandIns/MapKit"),
        .target(name: "AppIntents", path: "Platform/StandIns/AppIntents"),
        .target(name: "ActivityKit", path: "Platform/StandIns/ActivityKit"),
        .target(name: "WidgetKit", dependencies: ["SwiftUI", "ActivityKit"], path: "Platform/StandIns/WidgetKit"),
        // The widget extension's views (issue 33 §5), over the glance only, as in the app package.
        .target(
            name: "AppWidgets", dependencies: ["SwiftUI", "WidgetKit", "ActivityKit", "TripGlance"],
            path: "App/HobbyStory.swiftpm/Widgets", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .target(
            name: "AppUI",
            dependencies: (AppCore.modules + [
                "SwiftUI", "Charts", "MapKit", "PhotosUI", "CoreTransferable", "UniformTypeIdentifiers", "UIKit",
                "AVFoundation", "AVKit", "CoreLocation", "MetricKit", "StoreKit", "DeviceCheck", "Security",
                "QuickLookThumbnailing", "AppIntents", "WidgetKit", "ActivityKit", "AppWidgets",
            ]).map { .byName(name: $0) },
            path: "App/HobbyStory.swiftpm/AppUI",
            // The stand-ins are Apple's declarations (issue 31 §2), so a warning here is one in
            // Xcode, most of them errors in a later Swift: the views compile clean.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .target(
            name: "AppWireframes",
            dependencies: [
                "AppUI", "AppFeatures", "DiaryServices", "DiaryStore", "FishingModel", "Geodesy", "MediaLibrary",
                "JPEGThumbnails",
                "Licensing", "SyncClient", "SyncProtocol", "SwiftUI", "Weather", "MapSources", "Routing",
                "SecureHashing", "MapPacks", "Diagnostics", "AppWidgets", "TripGlance", "WidgetKit",
            ],
            path: "Platform/Wireframes/AppWireframes"),
        .executableTarget(
            name: "app-wireframes", dependencies: ["AppWireframes"], path: "Platform/Wireframes/app-wireframes"),
        .testTarget(
            name: "AppWireframesTests",
            dependencies: ["AppWireframes", "AppUI", "AppFeatures", "SwiftUI", "StoreKit"],
            path: "Platform/Wireframes/Tests"),
    ]
    // Each stand-in's table of declarations (tools/stand_in_declarations.py) sits beside its sources.
    for target in package.targets where target.path?.hasPrefix("Platform/StandIns/") == true {
        target.exclude.append("DECLARATIONS.md")
    }
#else
    // On a Mac the package is the core, the CLI and the portal: `swift build` and `swift test`
    // never compile the app's views, which need UIKit. The app package (App/HobbyStory.swiftpm)
    // holds `AppUI` and builds it for iOS only, over these modules (issue 31 §1.1).
    package.products += [.library(name: "AppCore", targets: AppCore.modules)]
#endif

/// The core modules the app's views (`AppUI`) import: on Linux its dependencies beside the
/// stand-ins, on Apple platforms the `AppCore` library the app package links.
enum AppCore {
    static let modules = [
        "AppFeatures", "DiaryInterchange", "DiaryServices", "DiaryStore", "FishingModel", "Geodesy", "MediaLibrary",
        "MediaMetadata", "ReportOutput", "Reports", "SyncClient", "Weather", "MapSources", "Routing", "Diagnostics",
        "Licensing", "MapPacks", "TripGlance",
    ]
}
