import Diagnostics
import Foundation
import SyncProtocol

/// The account calls of the device (T3, issue 16) and its error reports (T6, issue 18).
extension PortalClient {
    public func signUp(email: String, password: String) async throws(SyncError) -> AccountResponse {
        try await call(PortalAPI.signUp, body: SignUpRequest(email: email, password: password))
    }

    /// Registers `deviceId` as a device of the account and opens a session for it.
    public func signIn(email: String, password: String, deviceId: UUID, deviceName: String) async throws(SyncError)
        -> SessionResponse
    {
        try await call(
            PortalAPI.signIn,
            body: SignInRequest(email: email, password: password, deviceId: deviceId, deviceName: deviceName))
    }

    public func signOut(token: String) async throws(SyncError) {
        _ = try await call(PortalAPI.signOut, token: token)
    }

    /// Sends error reports and a problem report, under the account of `token` when the diary is
    /// signed in, else anonymously under the upload's installation id.
    public func sendDiagnostics(_ upload: DiagnosticsUpload, token: String?) async throws(SyncError)
        -> DiagnosticsReceipt
    {
        try await call(PortalAPI.diagnostics, body: upload, token: token)
    }
}
