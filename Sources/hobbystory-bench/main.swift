// The release-build benchmark (docs/benchmarks.md). Every figure is printed beside a baseline
// measured in the same run on the same machine; compare ratios and medians, not absolute times.
//
// usage: swift build -c release --product hobbystory-bench && .build/release/hobbystory-bench
//        [--catches N] [--big M] [--media-mib S] [--sync-catches K] [--upload-mb U] [--interchange-catches C] [--no-load]
//        [--only diary,places,almanac,media,backup,interchange,reports,sync,upload,app,maps,routing,site,licence,pin]
//        (--no-load skips the wrk load runs, e.g. to profile the sync itself)
import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

let options = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let i = options.firstIndex(of: name), i + 1 < options.count else { return nil }
    return options[i + 1]
}
let bulkCount = option("--catches").flatMap { Int($0) } ?? 100_000
let bigCount = option("--big").flatMap { Int($0) } ?? 1_000_000
let mediaMebibytes = option("--media-mib").flatMap { Int($0) } ?? 1024
let syncCatches = option("--sync-catches").flatMap { Int($0) } ?? 10_000
let uploadMegabytes = option("--upload-mb").flatMap { Int($0) } ?? 200
let interchangeCatches = option("--interchange-catches").flatMap { Int($0) } ?? 100_000
if let graph = option("--route-memory") {
    // A child of the routing section, whose peak memory that section reads.
    let next = options.firstIndex(of: "--route-memory")! + 2
    try RouteMemory.run(graph: graph, pairs: next < options.count ? options[next] : nil)
    exit(0)
}
let sections = Set(
    (option("--only")
        ?? "diary,places,almanac,media,backup,interchange,reports,sync,upload,app,maps,routing,site,licence,pin")
        .split(
            separator: ","
        )
        .map(
            String.init))
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hobbystory-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }

print(
    "hobbystory-bench — release build, \(ProcessInfo.processInfo.activeProcessorCount) cores, SQLite \(String(cString: sqlite3_libversion()))"
)
print("")
// Places first: its resident-memory figure is only meaningful before other sections allocate.
if sections.contains("places") { try benchmarkPlaces() }
if sections.contains("almanac") { try benchmarkAlmanac() }
if sections.contains("maps") {
    try benchmarkMaps()
    try benchmarkTileDrawing()
}
if sections.contains("routing") {
    try benchmarkScaledRouting(side: 600)
    try benchmarkRouting()
}
// Media before the diary section, whose million catches leave the heap large.
if sections.contains("media") { try benchmarkMedia(mebibytes: mediaMebibytes) }
if sections.contains("backup") { try benchmarkBackup(mebibytes: mediaMebibytes) }
if sections.contains("interchange") { try benchmarkInterchange(catches: interchangeCatches) }
var big: Setup?
if sections.contains("diary") { big = try benchmarkDiary(bulkCount: bulkCount, bigCount: bigCount) }
if sections.contains("reports") {
    let diary = try big ?? bigDiary(bigCount).0
    try benchmarkReports(big: diary, catches: bigCount)
    try benchmarkReportReplica(catches: 50_000)
}
if sections.contains("sync") { try await benchmarkSync(catches: syncCatches, load: !options.contains("--no-load")) }
if sections.contains("upload") { try await benchmarkUpload(megabytes: uploadMegabytes) }
if sections.contains("app") { try await benchmarkApp(trips: 10_000, catches: 100_000) }
if sections.contains("site") { try await benchmarkSite(trips: 10_000, catches: 100_000) }
if sections.contains("licence") { try benchmarkLicence() }
if sections.contains("pin") { try benchmarkPin() }
