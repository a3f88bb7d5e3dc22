import Foundation

/// The frame of every page (issue 16 §2): the document head with the site's one style sheet (no
/// inline style or script, so the Content-Security-Policy can forbid both), the navigation, the
/// language switch, and the footer.
public enum SiteLayout {
    public static func page(_ context: SiteContext, title: String, head: HTML = .empty, _ content: HTML) -> HTML {
        """
        <!doctype html>
        <html lang="\(context.language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · \(context(SiteText.siteName))</title>
        <link rel="stylesheet" href="\(SitePage.styleSheet.pattern)">
        \(head)
        </head>
        <body>
        <header class="bar">
        <a class="brand" href="\(SitePage.home.pattern)">\(context(SiteText.siteName))</a>
        \(navigation(context))
        \(languageSwitch(context))
        </header>
        <main id="main">
        <h1>\(title)</h1>
        \(content)
        </main>
        <footer>\(context(SiteText.footer))</footer>
        </body>
        </html>
        """
    }

    static func navigation(_ context: SiteContext) -> HTML {
        guard let visitor = context.visitor else { return .empty }
        var links: [(SitePage, Phrase)] = [
            (.diary, SiteText.diary), (.map, SiteText.map), (.reports, SiteText.reports), (.account, SiteText.account),
        ]
        if visitor.isAdmin { links.append((.admin, SiteText.administration)) }
        let items = links.map { page, name -> HTML in
            let current: HTML = context.path.hasPrefix(page.pattern) ? #" aria-current="page""# : ""
            return "<li><a href=\"\(page.pattern)\"\(current)>\(context(name))</a></li>"
        }
        return """
            <nav aria-label="\(context(SiteText.mainNavigation))"><ul>\(items)</ul></nav>
            <div class="visitor"><span class="email">\(visitor.email)</span>
            \(Controls.postForm(context, to: SitePage.signOut.pattern, submit: context(SiteText.signOut), style: "link"))</div>
            """
    }

    static func languageSwitch(_ context: SiteContext) -> HTML {
        let links = SiteLanguage.allCases.map { language -> HTML in
            let label = language == .en ? "English" : "Русский"
            let current: HTML = language == context.language ? #" aria-current="true""# : ""
            return
                "<a href=\"\(context.path)?lang=\(language.rawValue)\" hreflang=\"\(language.rawValue)\" lang=\"\(language.rawValue)\"\(current)>\(label)</a>"
        }
        return "<div class=\"languages\" role=\"group\" aria-label=\"\(context(SiteText.language))\">\(links)</div>"
    }

    /// The page shown for an error: what went wrong and where to go next.
    public static func errorPage(_ context: SiteContext, status: Int, message: String) -> HTML {
        let title = context(status == 404 ? SiteText.notFound : status == 403 ? SiteText.forbidden : SiteText.error)
        return page(
            context, title: title,
            """
            <p class="problem" role="alert">\(message)</p>
            <p><a class="button" href="\(SitePage.home.pattern)">\(context(SiteText.backHome))</a></p>
            """)
    }
}

/// The form controls of the site, each with its label and help (issue 16 §2: help on every
/// control, a visible "?" that opens on a tap or a click, tied to the control for screen readers).
enum Controls {
    /// A help button next to a control: a disclosure that works without script, and the text the
    /// control names in `aria-describedby`.
    static func help(_ context: SiteContext, id: String, _ text: String) -> HTML {
        """
        <details class="help"><summary title="\(text)"><span aria-hidden="true">?</span>\
        <span class="visually-hidden">\(context(SiteText.help))</span></summary><p id="\(id)-help">\(text)</p></details>
        """
    }

    /// A labelled input with its help.
    static func field(
        _ context: SiteContext, id: String, name: String, label: String, help text: String, type: String = "text",
        value: String = "", autocomplete: String? = nil, required: Bool = false, maxLength: Int? = nil
    ) -> HTML {
        var attributes = HTML.empty
        if let autocomplete { attributes = "\(attributes) autocomplete=\"\(autocomplete)\"" }
        if required { attributes = "\(attributes) required" }
        if let maxLength { attributes = "\(attributes) maxlength=\"\(maxLength)\"" }
        return """
            <div class="field"><label for="\(id)">\(label)</label>
            <div class="control"><input id="\(id)" name="\(name)" type="\(type)" value="\(value)" aria-describedby="\(id)-help"\(attributes)>\
            \(help(context, id: id, text))</div></div>
            """
    }

    /// A labelled drop-down list with its help; `options` are (value, label) pairs.
    static func select(
        _ context: SiteContext, id: String, name: String, label: String, help text: String,
        options: [(value: String, label: String)], selected: String?
    ) -> HTML {
        let items = options.map { option -> HTML in
            let chosen: HTML = option.value == (selected ?? "") ? " selected" : ""
            return "<option value=\"\(option.value)\"\(chosen)>\(option.label)</option>"
        }
        return """
            <div class="field"><label for="\(id)">\(label)</label>
            <div class="control"><select id="\(id)" name="\(name)" aria-describedby="\(id)-help">\(items)</select>\
            \(help(context, id: id, text))</div></div>
            """
    }

    /// The hidden field carrying the page's CSRF token.
    static func formToken(_ context: SiteContext) -> HTML {
        "<input type=\"hidden\" name=\"\(SiteContext.formTokenField)\" value=\"\(context.formToken)\">"
    }

    /// A form that posts only its token (and `fields`) to `target`: a button that changes something.
    static func postForm(
        _ context: SiteContext, to target: String, submit: String, style: String = "button", fields: HTML = .empty
    ) -> HTML {
        """
        <form method="post" action="\(target)" class="inline">\(formToken(context))\(fields)\
        <button type="submit" class="\(style)">\(submit)</button></form>
        """
    }
}
