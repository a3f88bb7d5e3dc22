import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import SyncProtocol

extension HobbyStoryCLI {
    /// `share catch ID --precision P`, `share list`, `share revoke ID` (issue 34 §4, §6): a link
    /// on the portal to a catch, with the place no finer than the angler chose and the photo
    /// without its metadata; links listed and withdrawn.
    static let shareCommands: [Command] = [
        Command(
            name: "share catch", operands: ["ID"],
            spec: OptionSpec(values: ["precision", "expires-days"], flags: ["no-photo"])
        ) { c in
            let precision = try c.text("precision").map { try c.sharePrecision($0) }
            let expiresAt = try c.shareExpiry()
            let id = try c.id(c.operands[0], .catch)
            let sharing = try c.catchSharing()
            let withPhoto = !c.arguments.flag("no-photo")
            let (preparation, link) = try c.waitForSync {
                let preparation = try await sharing.prepare(id, precision: precision, withPhoto: withPhoto)
                return (preparation, try await sharing.share(id, preparation, expiresAt: expiresAt))
            }
            c.output(c.shareJSON(link, preparation), text: c.shareText(link, preparation))
        },
        Command(name: "settings share-precision", optionalOperands: ["exact|1km|10km|region|none"]) { c in
            let diary = try c.diary()
            if let choice = c.operands.first { try diary.setDefaultSharePrecision(try c.sharePrecision(choice)) }
            let precision = try diary.defaultSharePrecision()
            c.output(
                .object(["sharePrecision": .string(precision.rawValue)]),
                text:
                    "Catches are shared at \(precision.rawValue) unless their spot says otherwise (`spot edit ID --share-precision P`)."
            )
        },
        Command(name: "share list") { c in
            let sharing = try c.catchSharing()
            let links = try c.waitForSync { try await sharing.links() }
            c.output(
                .array(links.map { c.shareJSON($0, nil) }),
                text: links.isEmpty
                    ? "No links: share a catch with `hobbystory share catch ID --precision 10km`."
                    : links.map(c.shareLine).joined(separator: "\n"))
        },
        Command(name: "share revoke", operands: ["ID"]) { c in
            let sharing = try c.catchSharing()
            let text = c.operands[0].lowercased()
            let links = try c.waitForSync { try await sharing.links() }
            let matches = links.filter { $0.summary.id.uuidString.lowercased().hasPrefix(text) && text.count >= 4 }
            guard matches.count == 1, let link = matches.first else {
                throw matches.isEmpty
                    ? StoreError.notFound(entity: "link", id: String(text.prefix(40)))
                    : StoreError.ambiguousId(entity: "link", prefix: String(text.prefix(40)), matches: matches.count)
            }
            try c.waitForSync { try await sharing.revoke(link.summary.id) }
            c.output(
                .object(["id": .string(link.summary.id.uuidString.lowercased()), "revoked": .bool(true)]),
                text: "Revoked \(link.url.absoluteString): the page is gone and its photo deleted.")
        },
    ]
}

extension CommandContext {
    /// Sharing for this profile's diary, over libcurl, with photos drawn anew without metadata.
    func catchSharing() throws -> CatchSharing {
        let root = try mediaStore().root
        return CatchSharing(
            diary: try diaryQueue(), transport: portalTransports(timeout: .seconds(30)),
            picture: CatchSharing.picture(drawnBy: SharePicture.maker, mediaRoot: root))
    }

    /// A precision named on the command line.
    func sharePrecision(_ text: String) throws -> SharePrecision {
        guard let precision = SharePrecision(rawValue: text) else {
            throw InvalidInput(
                description: "share precision \(text.prefix(40)): must be exact, 1km, 10km, region or none")
        }
        return precision
    }

    /// `--expires-days N` (1 to 366) as a moment, or nil.
    func shareExpiry() throws -> Date? {
        guard let text = text("expires-days") else { return nil }
        let longest = Int(ShareRequest.longestLife / 86_400)
        guard let days = Int(text), (1...longest).contains(days) else {
            throw InvalidInput(
                description: "--expires-days \(text.prefix(40)): must be a whole number of days from 1 to \(longest)")
        }
        return Date().addingTimeInterval(Double(days) * 86_400)
    }

    /// What the link shows of the place, in words.
    func sharedPlaceText(_ card: SharedCatch) -> String {
        let format = "%.\(card.precision.decimals)f"
        let point = card.point.map { "\(String(format: format, $0.latitude)), \(String(format: format, $0.longitude))" }
        switch card.precision {
        case .exact: return [card.spotName, card.region, point].compactMap { $0 }.joined(separator: " · ")
        case .about1km, .about10km:
            return [card.region, point.map { "the \(card.precision.rawValue) square around \($0)" }].compactMap { $0 }
                .joined(separator: " · ")
        case .region: return card.region ?? "no region known"
        case .none: return "not shown"
        }
    }

    func shareText(_ link: ShareLink, _ preparation: SharePreparation) -> String {
        let card = preparation.card
        let source =
            switch preparation.precisionSource {
            case .chosen: ""
            case .spot: " (the spot's)"
            case .settings: " (the default in Settings)"
            }
        var lines = [
            link.url.absoluteString,
            "\(card.species) · place at \(card.precision.rawValue)\(source): \(sharedPlaceText(card)) · photo: \(link.summary.hasPhoto ? "yes, without its metadata" : "none")",
        ]
        if let photoLeftOut = preparation.photoLeftOut { lines.append("Photo left out: \(photoLeftOut)") }
        if let expires = link.summary.expiresAt { lines.append("Expires \(instant(expires))") }
        lines.append("Revoke it with `hobbystory share revoke \(shortId(link.summary.id))`.")
        return lines.joined(separator: "\n")
    }

    func shareLine(_ link: ShareLink) -> String {
        let summary = link.summary
        let state =
            summary.revokedAt != nil
            ? "revoked" : summary.expiresAt.map { $0 < Date() ? "expired" : "until \(instant($0))" } ?? "live"
        return
            "\(shortId(summary.id))  \(summary.species)  \(summary.precision.rawValue)  \(state)  \(link.url.absoluteString)"
    }

    func shareJSON(_ link: ShareLink, _ preparation: SharePreparation?) -> JSONValue {
        let summary = link.summary
        var object: [String: JSONValue] = [
            "id": .string(summary.id.uuidString.lowercased()),
            "catchId": .string(summary.catchId.uuidString.lowercased()),
            "url": .string(link.url.absoluteString), "species": .string(summary.species),
            "precision": .string(summary.precision.rawValue), "hasPhoto": .bool(summary.hasPhoto),
            "createdAt": .string(instant(summary.createdAt)),
            "expiresAt": summary.expiresAt.map { .string(instant($0)) } ?? .null,
            "revokedAt": summary.revokedAt.map { .string(instant($0)) } ?? .null,
        ]
        if let preparation {
            let card = preparation.card
            object["precisionFrom"] = .string(preparation.precisionSource.rawValue)
            object["point"] =
                card.point.map { .object(["latitude": .number($0.latitude), "longitude": .number($0.longitude)]) }
                ?? .null
            object["region"] = card.region.map { .string($0) } ?? .null
            object["spotName"] = card.spotName.map { .string($0) } ?? .null
            object["photoLeftOut"] = preparation.photoLeftOut.map { .string($0) } ?? .null
        }
        return .object(object)
    }

    /// A moment as ISO 8601 UTC.
    func instant(_ date: Date) -> String { DiaryTime.iso8601(date, utcOffsetSeconds: 0) }
}
