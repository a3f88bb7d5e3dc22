import Foundation

/// The files the site serves as they are (issue 16): its one style sheet.
public enum SiteAssets {
    /// `site.css`, read once from the module's resources.
    public static let styleSheet: Data = {
        guard let url = Bundle.module.url(forResource: "site", withExtension: "css"),
            let data = try? Data(contentsOf: url)
        else { preconditionFailure("the site's style sheet is missing from the build's resources") }
        return data
    }()
}
