import Foundation

/// The portal's API as an OpenAPI 3.1 document (`Resources/openapi.json`), served at
/// `GET /v1/openapi.json` for client authors and API fuzzers (T3). A test holds it to
/// ``SyncProtocol/PortalEndpoint``: every endpoint is described, and nothing else.
public enum OpenAPIDocument {
    /// The document's bytes; throws when the resource is missing from the build.
    public static func data() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "openapi.json is not bundled"])
        }
        return try Data(contentsOf: url)
    }
}
