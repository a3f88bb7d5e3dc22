import Foundation
import Geodesy
import Routing

/// Issue 15 §5: route queries on the Helsinki graph by each search algorithm, median and p95 over
/// the oracle's 500 pairs, beside Valhalla's own query on the same pairs, built from the same
/// extract, in the same run (tools/map-pack/valhalla_timing.py); the graph's build time and size
/// beside Valhalla's tiles; the graph's opening (mapping and checking); and the peak memory of a
/// process that opens the graph and routes every pair, beside the same process doing nothing.
func benchmarkRouting() throws {
    print("== Routing (offline, Helsinki) ==")
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tests/RoutingTests/Fixtures").standardized
    let graphURL = fixtures.appendingPathComponent("helsinki.routing")
    let pairsURL = fixtures.appendingPathComponent("helsinki-valhalla.json")
    let pairs = try RoutePairs.read(pairsURL)
    let baseline = try RouteMemory.peakKiB(arguments: [])
    let routing = try RouteMemory.peakKiB(arguments: ["--route-memory", graphURL.path, pairsURL.path])
    print(
        "  peak resident memory: opening the graph and routing all \(pairs.count) pairs \(routing / 1024) MiB, the same process idle \(baseline / 1024) MiB (routing's share \((routing - baseline) / 1024) MiB; the graph file is \(try RoutingGraph(contentsOf: graphURL).byteCount / 1024) KiB)"
    )
    let opening = medianTime(9) { _ = try? RoutingGraph(contentsOf: graphURL) }
    let graph = try RoutingGraph(contentsOf: graphURL)
    print(
        "  graph: \(graph.nodeCount) junctions, \(graph.edgeCount) directed edges, \(graph.byteCount / 1024) KiB; opened and checked in \(ms(opening)) median"
    )
    var ours: [TravelMode: (median: Double, p95: Double)] = [:]
    let chosen = OfflineRouter(graph: graph, pack: "helsinki").algorithm
    for algorithm in SearchAlgorithm.allCases {
        let router = OfflineRouter(graph: graph, pack: "helsinki", algorithm: algorithm)
        for mode in TravelMode.allCases {
            let mine = pairs.filter { $0.mode == mode }
            var times = [Double]()
            var settled = 0
            for pair in mine {
                times.append(
                    try time { settled += (try? router.plan(from: pair.start, to: pair.end, by: mode))?.settled ?? 0 })
            }
            times.sort()
            let (middle, high) = (median(times), times[Int(0.95 * Double(times.count))])
            if algorithm == chosen { ours[mode] = (middle, high) }
            print(
                "  \(algorithm.rawValue) \(mode.rawValue): median \(ms(middle)), p95 \(ms(high)), \(settled / mine.count) states settled on average (\(mine.count) pairs)"
            )
        }
    }
    if let valhalla = ValhallaTiming.measure(pairs: pairsURL) {
        for mode in TravelMode.allCases {
            guard let theirs = valhalla.query[mode], let mine = ours[mode] else { continue }
            print(
                "  \(mode.rawValue), Valhalla's own query (Actor.route, same pairs, this run): median \(String(format: "%.3f", theirs.median)) ms, p95 \(String(format: "%.3f", theirs.p95)) ms — our default search is \(String(format: "%.1f", theirs.median / (mine.median * 1000)))× faster at the median"
            )
        }
        print(
            "  build from the cleaned extract: our graph \(String(format: "%.2f", valhalla.ourBuild)) s, \(valhalla.ourBytes / 1024) KiB; Valhalla's tiles \(String(format: "%.2f", valhalla.valhallaBuild)) s, \(valhalla.valhallaBytes / 1024) KiB"
        )
    } else {
        print("  Valhalla's figures: not measured (python3 with pip, or the network for the extract, is missing)")
    }
    print("")
}

/// Issue 15 §5 on a region far larger than the test extract: a synthetic grid of `side` × `side`
/// streets 100 m apart (tools/map-pack/synthetic_region.py), its graph built by the pack tools;
/// long routes across it by each algorithm, and the peak memory of a process routing them
/// beside the same process idle (children measured before any other of this section's).
func benchmarkScaledRouting(side: Int) throws {
    print("== Routing on a synthetic region (\(side) × \(side) streets, \(side / 10) km square) ==")
    let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../tools/map-pack").standardized
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("hobbystory-routing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let osm = work.appendingPathComponent("region.osm")
    let graphURL = work.appendingPathComponent("region.routing")
    try runTool(["python3", tools.appendingPathComponent("synthetic_region.py").path, "\(side)", osm.path])
    let build = try time {
        try runTool(["python3", tools.appendingPathComponent("routing_graph.py").path, osm.path, graphURL.path])
    }
    var generator = SplitMix64(seed: 15)
    let span = Double(side - 1)
    let pairs = (0..<20).map { _ -> [String: Any] in
        let a = (Double.random(in: 0...0.2, using: &generator), Double.random(in: 0...0.2, using: &generator))
        let b = (Double.random(in: 0.8...1, using: &generator), Double.random(in: 0.8...1, using: &generator))
        return [
            "mode": "car", "from": [60 + a.0 * span * 0.0009, 25 + a.1 * span * 0.0018],
            "to": [60 + b.0 * span * 0.0009, 25 + b.1 * span * 0.0018],
        ]
    }
    let pairsURL = work.appendingPathComponent("pairs.json")
    try JSONSerialization.data(withJSONObject: ["pairs": pairs]).write(to: pairsURL)
    let baseline = try RouteMemory.peakKiB(arguments: [])
    let routing = try RouteMemory.peakKiB(arguments: ["--route-memory", graphURL.path, pairsURL.path])
    let graph = try RoutingGraph(contentsOf: graphURL)
    print(
        "  graph: \(graph.nodeCount) junctions, \(graph.edgeCount) directed edges, \(graph.byteCount / 1_048_576) MiB, built in \(String(format: "%.1f", build)) s; opened and checked in \(ms(medianTime(5) { _ = try? RoutingGraph(contentsOf: graphURL) })) median"
    )
    print(
        "  peak resident memory: opening the graph and routing 20 routes across it \(routing / 1024) MiB, the same process idle \(baseline / 1024) MiB (goal < 100 MiB)"
    )
    let routes = try RoutePairs.read(pairsURL)
    for algorithm in SearchAlgorithm.allCases where algorithm != .dijkstra {
        let router = OfflineRouter(graph: graph, pack: "region", algorithm: algorithm)
        var times = [Double]()
        var settled = 0
        for pair in routes {
            times.append(
                try time { settled += (try? router.plan(from: pair.start, to: pair.end, by: .car))?.settled ?? 0 })
        }
        times.sort()
        print(
            "  \(algorithm.rawValue) car, about \(side * 8 / 100) km: median \(ms(median(times))), p95 \(ms(times[19])), \(settled / routes.count) states settled on average"
        )
    }
    print("")
}

/// Runs a tool of the repository, failing the benchmark if it fails.
func runTool(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
}

/// The oracle's pairs (tools/make_routing_fixtures.py).
struct RoutePairs: Decodable {
    var mode: TravelMode
    var from: [Double]
    var to: [Double]
    var start: Coordinate { Coordinate(latitude: from[0], longitude: from[1]) }
    var end: Coordinate { Coordinate(latitude: to[0], longitude: to[1]) }

    static func read(_ url: URL) throws -> [RoutePairs] {
        struct File: Decodable { var pairs: [RoutePairs] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).pairs
    }
}

/// Valhalla's figures from tools/map-pack/valhalla_timing.py, or nil when it cannot run here.
struct ValhallaTiming {
    var query: [TravelMode: (median: Double, p95: Double)]
    var ourBuild: Double, ourBytes: Int, valhallaBuild: Double, valhallaBytes: Int

    static func measure(pairs: URL) -> ValhallaTiming? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../tools/map-pack/valhalla_timing.py").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, pairs.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let query = object["valhallaQuery"] as? [String: [String: Double]]
        else { return nil }
        var byMode: [TravelMode: (Double, Double)] = [:]
        for (mode, figures) in query {
            if let mode = TravelMode(rawValue: mode), let median = figures["medianMs"], let p95 = figures["p95Ms"] {
                byMode[mode] = (median, p95)
            }
        }
        return ValhallaTiming(
            query: byMode, ourBuild: object["ourBuildS"] as? Double ?? 0, ourBytes: object["ourBytes"] as? Int ?? 0,
            valhallaBuild: object["valhallaBuildS"] as? Double ?? 0, valhallaBytes: object["valhallaBytes"] as? Int ?? 0
        )
    }
}

/// Peak memory of this benchmark run again as a child: idle, or opening a graph and routing
/// every pair (`--route-memory GRAPH PAIRS`, handled in main.swift). The child reports its own
/// peak (Linux's VmHWM), so neither another child of this run nor this process is counted.
enum RouteMemory {
    static func peakKiB(arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments.isEmpty ? ["--route-memory", "none"] : arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let kib = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw CocoaError(.executableLoad) }
        return kib
    }

    /// The child's work: nothing (`none`), or open the graph and route every pair both ways.
    static func run(graph: String, pairs: String?) throws {
        if graph != "none", let pairs {
            let router = OfflineRouter(graph: try RoutingGraph(contentsOf: URL(fileURLWithPath: graph)), pack: "memory")
            for pair in try RoutePairs.read(URL(fileURLWithPath: pairs)) {
                _ = try? router.plan(from: pair.start, to: pair.end, by: pair.mode)
            }
        }
        // VmHWM belongs to this process's own memory; getrusage's peak would also count the
        // parent's resident memory at the moment it forked this child.
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        print(line.split(separator: " ").dropFirst().first ?? "0")
    }
}
