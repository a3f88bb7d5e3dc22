import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import TestSupport
import Weather

/// A device with one angler, "Anna", a spot on the Volga and a finished trip there, at a clock
/// the test moves; the diary is opened as the app opens it, through a queue.
struct AppFixture {
    let folder: URL
    let clock: TestClock
    let storage: SerialAccess<DeviceStorage>
    let diary: DiaryQueue
    let spot: Spot
    let trip: Trip

    init() throws {
        folder = try temporaryFolder("app")
        let clock = TestClock()
        self.clock = clock
        let device = try DeviceStorage(root: folder, now: clock.function)
        try device.addProfile(ProfileDraft(displayName: "Anna"))
        diary = DiaryQueue(try device.openDiary(named: "Anna", pin: nil))
        storage = SerialAccess(try DeviceStorage(root: folder, now: clock.function), label: "test-device")
        spot = try diary.write {
            try $0.spots.add(SpotDraft(name: "Volga bend", latitude: 56.84, longitude: 35.9, waterBodyTypeId: "river"))
        }
        let spotId = spot.id
        let start = clock.now.addingTimeInterval(-86_400)
        trip = try diary.write {
            try $0.trips.add(
                TripDraft(
                    spotId: spotId, startAt: start, endAt: start.addingTimeInterval(3_600), utcOffsetSeconds: 10_800))
        }
    }

    /// The paid map sources' keys on a device drawing `drawable`, kept in `store`.
    @MainActor
    func mapKeys(
        drawable: Set<String>, store: any MapKeyStore = MapKeysInMemory(), transport: any HTTPTransport = NoHTTP()
    ) -> [MapKeyModel] {
        MapKeyModel.models(
            drawable: drawable, store: store, transport: transport, appVersion: "test", language: .english)
    }

    /// A count of what the diary holds, to prove an action changed nothing.
    func counts() throws -> [Int] {
        try diary.read {
            [
                try $0.spots.list().count, try $0.trips.list().count, try $0.catches.list().count,
                try $0.trash.entries().count,
            ]
        }
    }
}

/// A position source that answers what the test says.
struct FixedLocation: LocationProviding {
    let coordinate: Coordinate?
    func currentCoordinate() async -> Coordinate? { coordinate }
}

/// Waits, for a bounded time, until `condition` holds (for models that refresh on their own).
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// No network: every request fails as a dropped connection does.
struct NoHTTP: HTTPTransport {
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        throw .failed("no network in this test")
    }
}

extension MeasureFormatter {
    /// Kilograms, centimetres and English, as most tests read the screens.
    static let metricEnglish = MeasureFormatter(
        preferences: .defaults(for: .metric, language: .english), language: .english)
}
