/// The Earth's main magnetic field at one place and moment, as the World Magnetic Model gives
/// it: the "magnetic field" line of the weather at a place (requirement T14), computed on the
/// device without a network.
///
/// Components are in the local ellipsoidal (geodetic) frame: `north` (X), `east` (Y) and `down`
/// (Z) in nanotesla. Angles are in degrees; declination is positive east of true north,
/// inclination positive when the field points down.
public struct MagneticField: Codable, Sendable, Equatable {
    /// D: angle from true north to the horizontal field, degrees, east positive (−180…180).
    public var declination: Double
    /// I: angle from the horizontal plane to the field vector, degrees, down positive (−90…90).
    public var inclination: Double
    /// F: total intensity, nT.
    public var totalIntensity: Double
    /// H: horizontal intensity, nT.
    public var horizontalIntensity: Double
    /// X: northward component, nT.
    public var north: Double
    /// Y: eastward component, nT.
    public var east: Double
    /// Z: downward component, nT.
    public var down: Double
    /// GV: grid variation, degrees (−180…180): the angle from grid north of a polar
    /// stereographic chart to magnetic north. Defined where |latitude| > 55°, `nil` elsewhere.
    public var gridVariation: Double?
    /// How fast each element changes, per year, at this place and moment.
    public var secularVariation: SecularVariation
    /// The model that produced the values, e.g. "WMM2025".
    public var model: String
    /// The moment the values are for, as a decimal year.
    public var decimalYear: Double
    /// Set when the date lies outside the model's validity period: the values are
    /// extrapolated and should be shown with this caveat.
    public var warning: String?
}

/// The yearly rates of change of a ``MagneticField`` (secular variation), part of the magnetic
/// field reported with the weather (requirement T14).
public struct SecularVariation: Codable, Sendable, Equatable {
    /// dX/dt, nT per year.
    public var north: Double
    /// dY/dt, nT per year.
    public var east: Double
    /// dZ/dt, nT per year.
    public var down: Double
    /// dH/dt, nT per year.
    public var horizontalIntensity: Double
    /// dF/dt, nT per year.
    public var totalIntensity: Double
    /// dI/dt, degrees per year.
    public var inclination: Double
    /// dD/dt, degrees per year (also the rate of grid variation where that is defined).
    public var declination: Double
}
