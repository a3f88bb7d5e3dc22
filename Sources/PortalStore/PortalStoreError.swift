import Foundation

/// Why the portal's store refused or failed an operation (T3); each case maps to one HTTP answer.
public enum PortalStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Input that can never be accepted: the field, the value and what is allowed.
    case invalid(field: String, message: String)
    case emailTaken(String)
    case wrongCredentials
    case unknownAccount
    case unknownDevice
    /// The account was deleted; it can be restored by an administrator until then.
    case accountDeleted(restorableUntil: Date)
    case notFound(String)
    /// Stored data that cannot be read back: a bug or a damaged database, never the user's fault.
    case corrupt(String)
    /// The database failed (connection lost, disk full…); the request may be retried.
    case unavailable(String)

    public var description: String {
        switch self {
        case .invalid(let field, let message): "\(field): \(message)"
        case .emailTaken(let email): "an account with the email \(email) already exists"
        case .wrongCredentials: "the email or the password is wrong"
        case .unknownAccount: "no such account"
        case .unknownDevice: "this device is not registered with the account; sign in again"
        case .accountDeleted(let until):
            "this account was deleted; an administrator can restore it until \(LicenceStore.utcDay(until))"
        case .notFound(let what): "\(what) was not found"
        case .corrupt(let detail): "stored data is unreadable: \(detail)"
        case .unavailable(let detail): "the database is unavailable: \(detail)"
        }
    }
}
