import Foundation
import HTTPServer
import PortalStore
import StoreVerification
import SyncProtocol

/// What a push needs beyond a session on a portal that sells the app or trusts only attested
/// devices (T13, issue 17; docs/licensing.md).
struct PushAdmission: Sendable {
    let licences: LicenceStore
    let attestation: AttestationStore
    let licensing: LicensingConfiguration

    /// Checks what `--require-entitlement` and `--require-attestation` ask of a push whose body is
    /// `body`: an active purchase (402 otherwise), an attested device and a fresh assertion over
    /// the body (403 otherwise). Nothing is stored before these pass.
    func admit(_ request: HTTPRequest, body: Data, principal: PortalPrincipal) throws {
        if licensing.requiresEntitlement, try licences.activePurchase(account: principal.accountId) == nil {
            throw LicenceRefusal(
                .entitlementRequired,
                "syncing changes up needs a purchase; buy or restore it in the app (pulling and export still work)")
        }
        guard licensing.requiresAttestation else { return }
        guard let verifier = licensing.appAttest,
            let (publicKey, counter) = try attestation.attestedKey(
                account: principal.accountId, device: principal.deviceId)
        else {
            throw LicenceRefusal(
                .attestationRequired, "this device has not attested its App Attest key; attest it first")
        }
        guard let header = request.headers[AttestationRequest.assertionHeader],
            let assertion = Data(base64Encoded: header)
        else {
            throw LicenceRefusal(
                .assertionRefused, "a push must carry an App Attest assertion in \(AttestationRequest.assertionHeader)")
        }
        do {
            let next = try verifier.assertion(
                assertion, clientData: body, publicKey: publicKey, previousCounter: counter)
            guard
                try attestation.advanceAssertionCounter(
                    account: principal.accountId, device: principal.deviceId, from: counter, to: next)
            else { throw LicenceRefusal(.assertionRefused, "the assertion was used by another request; a replay") }
        } catch let error as StoreVerificationError {
            throw LicenceRefusal(.assertionRefused, "the assertion is refused: \(error)")
        }
    }
}
