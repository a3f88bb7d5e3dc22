import CSodium
import Foundation
import SecureHashing

/// The PIN's hash (T15, issue 31 §1.2): the Swift Argon2id at the phone's parameters (64 MiB, two
/// passes, one lane) beside libsodium's at the same parameters, in the same run — its time and
/// the peak memory one hash adds.
func benchmarkPin() throws {
    let runs = 9
    let parameters = Argon2idPasswordHashing.phoneParameters
    let hashing = Argon2idPasswordHashing()
    resetPeakResident()
    let before = residentBytes()
    let swift = try medianTime(runs) { _ = try hashing.make("4821") }
    let added = peakResidentBytes() - before
    guard sodium_init() >= 0 else { return }
    var output = [CChar](repeating: 0, count: Int(crypto_pwhash_argon2id_strbytes()))
    let libsodium = medianTime(runs) {
        _ = crypto_pwhash_argon2id_str(
            &output, "4821", 4, UInt64(parameters.passes), parameters.memoryKiB * 1024)
    }
    print(
        "PIN hash: Argon2id, m=\(parameters.memoryKiB / 1024) MiB, t=\(parameters.passes), p=\(parameters.lanes), \(runs) runs, median"
    )
    print("  libsodium (baseline): \(ms(libsodium))")
    print(
        "  Swift: \(ms(swift)) (\(String(format: "%.2f", swift / libsodium))× libsodium), peak memory added \(added / 1_048_576) MiB"
    )
}
