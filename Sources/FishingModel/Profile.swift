import Foundation

/// The units an angler reads weights, lengths and depths in. The diary always stores metric.
public enum Units: String, Codable, Sendable, CaseIterable {
    case metric, imperial
}

/// An angler using this device (T15). Each profile has its own diary database; a PIN, when set,
/// is kept only as a slow salted hash.
public struct Profile: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var displayName: String
    public var hasPin: Bool
    public var units: Units
    public var createdAt: Date
    /// When the profile was removed; its data stays recoverable for ``Profile/retentionDays``.
    public var removedAt: Date?

    public static let retentionDays = 30

    public init(id: UUID, displayName: String, hasPin: Bool, units: Units, createdAt: Date, removedAt: Date? = nil) {
        self.id = id
        self.displayName = displayName
        self.hasPin = hasPin
        self.units = units
        self.createdAt = createdAt
        self.removedAt = removedAt
    }
}

/// What a "new angler" form or `profile add` supplies.
public struct ProfileDraft: Sendable, Equatable {
    public var displayName: String?
    public var pin: String?
    public var units: Units

    public init(displayName: String?, pin: String? = nil, units: Units = .metric) {
        self.displayName = displayName
        self.pin = pin
        self.units = units
    }

    public func issues() -> [ValidationIssue] {
        var c = IssueCollector()
        c.requireName(
            ProfileField.displayName, displayName, maxLength: Limits.profileNameLength, what: "the angler's name")
        if let pin, !(pin.allSatisfy { $0.isASCII && $0.isNumber } && Limits.pinDigits.contains(pin.count)) {
            c.add(
                ProfileField.pin, String(repeating: "•", count: pin.count),
                "must be \(Limits.pinDigits.lowerBound) to \(Limits.pinDigits.upperBound) digits")
        }
        return c.issues
    }
}
