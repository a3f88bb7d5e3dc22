import Diagnostics
import HTTPServer
import Licensing
import PortalStore
import StoreVerification
import SyncProtocol

/// The one mapping from what the portal's layers refuse to the HTTP answer a client gets (T3):
/// the store's refusals, media upload errors and bad query parameters, each with its status and
/// a stable `code`. Anything else thrown is a 500 that ``ProblemMiddleware`` logs with the
/// request id.
struct PortalErrorMiddleware: HTTPMiddleware {
    func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse {
        do {
            return try await next(request, context)
        } catch {
            throw Self.httpError(for: error) ?? error
        }
    }

    /// The answer for `error`, or nil when it is not a refusal the portal knows.
    static func httpError(for error: any Error) -> HTTPError? {
        switch error {
        case let error as PortalStoreError: httpError(error)
        case let error as MediaError: httpError(error)
        case let error as QueryError: HTTPError.badRequest(code: error.code, error.description)
        case let error as DiagnosticsUploadError: HTTPError.badRequest(code: .invalidField, error.description)
        case let error as LicenceRefusal:
            HTTPError(HTTPStatus(code: error.status), code: error.problemCode, detail: error.detail)
        case let error as StoreVerificationError:
            HTTPError.badRequest(
                code: ProblemCode(rawValue: error.code.rawValue), "The signed object is refused: \(error)")
        case let error as LicenceError: HTTPError(.internalServerError, code: .licenceKey, detail: error.description)
        default: nil
        }
    }

    private static func httpError(_ error: PortalStoreError) -> HTTPError {
        switch error {
        case .invalid(let field, _):
            HTTPError.badRequest(code: .invalid(field), error.description)
        case .emailTaken: HTTPError.conflict(code: .emailTaken, error.description)
        case .wrongCredentials:
            HTTPError(.unauthorized, code: .wrongCredentials, detail: error.description)
        case .unknownAccount, .unknownDevice:
            HTTPError(.unauthorized, code: .unknownDevice, detail: error.description)
        case .notFound: HTTPError.notFound(error.description)
        case .accountDeleted: HTTPError(HTTPStatus(code: 410), code: .accountDeleted, detail: error.description)
        case .corrupt, .unavailable:
            HTTPError(
                HTTPStatus(code: 503), code: .unavailable, detail: "The portal's database is unavailable; retry later."
            )
        }
    }

    private static func httpError(_ error: MediaError) -> HTTPError {
        switch error {
        case .quotaExceeded: HTTPError(.contentTooLarge, code: .quotaExceeded, detail: error.description)
        case .offsetMismatch: HTTPError.conflict(code: .offsetMismatch, error.description)
        case .tooLong: HTTPError(.contentTooLarge, code: .uploadTooLong, detail: error.description)
        case .checksumMismatch:
            HTTPError(MediaEndpoints.checksumMismatch, code: .checksumMismatch, detail: error.description)
        case .notFound: HTTPError.notFound(error.description)
        }
    }
}
