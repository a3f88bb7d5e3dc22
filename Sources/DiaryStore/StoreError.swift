/// Why the store refused or could not do something, in words an angler can act on.
///
/// Validation problems are reported separately as `ValidationError` (every bad attribute at once).
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No object of this kind has this id (or id prefix).
    case notFound(entity: String, id: String)
    /// An id prefix matches more than one object.
    case ambiguousId(entity: String, prefix: String, matches: Int)
    /// The object (`entity` is catch, trip, spot, photo or video; `label` its id or name) is in
    /// the Trash, and the change needs it restored first.
    case inTrash(entity: String, label: String)
    /// The object is in the Trash already.
    case alreadyInTrash(entity: String, label: String)
    /// A typed confirmation did not match what had to be typed.
    case confirmationMismatch(expected: String)
    /// Another active profile has this name.
    case nameTaken(String)
    /// Any other operation not allowed in the object's current state.
    case refused(String)
    /// A profile with a PIN was opened without one.
    case pinRequired(profile: String)
    /// The PIN did not match.
    case wrongPin(profile: String)
    /// Too many wrong PINs; try again after the given number of seconds.
    case pinLocked(profile: String, seconds: Int)
    /// The trial or the purchase is over: the diary is read-only (reading, export and pulling go on).
    case readOnly
    /// A diary file (from a backup) is damaged or from a newer build; `reason` says which.
    case damagedFile(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let entity, let id): "no \(entity) with id \(id)"
        case .ambiguousId(let entity, let prefix, let matches):
            "\(matches) \(entity)s have ids starting with \(prefix); give more characters"
        case .inTrash(let entity, let label): "\(entity) \(label) is in the Trash; restore it first"
        case .alreadyInTrash(let entity, let label): "\(entity) \(label) is already in the Trash"
        case .confirmationMismatch(let expected): "type the profile's name, \(expected), exactly to confirm removing it"
        case .nameTaken(let name): "another active profile is named \(name); rename or remove it first"
        case .refused(let why): why
        case .readOnly:
            "the diary is read-only: the trial or the purchase is over (reading, export and syncing down still work; nothing is deleted)"
        case .pinRequired(let profile): "profile \(profile) is protected by a PIN"
        case .wrongPin(let profile): "wrong PIN for profile \(profile)"
        case .pinLocked(let profile, let seconds):
            "profile \(profile) is locked after repeated wrong PINs; try again in \(seconds) s"
        case .damagedFile(let file, let reason): "\(file) cannot be used as a diary: \(reason)"
        }
    }
}
