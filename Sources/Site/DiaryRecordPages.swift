import FishingModel
import Foundation
import PortalViews

/// A trip's and a catch's own pages (issue 16 §1): everything the angler recorded, the
/// conditions stored with it (T14), and its photos (opened full size) and videos (streamed, so
/// scrubbing works).
public enum DiaryRecordPages {
    public static func trip(_ context: SiteContext, _ detail: DiaryTripDetail, names: DiaryPages.Names) -> HTML {
        let trip = detail.trip
        let catches = detail.catches.map { caught -> HTML in
            let measures = measuresText(context, caught)
            return """
                <tr><td><time datetime="\(SiteFormat.machine(caught.caughtAt, offset: caught.utcOffsetSeconds))">\
                \(SiteFormat.time(caught.caughtAt, offset: caught.utcOffsetSeconds))</time></td>\
                <th scope="row"><a href="\(SitePage.catch.target(id: caught.id))">\(DiaryPages.Names.name(caught.speciesId, in: names.species, context.language))</a></th>\
                <td>\(caught.count)</td><td>\(measures)</td></tr>
                """
        }
        let catchTable: HTML =
            detail.catches.isEmpty
            ? "<p class=\"empty\">\(context(SiteText.noCatches))</p>"
            : """
            <div class="table-scroll"><table><thead><tr><th scope="col">\(context(SiteText.time))</th>\
            <th scope="col">\(context(SiteText.species))</th><th scope="col">\(context(SiteText.count))</th>\
            <th scope="col">\(context(SiteText.measures))</th></tr></thead><tbody>\(catches)</tbody></table></div>
            """
        var facts: [(Phrase, HTML)] = [(SiteText.when, span(trip))]
        if let spot = detail.spot { facts.append((SiteText.spot, spotText(spot))) }
        if let companions = trip.companions { facts.append((SiteText.companions, "\(companions)")) }
        facts += waterFacts(
            context, temperatureC: trip.waterTempC, clarityM: trip.waterClarityM, levelM: trip.waterLevelM,
            trend: trip.waterTrend)
        return SiteLayout.page(
            context, title: title(of: trip, context),
            """
            <p><a href="\(SitePage.diary.pattern)">← \(context(SiteText.diary))</a></p>
            \(factList(context, facts))
            \(notes(context, trip.notes))
            \(conditionsSection(context, trip.conditions))
            <section class="panel"><h2>\(context(SiteText.catches))</h2>\(catchTable)</section>
            \(gallery(context, detail.media))
            """)
    }

    public static func `catch`(_ context: SiteContext, _ detail: DiaryCatchDetail, names: DiaryPages.Names) -> HTML {
        let caught = detail.catch
        let species = DiaryPages.Names.name(caught.speciesId, in: names.species, context.language)
        var facts: [(Phrase, HTML)] = [
            (
                SiteText.when,
                "<time datetime=\"\(SiteFormat.machine(caught.caughtAt, offset: caught.utcOffsetSeconds))\">\(SiteFormat.dateTime(caught.caughtAt, offset: caught.utcOffsetSeconds))</time>"
            ),
            (SiteText.count, "\(caught.count)"),
        ]
        let language = context.language
        if let weight = caught.weightKg {
            facts.append((SiteText.weight, "\(SiteFormat.number(weight, digits: 3, language)) \(context(SiteText.kg))"))
        }
        if let length = caught.lengthCm {
            facts.append((SiteText.length, "\(SiteFormat.number(length, language)) \(context(SiteText.cm))"))
        }
        if let bait = caught.baitId {
            facts.append((SiteText.bait, "\(DiaryPages.Names.name(bait, in: names.baits, language))"))
        }
        if let method = caught.methodId {
            facts.append((SiteText.method, "\(DiaryPages.Names.name(method, in: names.methods, language))"))
        }
        if let depth = caught.depthM {
            facts.append((SiteText.depth, "\(SiteFormat.number(depth, language)) \(context(SiteText.metres))"))
        }
        facts += waterFacts(
            context, temperatureC: caught.waterTempC, clarityM: caught.waterClarityM, levelM: caught.waterLevelM,
            trend: caught.waterTrend)
        facts.append((SiteText.released, "\(context(caught.released ? SiteText.yes : SiteText.no))"))
        if let trip = detail.trip {
            facts.append(
                (SiteText.trip, "<a href=\"\(SitePage.trip.target(id: trip.id))\">\(title(of: trip, context))</a>"))
        }
        return SiteLayout.page(
            context, title: species,
            """
            \(factList(context, facts))
            \(notes(context, caught.notes))
            \(conditionsSection(context, caught.conditions))
            \(gallery(context, detail.media))
            """)
    }

    /// The water noted with a trip or a catch (issue 34 §5): what was noted, nothing else.
    static func waterFacts(
        _ context: SiteContext, temperatureC: Double?, clarityM: Double?, levelM: Double?, trend: WaterTrend?
    ) -> [(Phrase, HTML)] {
        let language = context.language
        let metres = context(SiteText.metres)
        var facts: [(Phrase, HTML)] = []
        if let temperatureC {
            facts.append((SiteText.waterTemperature, "\(SiteFormat.number(temperatureC, language)) °C"))
        }
        if let clarityM { facts.append((SiteText.waterClarity, "\(SiteFormat.number(clarityM, language)) \(metres)")) }
        if let levelM {
            let sign = levelM > 0 ? "+" : levelM < 0 ? "−" : ""
            facts.append((SiteText.waterLevel, "\(sign)\(SiteFormat.number(abs(levelM), language)) \(metres)"))
        }
        if let trend {
            let phrase =
                switch trend {
                case .rising: SiteText.rising
                case .steady: SiteText.steady
                case .falling: SiteText.falling
                }
            facts.append((SiteText.waterTrend, "\(context(phrase))"))
        }
        return facts
    }

    /// A trip's title, or "Trip of 2026-06-01" when it has none.
    static func title(of trip: DiaryEntry<Trip>, _ context: SiteContext) -> String {
        trip.title
            ?? "\(context(SiteText.tripOf)) \(SiteFormat.dateTime(trip.startAt, offset: trip.utcOffsetSeconds).prefix(10))"
    }

    /// `2026-06-01 05:30 – 11:00` on the angler's clock.
    static func span(_ trip: DiaryEntry<Trip>) -> HTML {
        let offset = trip.utcOffsetSeconds
        let start: HTML =
            "<time datetime=\"\(SiteFormat.machine(trip.startAt, offset: offset))\">\(SiteFormat.dateTime(trip.startAt, offset: offset))</time>"
        guard let end = trip.endAt else { return start }
        let sameDay =
            SiteFormat.dateTime(end, offset: offset).prefix(10)
            == SiteFormat.dateTime(trip.startAt, offset: offset).prefix(10)
        let endText = sameDay ? SiteFormat.time(end, offset: offset) : SiteFormat.dateTime(end, offset: offset)
        return "\(start) – <time datetime=\"\(SiteFormat.machine(end, offset: offset))\">\(endText)</time>"
    }

    static func spotText(_ spot: DiarySpot) -> HTML {
        let details = [spot.waterBodyName, spot.place].compactMap { $0 }.joined(separator: " · ")
        return details.isEmpty ? "\(spot.name)" : "\(spot.name) <span class=\"muted\">(\(details))</span>"
    }

    static func measuresText(_ context: SiteContext, _ caught: DiaryEntry<Catch>) -> String {
        [
            caught.weightKg.map { "\(SiteFormat.number($0, digits: 3, context.language)) \(context(SiteText.kg))" },
            caught.lengthCm.map { "\(SiteFormat.number($0, context.language)) \(context(SiteText.cm))" },
        ].compactMap { $0 }.joined(separator: ", ")
    }

    static func factList(_ context: SiteContext, _ facts: [(Phrase, HTML)]) -> HTML {
        let items = facts.map { name, value -> HTML in "<dt>\(context(name))</dt><dd>\(value)</dd>" }
        return "<dl class=\"facts panel\">\(items)</dl>"
    }

    static func notes(_ context: SiteContext, _ notes: String?) -> HTML {
        guard let notes else { return .empty }
        return "<section class=\"panel\"><h2>\(context(SiteText.notes))</h2><p class=\"notes\">\(notes)</p></section>"
    }

    /// The conditions in one line: temperature, pressure, wind, humidity, Kp.
    static func conditionsParts(_ context: SiteContext, _ conditions: DiaryConditions) -> [String] {
        let language = context.language
        var parts: [String] = []
        if let value = conditions.temperatureC { parts.append("\(SiteFormat.number(value, language)) °C") }
        if let value = conditions.pressureHpa {
            parts.append("\(SiteFormat.number(value, digits: 0, language)) \(context(SiteText.hPa))")
        }
        if let value = conditions.windSpeedMs {
            let direction = conditions.windDirectionDeg.map { " \(SiteFormat.number($0, digits: 0, language))°" } ?? ""
            parts.append(
                "\(context(SiteText.wind)) \(SiteFormat.number(value, language)) \(context(SiteText.metresPerSecond))\(direction)"
            )
        }
        if let value = conditions.humidityPercent { parts.append("\(SiteFormat.number(value, digits: 0, language)) %") }
        if let value = conditions.kp { parts.append("Kp \(SiteFormat.number(value, language))") }
        return parts
    }

    static func conditionsLine(_ context: SiteContext, _ conditions: DiaryConditions?) -> HTML {
        guard let conditions else { return .empty }
        return "<p class=\"conditions\">\(conditionsParts(context, conditions).joined(separator: " · "))</p>"
    }

    static func conditionsSection(_ context: SiteContext, _ conditions: DiaryConditions?) -> HTML {
        guard let conditions else { return .empty }
        return """
            <section class="panel"><h2>\(context(SiteText.conditions))</h2>\
            <p class="conditions">\(conditionsParts(context, conditions).joined(separator: " · "))</p></section>
            """
    }

    /// Photos as thumbnails linking to the full picture, videos as players fetching by range.
    static func gallery(_ context: SiteContext, _ media: [DiaryMedia]) -> HTML {
        guard !media.isEmpty else { return .empty }
        let items = media.map { item -> HTML in
            let source = SitePage.media.target(id: item.id)
            switch item.kind {
            case .photo:
                let size: HTML =
                    if let width = item.width, let height = item.height, width > 0, height > 0 {
                        " width=\"\(width)\" height=\"\(height)\""
                    } else { .empty }
                return """
                    <li><a href="\(source)"><img src="\(source)" alt="\(context(SiteText.photo))"\(size) loading="lazy"></a></li>
                    """
            case .video:
                return """
                    <li><video controls preload="metadata" src="\(source)" aria-label="\(context(SiteText.video))"></video>\
                    <a href="\(source)">\(context(SiteText.downloadVideo))</a></li>
                    """
            }
        }
        return
            "<section class=\"panel\"><h2>\(context(SiteText.photosAndVideos))</h2><ul class=\"gallery\">\(items)</ul></section>"
    }
}
