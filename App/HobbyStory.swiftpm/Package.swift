// swift-tools-version: 6.0
// The Hobby Story — Fishing for iPhone and iPad (issue 14 §2): an app package that Xcode 16 or
// later, and Swift Playgrounds on iPad, open as an app. It holds the app's views (`AppUI`, built
// for iOS only, issue 31 §1.1) over the root package's `AppCore`; everything the app does lives
// there and in the core. On Linux the root package compiles the same `AppUI` folder against its
// stand-in Apple modules, and this manifest describes a plain executable, so that
// `swift package dump-package` checks it.
import PackageDescription

#if canImport(AppleProductTypes)
    import AppleProductTypes
#endif

/// Why the app asks for each permission, as iOS shows it (the Info.plist purpose strings).
enum Purpose {
    static let camera =
        "The camera takes the photos and videos you add to a catch, a trip or a spot. They stay in your diary on this device until you sync them."
    static let microphone = "The microphone records the sound of the videos you take for your diary."
    static let location =
        "Your position fills in the place of a catch or a new spot and the weather there, read while you use the app. When you record a trip's track, it is read in the background too, until you stop recording or end the trip."
    static let photoLibrary =
        "Photos you choose from your library are copied into your diary; their time and place can fill in a catch."
}

#if canImport(AppleProductTypes)
    let products: [Product] = [
        .iOSApplication(
            name: "HobbyStory",
            targets: ["AppModule"],
            bundleIdentifier: "org.hobbystory.fishing",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .asset("AppIcon"),
            accentColor: .presetColor(.blue),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [
                .portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad])),
            ],
            capabilities: [
                .camera(purposeString: Purpose.camera),
                .microphone(purposeString: Purpose.microphone),
                .locationWhenInUse(purposeString: Purpose.location),
                .photoLibrary(purposeString: Purpose.photoLibrary),
            ],
            // The team that signs the app and the production portal's licence key (issue 31 §3):
            // merged into the Info.plist; a release build does not start while they are empty.
            additionalInfoPlistContentFilePath: "InfoAdditions.plist"
        )
    ]
#else
    let products: [Product] = [.executable(name: "HobbyStory", targets: ["AppModule"])]
#endif

let package = Package(
    name: "HobbyStoryApp",
    platforms: [.iOS("18.0")],
    products: products,
    dependencies: [.package(name: "HobbyStory", path: "../..")],
    targets: [
        // The widget extension's views (issue 33 §5): the extension's target, made in Xcode
        // (docs/first-mac-build.md), links this and WidgetExtension/HobbyStoryWidgets.swift.
        .target(name: "AppWidgets", dependencies: [.product(name: "AppCore", package: "HobbyStory")], path: "Widgets"),
        .target(
            name: "AppUI", dependencies: ["AppWidgets", .product(name: "AppCore", package: "HobbyStory")], path: "AppUI"
        ),
        .executableTarget(
            name: "AppModule",
            dependencies: ["AppUI"],
            path: "Sources",
            resources: [.process("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
