import Diagnostics

/// The portal's JSON endpoints with their types (T3, T5, T6, T12, T13; issue 32 §2): the one
/// table the portal registers its handlers from and the device's API client calls. Endpoints
/// that carry bytes rather than JSON (uploads, media, map packs, tiles, `/metrics`) are in
/// ``PortalEndpoint`` alone.
public enum PortalAPI {
    public static let signUp = APIEndpoint<SignUpRequest, NoQuery, AccountResponse>(.signUp, successStatus: 201)
    public static let signIn = APIEndpoint<SignInRequest, NoQuery, SessionResponse>(.signIn, successStatus: 201)
    public static let signOut = APIEndpoint<NoBody, NoQuery, NoBody>(.signOut)
    public static let currentAccount = APIEndpoint<NoBody, NoQuery, AccountResponse>(.currentAccount)
    public static let devices = APIEndpoint<NoBody, NoQuery, [DeviceSummary]>(.devices)
    public static let revokeDevice = APIEndpoint<NoBody, NoQuery, NoBody>(.revokeDevice)
    public static let adminStats = APIEndpoint<NoBody, NoQuery, PortalStats>(.adminStats)

    public static let push = APIEndpoint<PushRequest, NoQuery, PushResponse>(.push)
    /// The portal streams a long page piece by piece; it reads as one ``PullResponse``.
    public static let pull = APIEndpoint<NoBody, PullQuery, PullResponse>(.pull)
    public static let history = APIEndpoint<NoBody, HistoryQuery, HistoryResponse>(.history)
    public static let directories = APIEndpoint<NoBody, NoQuery, DirectoriesResponse>(.directories)

    public static let diagnostics = APIEndpoint<DiagnosticsUpload, NoQuery, DiagnosticsReceipt>(.diagnostics)

    public static let redeemAppStore = APIEndpoint<AppStoreRedemption, NoQuery, EntitlementAnswer>(.redeemAppStore)
    public static let entitlement = APIEndpoint<EntitlementRequest, NoQuery, EntitlementAnswer>(.entitlement)
    public static let licenceKey = APIEndpoint<NoBody, NoQuery, LicenceKeyAnswer>(.licenceKey)
    /// Apple's notifications get an empty 200, as Apple's documentation asks.
    public static let appStoreNotifications = APIEndpoint<AppStoreNotificationBody, NoQuery, NoBody>(
        .appStoreNotifications, successStatus: 200)
    public static let attestationChallenge = APIEndpoint<NoBody, NoQuery, AttestationChallenge>(
        .attestationChallenge)
    public static let attestDevice = APIEndpoint<AttestationRequest, NoQuery, AttestationAnswer>(.attestDevice)

    public static let shares = APIEndpoint<NoBody, NoQuery, [ShareSummary]>(.shares)
    public static let createShare = APIEndpoint<ShareRequest, NoQuery, ShareSummary>(.createShare, successStatus: 201)
    public static let revokeShare = APIEndpoint<NoBody, NoQuery, NoBody>(.revokeShare)

    /// Every typed endpoint's contract, for the checks that hold the OpenAPI document and the
    /// router to this table.
    public static let contracts: [EndpointContract] = [
        signUp.contract, signIn.contract, signOut.contract, currentAccount.contract, devices.contract,
        revokeDevice.contract, adminStats.contract, push.contract, pull.contract, history.contract,
        directories.contract, diagnostics.contract, redeemAppStore.contract, entitlement.contract,
        licenceKey.contract, appStoreNotifications.contract, attestationChallenge.contract, attestDevice.contract,
        shares.contract, createShare.contract, revokeShare.contract,
    ]
}
