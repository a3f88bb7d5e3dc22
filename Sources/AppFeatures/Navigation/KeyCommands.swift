/// The keyboard shortcuts of the app's main actions on an iPad with a keyboard (issue 33 §2;
/// UI2): ⌘N logs a catch from any page (Today's Catch now), ⌘F searches the trips; ⌘⌫ deletes
/// what a page shows — a trip, a catch, a photo — through the same question or undo as its
/// Delete button (the button's own shortcut). Holding ⌘ lists them, named as their controls.
public struct KeyCommand: Sendable, Equatable {
    /// The menu item the shortcut stands for: its label and help from the catalogue.
    public let control: Control
    /// The letter pressed with ⌘.
    public let key: Character

    public static let catchNow = KeyCommand(
        control: Control("keys.catchNow", .menuItem, labelKey: "label.home.catchNow"), key: "n")
    public static let findTrips = KeyCommand(control: Control("keys.findTrips", .menuItem), key: "f")
    public static let all = [catchNow, findTrips]
    public static var controls: [Control] { all.map(\.control) }

    /// Does what the shortcut stands for, from whatever page is shown: Catch now opens its
    /// sheet over Today; Find trips shows the trips with their search field active.
    @MainActor
    public func perform(router: AppRouter, home: HomeModel, trips: TripListModel) async {
        switch control {
        case Self.catchNow.control:
            router.select(page: "home")
            await home.catchNow.begin()
        case Self.findTrips.control:
            router.select(page: "trips")
            trips.isSearching = true
        default: break
        }
    }
}
