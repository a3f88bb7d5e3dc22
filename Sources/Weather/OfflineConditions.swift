import Almanac
import Foundation
import Geomagnetism

/// The fields computed on the device, always available offline (T14): moon phase and
/// illumination, sunrise and sunset (Almanac), magnetic declination and total intensity (WMM).
enum OfflineConditions {
    static let magneticModel: Result<WorldMagneticModel, GeomagnetismError> = Result(catching: {
        () throws(GeomagnetismError) -> WorldMagneticModel in
        try WorldMagneticModel.wmm2025()
    })

    /// Fills the computed fields of `snapshot` for its coordinate and time.
    ///
    /// Sunrise and sunset are those of the calendar day holding the time in the place's mean
    /// solar zone (UTC offset = longitude / 15°, rounded to whole hours), so a dawn catch gets
    /// that morning's sunrise wherever the device's clock is set.
    static func fill(_ snapshot: inout ConditionsSnapshot) {
        let time = snapshot.time
        let place = snapshot.coordinate
        snapshot.moonPhase = Almanac.moonPhase(at: time)
        snapshot.moonIllumination = Almanac.moonIllumination(at: time)
        snapshot.sources[ConditionsField.moonPhase.rawValue] = .computed
        snapshot.sources[ConditionsField.moonIllumination.rawValue] = .computed

        let zone = TimeZone(secondsFromGMT: Int((place.longitude / 15).rounded()) * 3600) ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = calendar.dateComponents([.year, .month, .day], from: time)
        do {
            let sun = try Almanac.day(
                latitude: place.latitude, longitude: place.longitude,
                year: day.year ?? 0, month: day.month ?? 0, day: day.day ?? 0, timeZone: zone
            ).sun
            snapshot.sunrise = sun.rise
            snapshot.sunset = sun.set
            if sun.rise != nil { snapshot.sources[ConditionsField.sunrise.rawValue] = .computed }
            if sun.set != nil { snapshot.sources[ConditionsField.sunset.rawValue] = .computed }
            if sun.rise == nil || sun.set == nil {
                snapshot.warnings.append(ConditionsWarning(.polarDayOrNight))
            }
        } catch {
            snapshot.warnings.append(ConditionsWarning(.sunNotComputed, detail: "\(error)"))
        }

        do {
            let field = try magneticModel.get().field(
                latitude: place.latitude, longitude: place.longitude, altitudeKm: 0, date: time)
            snapshot.magneticDeclination = field.declination
            snapshot.magneticTotalIntensity = field.totalIntensity
            snapshot.sources[ConditionsField.magneticDeclination.rawValue] = .computed
            snapshot.sources[ConditionsField.magneticTotalIntensity.rawValue] = .computed
            if let warning = field.warning {
                snapshot.warnings.append(ConditionsWarning(.magneticExtrapolated, detail: warning))
            }
        } catch {
            snapshot.warnings.append(ConditionsWarning(.magneticNotComputed, detail: "\(error)"))
        }
    }
}
