/// What an HTTP status from the portal means for a client (T3, T4, T13; issue 32 §2): the one
/// place statuses are classified, read by sync, media transfers and licensing alike.
public enum PortalAnswer: Sendable, Equatable {
    /// 2xx: done.
    case success
    /// 408, 429 and 5xx: the portal could not answer now; the same request may go again later.
    case retryLater
    /// 401: the session is over; sign in again. Nothing is lost.
    case signInAgain
    /// 426: the portal no longer serves this build's protocol; update the app. Nothing is lost.
    case updateApp
    /// 402 and 403: refused for the account or the device (no purchase, not attested), not for
    /// what was sent: changes stay pending and pulling goes on.
    case entitlement
    /// 400, 413 and 422: refused for what the request carries (a batch the portal judged).
    case refusedContent
    /// Any other 4xx: refused, not for the changes sent (the account deleted, an unknown path…).
    case refused

    public init(status: Int) {
        switch status {
        case 200..<300: self = .success
        case 401: self = .signInAgain
        case 402, 403: self = .entitlement
        case 408, 429: self = .retryLater
        case 426: self = .updateApp
        case 400, 413, 422: self = .refusedContent
        case 400..<500: self = .refused
        default: self = .retryLater
        }
    }
}
