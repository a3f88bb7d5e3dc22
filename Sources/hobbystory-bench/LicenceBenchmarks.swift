import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Licensing
import SecureHashing
import StoreVerification

/// The licence's figures (T13, issue 17): the check the command line makes each time it opens a
/// diary (read what the diary keeps, verify the Ed25519 token, raise the clock's mark, set the
/// mode) beside opening that diary and saving one catch, in the same run; and the portal's
/// verification of an App Store transaction (ES256, the chain to the root in OpenSSL's strict
/// mode) beside the Ed25519 check of an entitlement token.
func benchmarkLicence() throws {
    let storage = try DeviceStorage(root: folder.appendingPathComponent("licence-\(UUID())"))
    try storage.addProfile(ProfileDraft(displayName: "Bench"))
    let seed = Ed25519.newSeed()
    // A fresh 32-byte seed always has a public key.
    let key = Ed25519.publicKey(seed: seed)!
    let token = try EntitlementToken.sign(
        .init(
            account: UUID(), device: UUID(), product: "yearly", expires: nil, issued: Date(),
            validUntil: Date().addingTimeInterval(7 * 86_400)), seed: seed)
    let diary = try storage.openDiary(named: "Bench", pin: nil)
    try diary.licence.saveToken(token.text, portalKey: key.base64EncodedString())
    let spot = try diary.spots.add(SpotDraft(name: "Bench bay", latitude: 60, longitude: 25))
    let trip = try diary.trips.add(TripDraft(spotId: spot.id, startAt: Date()))
    let runs = 200
    let opening = try medianTime(runs) { _ = try storage.openDiary(named: "Bench", pin: nil) }
    let checking = try medianTime(runs) { _ = try LicenceService.check(diary, shippedKey: nil, now: Date()) }
    let saving = try medianTime(runs) {
        _ = try diary.catches.add(contentsOf: [CatchDraft(tripId: trip.id, speciesId: "esox-lucius", weightKg: 1.5)])
    }
    let verifying = medianTime(runs) { _ = try? EntitlementToken(verifying: token.text, publicKey: key) }
    print("licence: the check at each diary open, \(runs) runs, median")
    print("  opening the diary (baseline): \(ms(opening)); saving a catch: \(ms(saving))")
    print(
        "  the licence check: \(ms(checking)) (\(String(format: "%.2f", checking / opening))× an open, \(String(format: "%.2f", checking / saving))× a save), of which the token's Ed25519 check \(ms(verifying))"
    )
    // The portal's side, on the fixtures' transaction when the repository is at hand.
    let fixtures = URL(fileURLWithPath: "Tests/TestSupport/Fixtures/licensing.json")
    guard let data = try? Data(contentsOf: fixtures),
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let root = json["appStoreRoot"] as? String, let bundle = json["bundleId"] as? String,
        let products = json["products"] as? [String],
        let jws = ((json["transactions"] as? [String: Any])?["ok"] as? [String: Any])?["jws"] as? String
    else { return }
    let verifier = AppStoreVerifier(
        chain: try CertificateChain(rootsPEM: root), bundleId: bundle, products: Set(products),
        environments: ["Production"])
    let now = Date(timeIntervalSince1970: 1_796_083_200)
    let transaction = try medianTime(runs) { _ = try verifier.transaction(jws, now: now) }
    print(
        "  the portal verifying an App Store transaction: \(ms(transaction)) (\(String(format: "%.0f", transaction / verifying))× a token's check)"
    )
}
