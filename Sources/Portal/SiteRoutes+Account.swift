import Foundation
import HTTPServer
import PortalStore
import Site
import SyncProtocol

/// Signing in and out, and the account page (issue 16 §1): devices and sessions with their last
/// sync, signing one out after a confirmation, changing the password.
extension SiteRoutes {
    func addAccountPages(to router: inout Router) {
        on(&router, .signIn, handleSignIn)
        on(&router, .submitSignIn, handleSubmitSignIn)
        on(&router, .signOut, handleSignOut)
        on(&router, .account, handleAccount)
        on(&router, .changePassword, handleChangePassword)
        on(&router, .exportAccount, handleExportAccount)
        on(&router, .confirmDeleteAccount, handleConfirmDeleteAccount)
        on(&router, .deleteAccount, handleDeleteAccount)
        on(&router, .confirmRevokeDevice, handleConfirmRevokeDevice)
        on(&router, .revokeDevice, handleRevokeDevice)
    }

    /// Answers ``SitePage/signIn``.
    func handleSignIn(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        if visit.principal != nil { return visit.redirect(to: SitePage.diary.pattern) }
        // Only a day (YYYY-MM-DD) is ever shown from the query.
        let deleted = try visit.request.queryValue("deleted").flatMap { day in
            day.count == 10 && day.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") } ? day : nil
        }
        return visit.page(
            AccountPages.signIn(
                visit.context(email: nil), next: SiteVisit.localTarget(try visit.request.queryValue("next")),
                notice: deleted.map { SiteText.accountDeleted($0, visit.language) }, problem: nil))
    }

    /// Answers ``SitePage/submitSignIn``.
    func handleSubmitSignIn(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let email = visit.form["email"] ?? ""
        let next = SiteVisit.localTarget(visit.form["next"])
        func refuse(_ message: Phrase, _ status: HTTPStatus) -> HTTPResponse {
            visit.page(
                AccountPages.signIn(
                    visit.context(email: nil), email: email, next: next, problem: message(visit.language)),
                status: status)
        }
        let key: String
        do {
            key = try PortalStore.normalisedEmail(email)
        } catch {
            return refuse(SiteText.wrongCredentials, .badRequest)
        }
        do {
            try limiter.admit(key, code: .tooManyAttempts, "Too many wrong passwords for this email")
        } catch {
            return refuse(SiteText.tooManyAttempts, .tooManyRequests)
        }
        let browser =
            visit.request.cookie(SiteVisit.browserCookie).flatMap(UUID.init(uuidString:)) ?? UUID()
        let session: SessionResponse
        do {
            session = try store.accounts.signIn(
                email: email, password: visit.form["password"] ?? "", deviceId: browser,
                deviceName: BrowserName.describe(visit.request.headers["User-Agent"]))
        } catch PortalStoreError.wrongCredentials {
            return refuse(SiteText.wrongCredentials, .unauthorized)
        } catch PortalStoreError.accountDeleted(let until) {
            let day = LicenceStore.utcDay(until)
            return refuse(
                Phrase(SiteText.accountDeleted(day, .en), SiteText.accountDeleted(day, .ru)), HTTPStatus(code: 410))
        }
        limiter.recordSuccess(key)
        return visit.redirect(
            to: next ?? SitePage.diary.pattern,
            setting: [
                visit.sessionCookie(session.token, lifetime: store.sessionLifetime),
                SetCookie(
                    name: SiteVisit.browserCookie, value: browser.uuidString.lowercased(), maxAge: 400 * 86_400,
                    secure: visit.secure),
            ])
    }

    /// Answers ``SitePage/signOut``.
    func handleSignOut(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        try store.accounts.revoke(tokenHash: try visit.signedIn().tokenHash)
        return visit.redirect(
            to: SitePage.signIn.pattern, setting: [.removal(SiteVisit.sessionCookie, secure: visit.secure)])
    }

    /// Answers ``SitePage/account``.
    func handleAccount(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let notice: Phrase? =
            switch try visit.request.queryValue("done") {
            case "password": SiteText.passwordChanged
            case "device": SiteText.deviceSignedOut
            default: nil
            }
        return try accountPage(visit, notice: notice.map { $0(visit.language) }, problem: nil)
    }

    /// Answers ``SitePage/changePassword``.
    func handleChangePassword(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let principal = try visit.signedIn()
        let (current, new) = (visit.form["current"] ?? "", visit.form["new"] ?? "")
        guard new == visit.form["repeat"] else {
            return try accountPage(visit, problem: SiteText.passwordsDiffer(visit.language), status: .badRequest)
        }
        do {
            try store.accounts.changePassword(
                account: principal.accountId, current: current, new: new, keeping: principal.tokenHash)
        } catch PortalStoreError.wrongCredentials {
            return try accountPage(
                visit, problem: SiteText.wrongCurrentPassword(visit.language), status: .badRequest)
        } catch let PortalStoreError.invalid(_, message) {
            return try accountPage(
                visit, problem: "\(SiteText.newPassword(visit.language)): \(message)", status: .badRequest)
        }
        return visit.redirect(to: SitePage.account.target(query: [URLQueryItem(name: "done", value: "password")]))
    }

    /// Answers ``SitePage/exportAccount``.
    func handleExportAccount(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let account = try visit.signedIn().accountId
        return AccountExport.response(
            account: account, email: try store.accounts.account(account).email, store: store, at: Date())
    }

    /// Answers ``SitePage/confirmDeleteAccount``.
    func handleConfirmDeleteAccount(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let email = try store.accounts.account(try visit.signedIn().accountId).email
        return visit.page(AccountPages.confirmDeletion(visit.context(email: email), email: email, problem: nil))
    }

    /// Answers ``SitePage/deleteAccount``.
    func handleDeleteAccount(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let principal = try visit.signedIn()
        let email = try store.accounts.account(principal.accountId).email
        func refuse(_ problem: Phrase) -> HTTPResponse {
            visit.page(
                AccountPages.confirmDeletion(
                    visit.context(email: email), email: email, problem: problem(visit.language)),
                status: .badRequest)
        }
        do {
            try store.accounts.delete(
                principal.accountId, typedEmail: visit.form["email"] ?? "", password: visit.form["password"] ?? "")
        } catch PortalStoreError.invalid {
            return refuse(SiteText.emailDiffers)
        } catch PortalStoreError.wrongCredentials {
            return refuse(SiteText.wrongPasswordNothingDeleted)
        }
        let until = LicenceStore.utcDay(Date().addingTimeInterval(AccountStore.accountRestoreWindow))
        return visit.redirect(
            to: SitePage.signIn.target(query: [URLQueryItem(name: "deleted", value: until)]),
            setting: [.removal(SiteVisit.sessionCookie, secure: visit.secure)])
    }

    /// Answers ``SitePage/confirmRevokeDevice``.
    func handleConfirmRevokeDevice(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let principal = try visit.signedIn()
        let id = try visit.id()
        guard let device = try store.accounts.devices(account: principal.accountId).first(where: { $0.id == id }) else {
            throw SiteProblem(status: .notFound, SiteText.noSuchRecord)
        }
        let context = visit.context(email: try store.accounts.account(principal.accountId).email)
        return visit.page(
            AccountPages.confirm(
                context, title: SiteText.signOutDeviceTitle(visit.language),
                question: SiteText.confirmSignOut(device.name, visit.language),
                action: SitePage.revokeDevice.target(id: id), confirmLabel: SiteText.signOut(visit.language),
                cancel: SitePage.account.pattern))
    }

    /// Answers ``SitePage/revokeDevice``.
    func handleRevokeDevice(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let principal = try visit.signedIn()
        let id = try visit.id()
        guard visit.form["confirm"] == "yes" else {
            return visit.redirect(to: SitePage.confirmRevokeDevice.target(id: id))
        }
        try store.accounts.revokeDevice(account: principal.accountId, device: id)
        if id == principal.deviceId {
            return visit.redirect(
                to: SitePage.signIn.pattern, setting: [.removal(SiteVisit.sessionCookie, secure: visit.secure)])
        }
        return visit.redirect(to: SitePage.account.target(query: [URLQueryItem(name: "done", value: "device")]))
    }

    private func accountPage(_ visit: SiteVisit, notice: String? = nil, problem: String?, status: HTTPStatus = .ok)
        throws -> HTTPResponse
    {
        let principal = try visit.signedIn()
        let email = try store.accounts.account(principal.accountId).email
        return visit.page(
            AccountPages.account(
                visit.context(email: email), email: email,
                devices: try store.accounts.devices(account: principal.accountId),
                currentDevice: principal.deviceId, notice: notice, problem: problem),
            status: status)
    }
}
