import Foundation
import PortalViews

/// The words of the licence pages (T13, issue 17), in English and Russian.
public enum LicenceText {
    static let title = Phrase("Licences", "Лицензии")
    static let purchases = Phrase("App Store purchases", "Покупки в App Store")
    static let purchase = Phrase("Purchase", "Покупка")
    static let product = Phrase("Product", "Продукт")
    static let environment = Phrase("Environment", "Среда")
    static let standing = Phrase("Standing", "Состояние")
    static let lifetime = Phrase("for good", "навсегда")
    static let until = Phrase("until", "до")
    static let refunded = Phrase("refunded", "возврат")
    static let devices = Phrase("Devices", "Устройства")
    static let refusals = Phrase("Sharing refused", "Отказано в передаче")
    static let history = Phrase("History", "История")
    static let event = Phrase("Event", "Событие")
    static let detail = Phrase("Detail", "Подробности")
    static let latest = Phrase(
        "Latest events, signals of tampering included", "Последние события, включая признаки взлома")
    static let noPurchases = Phrase("No purchases yet.", "Покупок пока нет.")
    static let noEvents = Phrase("Nothing happened yet.", "Пока ничего не произошло.")
    static let open = Phrase("Licences", "Лицензии")

    /// An event's kind in words.
    static func kind(_ kind: String) -> Phrase {
        switch kind {
        case "redeemed": Phrase("bound to an account", "привязана к учётной записи")
        case "sharing_refused": Phrase("sharing refused", "передача отклонена")
        case "device_limit": Phrase("device limit reached", "достигнут предел устройств")
        case "updated": Phrase("renewed or changed by Apple", "продлена или изменена Apple")
        case "revoked": Phrase("refunded or revoked", "возврат или отзыв")
        case "notification": Phrase("notification from Apple", "уведомление Apple")
        case "signal": Phrase("signal of tampering", "признак взлома")
        case "attested": Phrase("device attested", "устройство подтверждено")
        default: Phrase(kind, kind)
        }
    }
}

/// The licence pages for administrators (T13, issue 17), as `admin licences` shows them: every
/// App Store purchase with who it unlocks, its devices and refused sharing; one purchase with
/// its history; the latest events with devices' signals of tampering.
public enum LicencePages {
    public static func list(_ context: SiteContext, licences: [LicenceSummary], events: [LicenceEvent]) -> HTML {
        let rows = licences.map { licence -> HTML in
            """
            <tr><th scope="row"><a href="\(SitePage.licence.target(["id": licence.originalTransactionId]))">\(licence.originalTransactionId)</a></th>\
            <td>\(licence.productId)</td><td>\(standing(context, licence))</td><td>\(licence.accounts.joined(separator: ", "))</td>\
            <td>\(licence.devices)</td><td>\(licence.refusals)</td></tr>
            """
        }
        let table: HTML =
            licences.isEmpty
            ? "<p class=\"empty\">\(context(LicenceText.noPurchases))</p>"
            : """
            <div class="table-scroll"><table><thead><tr><th scope="col">\(context(LicenceText.purchase))</th>\
            <th scope="col">\(context(LicenceText.product))</th><th scope="col">\(context(LicenceText.standing))</th>\
            <th scope="col">\(context(SiteText.accounts))</th><th scope="col">\(context(LicenceText.devices))</th>\
            <th scope="col">\(context(LicenceText.refusals))</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
        return SiteLayout.page(
            context, title: context(LicenceText.title),
            """
            <p><a href="\(SitePage.admin.pattern)">← \(context(SiteText.administration))</a></p>
            <section class="panel"><h2>\(context(LicenceText.purchases)) (\(licences.count))</h2>\(table)</section>
            <section class="panel"><h2>\(context(LicenceText.latest))</h2>\(eventTable(context, events))</section>
            """)
    }

    public static func licence(_ context: SiteContext, _ licence: LicenceSummary, events: [LicenceEvent]) -> HTML {
        let facts: [(Phrase, String)] = [
            (LicenceText.product, licence.productId), (LicenceText.environment, licence.environment),
            (LicenceText.standing, standing(context, licence)),
            (SiteText.accounts, licence.accounts.joined(separator: ", ")),
            (LicenceText.devices, "\(licence.devices)"), (LicenceText.refusals, "\(licence.refusals)"),
        ]
        let items = facts.map { name, value -> HTML in "<dt>\(context(name))</dt><dd>\(value)</dd>" }
        return SiteLayout.page(
            context, title: "\(context(LicenceText.purchase)) \(licence.originalTransactionId)",
            """
            <p><a href="\(SitePage.licences.pattern)">← \(context(LicenceText.title))</a></p>
            <dl class="facts panel">\(items)</dl>
            <section class="panel"><h2>\(context(LicenceText.history))</h2>\(eventTable(context, events))</section>
            """)
    }

    private static func standing(_ context: SiteContext, _ licence: LicenceSummary) -> String {
        if let revoked = licence.revokedAt {
            return "\(context(LicenceText.refunded)) \(SiteFormat.dateTime(revoked, offset: 0))"
        }
        guard let end = licence.expiresAt else { return context(LicenceText.lifetime) }
        return "\(context(LicenceText.until)) \(SiteFormat.dateTime(end, offset: 0))"
    }

    private static func eventTable(_ context: SiteContext, _ events: [LicenceEvent]) -> HTML {
        guard !events.isEmpty else { return "<p class=\"empty\">\(context(LicenceText.noEvents))</p>" }
        let rows = events.map { event -> HTML in
            """
            <tr><td>\(SiteFormat.dateTime(event.at, offset: 0))</td><td>\(context(LicenceText.kind(event.kind)))</td>\
            <td>\(event.originalTransactionId ?? "—")</td><td>\(event.account ?? "—")</td><td>\(event.detail)</td></tr>
            """
        }
        return """
            <div class="table-scroll"><table><thead><tr><th scope="col">\(context(SiteText.time))</th>\
            <th scope="col">\(context(LicenceText.event))</th><th scope="col">\(context(LicenceText.purchase))</th>\
            <th scope="col">\(context(SiteText.accounts))</th><th scope="col">\(context(LicenceText.detail))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
    }
}
