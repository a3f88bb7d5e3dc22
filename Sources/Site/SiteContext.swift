import Foundation

/// What every page of the site needs to know about the request it answers (issue 16): the
/// language, who is signed in, the form token that proves a form came from this site, and the
/// path (for the language switch).
public struct SiteContext: Sendable {
    /// The signed-in angler, as the page header shows them.
    public struct Visitor: Sendable, Equatable {
        public var email: String
        public var isAdmin: Bool

        public init(email: String, isAdmin: Bool) {
            self.email = email
            self.isAdmin = isAdmin
        }
    }

    public var language: SiteLanguage
    public var visitor: Visitor?
    /// The CSRF token every form of this page carries (issue 16 §3).
    public var formToken: String
    /// The path the page was asked at.
    public var path: String

    public init(language: SiteLanguage, visitor: Visitor?, formToken: String, path: String) {
        self.language = language
        self.visitor = visitor
        self.formToken = formToken
        self.path = path
    }

    /// The name of the hidden field that carries ``formToken``.
    public static let formTokenField = "csrf"

    /// `phrase` in the page's language.
    func callAsFunction(_ phrase: Phrase) -> String { phrase(language) }
}
