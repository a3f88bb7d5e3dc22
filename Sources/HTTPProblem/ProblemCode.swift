/// A problem document's `code` (`ProblemDetails`): the stable reason a client switches on (T3;
/// issue 32 §2), defined once for the portal that answers with it and the app and command line
/// that read it — never spelled as a literal elsewhere. `invalid(_:)` names a refused field or
/// query parameter (`invalid_<name>`); a code this build does not know reads as itself.
public struct ProblemCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// `invalid_<name>`: the field or query parameter `name` was refused; the detail says why.
    public static func invalid(_ name: String) -> ProblemCode { ProblemCode(rawValue: "invalid_\(name)") }

    /// `http_<status>`: an answer that carried no problem document (a proxy, a captive portal).
    public static func http(_ status: Int) -> ProblemCode { ProblemCode(rawValue: "http_\(status)") }

    // MARK: Requests as HTTP carries them (`HTTPServer`)

    public static let ambiguousFraming = ProblemCode(rawValue: "ambiguous_framing")
    public static let badRequest = ProblemCode(rawValue: "bad_request")
    public static let bodyIncomplete = ProblemCode(rawValue: "body_incomplete")
    public static let cancelled = ProblemCode(rawValue: "cancelled")
    public static let conflict = ProblemCode(rawValue: "conflict")
    public static let contentTooLarge = ProblemCode(rawValue: "content_too_large")
    public static let forbidden = ProblemCode(rawValue: "forbidden")
    public static let internalError = ProblemCode(rawValue: "internal_error")
    public static let invalidField = ProblemCode(rawValue: "invalid_field")
    public static let invalidForm = ProblemCode(rawValue: "invalid_form")
    public static let invalidParameter = ProblemCode(rawValue: "invalid_parameter")
    public static let invalidPath = ProblemCode(rawValue: "invalid_path")
    public static let invalidQuery = ProblemCode(rawValue: "invalid_query")
    public static let malformedJson = ProblemCode(rawValue: "malformed_json")
    public static let methodNotAllowed = ProblemCode(rawValue: "method_not_allowed")
    public static let missingBody = ProblemCode(rawValue: "missing_body")
    public static let missingField = ProblemCode(rawValue: "missing_field")
    public static let missingParameter = ProblemCode(rawValue: "missing_parameter")
    public static let notFound = ProblemCode(rawValue: "not_found")
    public static let rangeNotSatisfiable = ProblemCode(rawValue: "range_not_satisfiable")
    public static let shuttingDown = ProblemCode(rawValue: "shutting_down")
    public static let tooManyConnections = ProblemCode(rawValue: "too_many_connections")
    public static let unauthorized = ProblemCode(rawValue: "unauthorized")
    public static let unavailable = ProblemCode(rawValue: "unavailable")
    public static let unsupportedMediaType = ProblemCode(rawValue: "unsupported_media_type")
    public static let unsupportedTransferEncoding = ProblemCode(rawValue: "unsupported_transfer_encoding")
    public static let uriTooLong = ProblemCode(rawValue: "uri_too_long")

    // MARK: The sync protocol's version (`SyncProtocolVersion`)

    public static let invalidProtocol = ProblemCode(rawValue: "invalid_protocol")
    public static let protocolTooOld = ProblemCode(rawValue: "protocol_too_old")

    // MARK: Accounts, sessions and devices

    public static let accountDeleted = ProblemCode(rawValue: "account_deleted")
    public static let emailTaken = ProblemCode(rawValue: "email_taken")
    public static let tooManyAttempts = ProblemCode(rawValue: "too_many_attempts")
    public static let tooManySignups = ProblemCode(rawValue: "too_many_signups")
    public static let unknownDevice = ProblemCode(rawValue: "unknown_device")
    public static let wrongCredentials = ProblemCode(rawValue: "wrong_credentials")

    // MARK: The site's diary, map and reports

    public static let invalidChart = ProblemCode(rawValue: "invalid_chart")
    public static let invalidCoordinate = ProblemCode(rawValue: "invalid_coordinate")
    public static let invalidFormula = ProblemCode(rawValue: "invalid_formula")
    public static let invalidQ = ProblemCode(rawValue: "invalid_q")
    public static let invalidSavedReport = ProblemCode(rawValue: "invalid_saved_report")
    public static let invalidSpecies = ProblemCode(rawValue: "invalid_species")
    public static let invalidSpot = ProblemCode(rawValue: "invalid_spot")
    public static let missingReport = ProblemCode(rawValue: "missing_report")

    // MARK: Photos and videos: tus uploads and downloads (T4)

    public static let checksumMismatch = ProblemCode(rawValue: "checksum_mismatch")
    public static let invalidUploadLength = ProblemCode(rawValue: "invalid_upload_length")
    public static let invalidUploadMetadata = ProblemCode(rawValue: "invalid_upload_metadata")
    public static let invalidUploadOffset = ProblemCode(rawValue: "invalid_upload_offset")
    public static let missingSha256 = ProblemCode(rawValue: "missing_sha256")
    public static let offsetMismatch = ProblemCode(rawValue: "offset_mismatch")
    public static let quotaExceeded = ProblemCode(rawValue: "quota_exceeded")
    public static let tusVersion = ProblemCode(rawValue: "tus_version")
    public static let unsupportedChecksum = ProblemCode(rawValue: "unsupported_checksum")
    public static let uploadTooLong = ProblemCode(rawValue: "upload_too_long")

    // MARK: Map packs, tiles and routes (T10)

    public static let invalidTile = ProblemCode(rawValue: "invalid_tile")
    public static let leafletMissing = ProblemCode(rawValue: "leaflet_missing")
    public static let mapPackDamaged = ProblemCode(rawValue: "map_pack_damaged")
    public static let mapPacks = ProblemCode(rawValue: "map_packs")
    public static let noRoad = ProblemCode(rawValue: "no_road")
    public static let noRoute = ProblemCode(rawValue: "no_route")
    public static let outsidePacks = ProblemCode(rawValue: "outside_packs")
    public static let tooManyRoutes = ProblemCode(rawValue: "too_many_routes")
    public static let tooManyTiles = ProblemCode(rawValue: "too_many_tiles")

    // MARK: Purchases, entitlements and App Attest (T13)

    public static let assertionRefused = ProblemCode(rawValue: "assertion_refused")
    public static let attestationRequired = ProblemCode(rawValue: "attestation_required")
    public static let deviceLimit = ProblemCode(rawValue: "device_limit")
    public static let entitlementRequired = ProblemCode(rawValue: "entitlement_required")
    public static let invalidSignals = ProblemCode(rawValue: "invalid_signals")
    public static let licenceKey = ProblemCode(rawValue: "licence_key")
    public static let licensingNotConfigured = ProblemCode(rawValue: "licensing_not_configured")
    public static let purchaseExpired = ProblemCode(rawValue: "purchase_expired")
    public static let purchaseRevoked = ProblemCode(rawValue: "purchase_revoked")
    public static let purchaseShared = ProblemCode(rawValue: "purchase_shared")
    public static let tooManyLicenceRequests = ProblemCode(rawValue: "too_many_licence_requests")
    public static let tooManyNotifications = ProblemCode(rawValue: "too_many_notifications")
    public static let unknownChallenge = ProblemCode(rawValue: "unknown_challenge")

    // MARK: Error reports (T6)

    public static let tooManyReports = ProblemCode(rawValue: "too_many_reports")
}
