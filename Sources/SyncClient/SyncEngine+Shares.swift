import DiaryStore
import Foundation
import SyncProtocol

/// The signed-in diary's links to shared catches on its portal (issue 34 §4): make one, list
/// them, revoke one. Sharing needs the portal; saving never does.
extension SyncEngine {
    /// Makes the link `request` describes (a retry of the same request gives the same link).
    public func createShare(_ diary: DiaryQueue, _ request: ShareRequest) async throws(SyncError) -> ShareSummary {
        let token = try await sessionToken(diary)
        return try await call(diary, token: token) { api, token throws(SyncError) in
            try await api.call(PortalAPI.createShare, body: request, token: token)
        }
    }

    /// The account's links, the newest first.
    public func shares(_ diary: DiaryQueue) async throws(SyncError) -> [ShareSummary] {
        let token = try await sessionToken(diary)
        return try await call(diary, token: token) { api, token throws(SyncError) in
            try await api.call(PortalAPI.shares, token: token)
        }
    }

    /// Revokes the link `id`: its page is gone at once.
    public func revokeShare(_ diary: DiaryQueue, id: UUID) async throws(SyncError) {
        let token = try await sessionToken(diary)
        _ = try await call(diary, token: token) { api, token throws(SyncError) in
            try await api.call(PortalAPI.revokeShare, parameters: ["id": id.uuidString.lowercased()], token: token)
        }
    }

    private func sessionToken(_ diary: DiaryQueue) async throws(SyncError) -> String {
        guard let token = try await storage(diary, reading: true, { try $0.sync.account()?.token }) else {
            throw SyncError.notSignedIn
        }
        return token
    }
}
