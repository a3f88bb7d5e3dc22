import Foundation
import HTTPProblem

/// What one sync did, as `hobbystory sync --json` prints it (T3).
public struct SyncReport: Codable, Sendable, Equatable {
    /// Local changes the portal stored.
    public var pushed = 0
    /// Portal changes applied to this diary.
    public var pulled = 0
    /// Changes that lost to a later one (kept in the portal's history), or records deleted
    /// elsewhere; plus pulled records skipped because this device had its own pending change.
    public var conflicts = 0
    /// Changes the portal refused; listed with their reasons by `sync status`.
    public var rejected = 0
    public var directoryVersion = 0
    /// Photo and video contents uploaded (or found already on the portal) by this sync.
    public var mediaUploaded = 0
    /// Contents still to upload: the portal was unreachable or refused (its quota), or the bytes
    /// are on another device that has not uploaded them yet.
    public var mediaWaiting = 0

    public init() {}
}

/// Why a sync or an account call did not complete.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    case notSignedIn
    /// The portal no longer accepts the token (401): sign in again; nothing is lost.
    case signInRequired(String)
    /// No answer, or 5xx, after every retry: try again later; nothing is lost.
    case portalUnavailable(String)
    /// The portal no longer serves this build's sync protocol (426): update the app; nothing is
    /// lost, every change stays pending.
    case updateRequired(String)
    /// The portal refused the request (4xx) with its problem `code` and `detail`.
    case refused(status: Int, code: ProblemCode, detail: String)
    /// The portal answered something this client cannot read.
    case unreadableAnswer(String)
    /// The local diary failed.
    case storage(String)

    /// The refusal a 4xx answer carries: its problem document's code and detail, or the
    /// beginning of whatever else it says.
    static func refused(_ response: SyncHTTPResponse) -> (code: ProblemCode, detail: String, error: SyncError) {
        let problem = ProblemDetails.decoded(from: response.body)
        let code = problem?.problemCode ?? .http(response.status)
        let detail = problem?.detail ?? String(decoding: response.body.prefix(200), as: UTF8.self)
        return (code, detail, .refused(status: response.status, code: code, detail: detail))
    }

    public var description: String {
        switch self {
        case .notSignedIn: "this diary is not signed in to a portal"
        case .signInRequired(let detail): "the portal asks to sign in again: \(detail)"
        case .portalUnavailable(let detail): "the portal is unavailable (\(detail)); nothing was lost, sync again later"
        case .updateRequired(let detail): "this version can no longer sync with the portal: \(detail)"
        case .refused(let status, let code, let detail): "the portal refused (\(status) \(code)): \(detail)"
        case .unreadableAnswer(let detail): "the portal's answer could not be read: \(detail)"
        case .storage(let detail): "the diary failed: \(detail)"
        }
    }
}
