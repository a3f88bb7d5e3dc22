import Diagnostics
import DiaryBackup
import DiaryInterchange
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Licensing
import MapPacks
import MediaLibrary
import Routing
import SQLiteDB
import SyncClient

/// The `hobbystory` command-line client: a real client of the diary core, for people without an
/// iPhone, for scripts and for tests (ARCHITECTURE "the CLI is a second, honest client").
public struct HobbyStoryCLI: Sendable {
    public static let version = "0.1.0"

    let environment: [String: String]
    let console: Console
    let now: @Sendable () -> Date

    public init(environment: [String: String], console: Console, now: @escaping @Sendable () -> Date = { Date() }) {
        self.environment = environment
        self.console = console
        self.now = now
    }

    /// Runs one command line (without the program name) and returns the process exit code.
    public func run(_ arguments: [String]) -> Int32 {
        let words = Self.commandWords(arguments)
        do {
            try dispatch(words, arguments)
            return ExitCode.success.rawValue
        } catch let error as AlreadyReported {
            return error.exitCode.rawValue
        } catch {
            // The command's name, never an operand (a file's path, an id) that follows it.
            return report(error, command: Self.handler(for: words)?.name ?? words.prefix(2).joined(separator: " "))
                .rawValue
        }
    }

    /// Prints `error` the way every command reports a failure and returns its exit code; a
    /// command that goes on after one failure (importing several files) reports each with it.
    func report(_ error: any Error, command: String) -> ExitCode {
        let log = Logger(category: "cli")
        switch error {
        case let error as UsageError:
            console.writeError("usage error: \(error.description)\nRun `hobbystory help` for the commands.")
            return .usage
        case let error as InvalidInput:
            console.writeError("error: \(error.description)")
            return .validation
        case let error as ValidationError:
            console.writeError(error.description + Self.directoryHints(error))
            log.notice("validation refused", ["command": command, "fields": error.fields.joined(separator: ",")])
            return .validation
        case let error as StoreError:
            console.writeError("error: \(error.description)\(Self.hint(error))")
            switch error {
            case .notFound, .ambiguousId: return .notFound
            case .refused, .inTrash, .alreadyInTrash, .confirmationMismatch, .nameTaken, .pinRequired, .wrongPin,
                .pinLocked, .readOnly:
                return .refused
            case .damagedFile: return .validation
            }
        case let error as BackupError:
            console.writeError("error: \(error.description)")
            switch error.problem {
            case .destinationExists: return .refused
            case .io: return .failure
            default: return .validation
            }
        case let error as InterchangeError:
            console.writeError("error: \(error.description)")
            switch error {
            case .io: return .notFound
            case .destinationExists: return .refused
            case .unknownFormat, .tooLarge, .encoding, .limit, .malformed, .nothingToImport, .mapping:
                return .validation
            }
        case let error as ImportRefused:
            console.writeError("error: \(error.description)")
            return .validation
        case let error as TrackError:
            console.writeError("error: the track: \(error.description)")
            return .validation
        case let error as MediaStoreError:
            console.writeError("error: \(error.description)")
            switch error {
            case .unreadableSource, .contentMissing: return .notFound
            case .unsupportedMedia: return .validation
            case .destinationExists: return .refused
            case .contentDamaged, .io:
                log.capture(error, context: ["command": command])
                return .failure
            }
        case let error as SyncError:
            console.writeError("error: \(error.description)\(Self.hint(error))")
            switch error {
            case .refused(let status, _, _) where status == 400: return .validation
            case .notSignedIn, .signInRequired, .updateRequired, .refused: return .refused
            case .portalUnavailable, .unreadableAnswer, .storage: return .failure
            }
        case let error as LicenceError:
            console.writeError("error: \(error.description)")
            return .refused
        case let error as RestoreVersionProblem:
            console.writeError("error: \(error.description)")
            return .notFound
        case let error as MapPackService.Problem:
            console.writeError("error: \(error.description)")
            return .notFound
        case let error as MapPackError:
            console.writeError("error: \(error.description)")
            return .failure
        case let error as RouteProblem:
            console.writeError("error: \(error.description)\(Self.hint(error))")
            switch error {
            case .noRoute, .noRoad, .outsideArea: return .notFound
            case .offline, .failed: return .failure
            }
        case let error as RoutingGraphError:
            console.writeError("error: \(error.description)")
            return .failure
        case let error as MediaDownloadService.Problem:
            console.writeError("error: \(error.description); sign in with `hobbystory account login` to fetch them")
            return .refused
        case let error as SQLiteError where error.isConstraintViolation:
            console.writeError("refused by the database: \(error.message)")
            log.capture(error, context: ["command": command])
            return .refused
        default:
            console.writeError("error: \(error)")
            log.capture(error, context: ["command": command])
            return .failure
        }
    }

    /// The longest command the words begin with: `trip track show` before `trip show`.
    static func handler(for words: [String]) -> Command? {
        (1...max(1, min(3, words.count))).reversed().lazy.compactMap {
            commands[words.prefix($0).joined(separator: " ")]
        }.first
    }

    /// The first three words that are neither options nor the values of global options (the
    /// longest command has three: `trip track show`).
    static func commandWords(_ arguments: [String]) -> [String] {
        var words: [String] = []
        var index = 0
        while index < arguments.count && words.count < 3 {
            let token = arguments[index]
            index += 1
            if token.hasPrefix("--") {
                if Arguments.globalValues.contains(String(token.dropFirst(2))) { index += 1 }
            } else {
                words.append(token)
            }
        }
        return words
    }

    private func dispatch(_ words: [String], _ arguments: [String]) throws {
        if words.isEmpty || words.first == "help" || arguments.contains("--help") {
            console.write(Self.help)
            return
        }
        if words.first == "version" {
            console.write("hobbystory \(Self.version)")
            return
        }
        guard let handler = Self.handler(for: words) else {
            throw UsageError("unknown command `\(words.joined(separator: " "))`")
        }
        let context = try CommandContext(cli: self, tokens: arguments, spec: handler.spec)
        let expected = handler.name.split(separator: " ").count
        context.operands = Array(context.arguments.positionals.dropFirst(expected))
        let most = handler.repeatsLastOperand ? Int.max : handler.operands.count + handler.optionalOperands.count
        guard (handler.operands.count...most).contains(context.operands.count) else {
            let shape =
                handler.operands + handler.optionalOperands.map { "[\($0)]" }
                + (handler.repeatsLastOperand ? ["..."] : [])
            throw UsageError("`\(handler.name)` takes \(shape.isEmpty ? "no operands" : shape.joined(separator: " "))")
        }
        try handler.run(context)
    }

    static let commands: [String: Command] = Dictionary(
        uniqueKeysWithValues: (profileCommands + spotCommands + tripCommands + catchCommands + trashCommands
            + directoryCommands + diagnosticsCommands + reportCommands + placeCommands + weatherCommands
            + syncCommands + mediaCommands + mapCommands + routeCommands + pointCommands + licenceCommands
            + backupCommands + interchangeCommands + trackCommands + shareCommands).map {
                ($0.name, $0)
            })

    static let help = """
        hobbystory — the fishing diary from the command line (The Hobby Story — Fishing)

        Global options: --data DIR (default $HOBBYSTORY_HOME or ~/.hobbystory), --profile NAME,
                        --pin PIN (or $HOBBYSTORY_PIN), --json,
                        --ca-file PEM (or $HOBBYSTORY_CA_FILE: trust these certificate authorities
                        for the portal instead of the system's)

          profile add NAME [--pin PIN] [--units metric|imperial]
          profile list | profile remove NAME [--confirm NAME] (and --pin for a protected one) | profile restore NAME
          spot add --name N --lat LAT --lon LON [--water-body T] [--water-body-type NAME_OR_ID] [--depth-m X] [--notes T]
                   [--share-precision exact|1km|10km|region|none]   (how finely catches shared from it give it away)
          spot edit ID [same options] [--clear FIELD] | spot list | spot show ID
          trip add --spot ID [--title T] [--start ISO8601] [--end ISO8601] [--companions T] [--notes T] [WATER]
          trip edit ID [same options] [--clear FIELD] | trip list [--spot ID] | trip show ID
          trip track import FILE --trip ID [--format gpx|kml|kmz]   (a GPX, KML or KMZ track; replaces the trip's)
          trip track show ID                                  (length, time and speed; --json with its points)
          catch add --trip ID --species NAME_OR_ID [--time ISO8601] [--weight-kg X] [--length-cm X] [--count N]
                    [--bait NAME_OR_ID] [--method NAME_OR_ID] [--depth-m X] [WATER] [--released] [--notes T]
                    [--from-photo FILE]   (time from the photo; without --trip, the trip at the spot within 500 m)
          WATER: [--water-temp-c X] [--water-clarity-m X (seen into)] [--water-level-m ±X (against the usual)]
                 [--water-trend rising|steady|falling]
          catch edit ID [same options] [--kept] [--clear FIELD] | catch list [--trip ID] [--limit N] | catch show ID
          delete spot|trip|catch|media ID [--yes]      (moves it to the Trash)
          trash list | trash restore ID | trash empty [--yes]
          media import FILE... [--catch ID | --trip ID | --spot ID]   (photos and videos; see docs/media.md)
          media list [--catch ID | --trip ID | --spot ID] | media export ID --to PATH
          backup create --to FILE | backup verify FILE      (the whole diary with its photos and videos; docs/backup.md)
          backup restore FILE [--as NAME] [--pin PIN]       (as a new profile, never into one that exists)
          export --format csv|gpx|kml|kmz --to PATH [--trip ID] [--from DAY] [--until DAY] [--headers keys|en|ru]
          import FILE [--format F] [--dry-run] [--map "HEADER=KEY"]... [--date-order dmy|mdy]   (docs/interchange.md)
          import list | import undo ID                      (an import goes to the Trash as one batch)
          directory list species|baits|methods|water-body-types [--search TEXT] [--include-retired]
          diagnostics export --to FILE | about        (version and data credits)
          diagnostics preview [--comment T] | diagnostics send [--comment T] [--portal URL]   (error reports; docs/diagnostics.md)
          settings diagnostics [on|off]                     (send error reports after each sync)
          report list | report run NAME|--formula "F" [--svg FILE] [--csv FILE]   (see docs/reports.md)
          place --lat LAT --lon LON                         (offline: settlement, region, country)
          places search TEXT [--country CC] [--region R] [--limit N]
          distance --from LAT,LON --to LAT,LON              (decimal degrees or DMS; WGS84 geodesic)
          almanac --lat LAT --lon LON --date YYYY-MM-DD [--tz IANA]   (sun, moon, solunar)
          magnetic --lat LAT --lon LON [--alt-km KM] --date YYYY-MM-DD  (WMM2025)
          weather --lat LAT --lon LON | --city NAME [--region R] [--country CC]  [--at ISO8601]
          weather refresh [--limit N]                       (fill conditions saved while offline)
          map packs [--portal URL] | map download NAME [--portal URL]   (offline maps; see docs/maps.md)
          map info --lat LAT --lon LON                      (which pack on this device covers the point)
          point --lat LAT --lon LON [--to LAT,LON] [--by car|foot]   (coordinates, place, spots, nearest road, conditions)
          route --from LAT,LON --to LAT,LON [--by car|foot] [--shortest] [--offline] [--pack NAME|--graph PATH]
                [--osrm URL] [--valhalla URL] [--graphhopper-key KEY [--graphhopper URL]]   (along roads; see docs/routing.md)
          account signup|login --portal URL --email E --password-stdin [--device-name N] | account logout
          media prefetch                                    (download other devices' photos and videos now)
          sync | sync status                                (with the portal; see docs/sync.md)
          share catch ID [--precision exact|1km|10km|region|none] [--expires-days N] [--no-photo]
                    (a link on the portal; the place no finer than chosen — else the spot's, else the
                    default in Settings — and the photo without its metadata)
          settings share-precision [exact|1km|10km|region|none]   (the default; about 10 km until chosen)
          share list | share revoke ID                      (the links this account made; revoking deletes the page)
          sync history [ID] [--before N] | sync restore-version ID --version N   (versions other devices' edits replaced)
          licence status | licence redeem --signed-transaction FILE   (trial, purchase, grace; see docs/licensing.md)

        Ids may be shortened to a unique prefix of at least 4 characters.
        Exit codes: 0 ok, 1 invalid attributes (nothing saved), 2 usage, 3 not found, 4 refused, 5 failure.
        """
}

/// One command: its words, operands, options and what it does.
struct Command: Sendable {
    let name: String
    var operands: [String] = []
    var optionalOperands: [String] = []
    /// The last operand may be given any number of times (`media import FILE...`).
    var repeatsLastOperand = false
    var spec = OptionSpec()
    let run: @Sendable (CommandContext) throws -> Void
}
