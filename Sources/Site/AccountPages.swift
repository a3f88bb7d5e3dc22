import Foundation
import PortalViews
import SyncProtocol

/// The pages of signing in and of the account (issue 16 §1): sign-in, the account with its
/// devices and sessions, changing the password, and the confirmation every destructive action
/// asks for first (§2).
public enum AccountPages {
    /// The sign-in form; `problem` says why the last attempt failed, `next` is where to go after.
    public static func signIn(
        _ context: SiteContext, email: String = "", next: String?, notice: String? = nil, problem: String?
    ) -> HTML {
        let nextField: HTML = next.map { "<input type=\"hidden\" name=\"next\" value=\"\($0)\">" } ?? .empty
        return SiteLayout.page(
            context, title: context(SiteText.signIn),
            """
            \(noticeBox(notice))\(problemBox(problem))
            <form method="post" action="\(SitePage.submitSignIn.pattern)" class="panel narrow">
            \(Controls.formToken(context))\(nextField)
            \(Controls.field(context, id: "email", name: "email", label: context(SiteText.email), help: context(SiteText.emailHelp), type: "email", value: email, autocomplete: "email", required: true, maxLength: 254))
            \(Controls.field(context, id: "password", name: "password", label: context(SiteText.password), help: context(SiteText.passwordHelp), type: "password", autocomplete: "current-password", required: true, maxLength: 1024))
            <button type="submit" class="button primary">\(context(SiteText.signIn))</button>
            </form>
            <p class="hint">\(context(SiteText.signInHint))</p>
            """)
    }

    /// The account: its email, its devices and browsers (the current one marked, each with a
    /// sign-out that asks first), and the password form.
    public static func account(
        _ context: SiteContext, email: String, devices: [DeviceSummary], currentDevice: UUID, notice: String?,
        problem: String?
    ) -> HTML {
        let rows = devices.map { device -> HTML in
            let current: HTML =
                device.id == currentDevice ? " <span class=\"tag\">\(context(SiteText.thisBrowser))</span>" : ""
            let action: HTML =
                device.liveSessions > 0
                ? "<a class=\"button danger\" href=\"\(SitePage.confirmRevokeDevice.target(id: device.id))\">\(context(SiteText.signOutDevice))</a>"
                : "<span class=\"muted\">\(context(SiteText.signedOut))</span>"
            return """
                <tr><th scope="row">\(device.name)\(current)</th>\
                <td data-label="\(context(SiteText.lastSeen))"><time datetime="\(SiteFormat.machine(device.lastSeenAt, offset: 0))">\(SiteFormat.dateTime(device.lastSeenAt, offset: 0)) UTC</time></td>\
                <td data-label="\(context(SiteText.sessions))">\(device.liveSessions)</td><td>\(action)</td></tr>
                """
        }
        return SiteLayout.page(
            context, title: context(SiteText.account),
            """
            \(noticeBox(notice))\(problemBox(problem))
            <section class="panel"><h2>\(context(SiteText.signedInAs))</h2><p class="email">\(email)</p></section>
            <section class="panel"><h2>\(context(SiteText.devices))</h2>
            <p class="hint">\(context(SiteText.devicesHint))</p>
            <div class="table-scroll"><table class="devices">
            <thead><tr><th scope="col">\(context(SiteText.device))</th><th scope="col">\(context(SiteText.lastSeen))</th>\
            <th scope="col">\(context(SiteText.sessions))</th><th scope="col"><span class="visually-hidden">\(context(SiteText.actions))</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div></section>
            <section class="panel"><h2>\(context(SiteText.exportTitle))</h2><p class="hint">\(context(SiteText.exportHint))</p>
            <p><a class="button" href="\(SitePage.exportAccount.pattern)" download>\(context(SiteText.exportButton))</a></p></section>
            <section class="panel"><h2>\(context(SiteText.deleteAccount))</h2><p class="hint">\(context(SiteText.deleteAccountHint))</p>
            <p><a class="button danger" href="\(SitePage.confirmDeleteAccount.pattern)">\(context(SiteText.deleteAccount))…</a></p></section>
            <section class="panel"><h2>\(context(SiteText.changePassword))</h2>
            <form method="post" action="\(SitePage.changePassword.pattern)" class="narrow">\(Controls.formToken(context))
            \(Controls.field(context, id: "current", name: "current", label: context(SiteText.currentPassword), help: context(SiteText.currentPasswordHelp), type: "password", autocomplete: "current-password", required: true, maxLength: 1024))
            \(Controls.field(context, id: "new", name: "new", label: context(SiteText.newPassword), help: context(SiteText.newPasswordHelp), type: "password", autocomplete: "new-password", required: true, maxLength: 1024))
            \(Controls.field(context, id: "repeat", name: "repeat", label: context(SiteText.repeatPassword), help: context(SiteText.repeatPasswordHelp), type: "password", autocomplete: "new-password", required: true, maxLength: 1024))
            <button type="submit" class="button primary">\(context(SiteText.changePassword))</button>
            </form></section>
            """)
    }

    /// Asks before a destructive action: what will happen, a button that does it (a form with the
    /// CSRF token) and a way back.
    public static func confirm(
        _ context: SiteContext, title: String, question: String, action: String, confirmLabel: String,
        cancel: String, fields: [String: String] = [:]
    ) -> HTML {
        let hidden = (fields.merging(["confirm": "yes"]) { kept, _ in kept }).sorted { $0.key < $1.key }.map {
            name, value -> HTML in "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
        }
        return SiteLayout.page(
            context, title: title,
            """
            <section class="panel narrow" role="alertdialog" aria-labelledby="confirm-question">
            <p id="confirm-question" class="question">\(question)</p>
            <div class="actions">
            \(Controls.postForm(context, to: action, submit: confirmLabel, style: "button danger", fields: HTML.joined(hidden)))
            <a class="button" href="\(cancel)">\(context(SiteText.cancel))</a>
            </div></section>
            """)
    }

    /// Asks before deleting the account: its email typed out, and its password.
    public static func confirmDeletion(_ context: SiteContext, email: String, problem: String?) -> HTML {
        SiteLayout.page(
            context, title: context(SiteText.deleteAccount),
            """
            \(problemBox(problem))
            <section class="panel narrow" role="alertdialog" aria-labelledby="delete-question">
            <p id="delete-question" class="question">\(SiteText.confirmDeletion(email, context.language))</p>
            <form method="post" action="\(SitePage.deleteAccount.pattern)">\(Controls.formToken(context))
            \(Controls.field(context, id: "typed-email", name: "email", label: context(SiteText.typeEmail), help: context(SiteText.typeEmailHelp), type: "email", autocomplete: "off", required: true, maxLength: 254))
            \(Controls.field(context, id: "password", name: "password", label: context(SiteText.password), help: context(SiteText.passwordHelp), type: "password", autocomplete: "current-password", required: true, maxLength: 1024))
            <div class="actions"><button type="submit" class="button danger">\(context(SiteText.deleteAccount))</button>
            <a class="button" href="\(SitePage.account.pattern)">\(context(SiteText.cancel))</a></div>
            </form></section>
            """)
    }

    static func noticeBox(_ notice: String?) -> HTML {
        notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" } ?? .empty
    }

    static func problemBox(_ problem: String?) -> HTML {
        problem.map { "<p class=\"problem\" role=\"alert\">\($0)</p>" } ?? .empty
    }
}
