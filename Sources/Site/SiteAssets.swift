import Foundation

/// The files the site serves as they are (issue 16): its style sheet, the map's script, and the
/// Leaflet files Debian installs.
public enum SiteAssets {
    /// `site.css`, read once from the module's resources.
    public static let styleSheet = resource("site", "css")
    /// `map.js`, the map page's only script of its own.
    public static let mapScript = resource("map", "js")

    private static func resource(_ name: String, _ type: String) -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: type), let data = try? Data(contentsOf: url)
        else { preconditionFailure("\(name).\(type) is missing from the site's resources") }
        return data
    }

    /// Where Debian's `libjs-leaflet` and `libjs-leaflet.markercluster` install Leaflet.
    public static let leafletFolder = URL(fileURLWithPath: "/usr/share/javascript/leaflet")
    /// The Leaflet files the map page uses, the only ones served from that folder.
    public static let leafletFiles: Set<String> = [
        "leaflet.js", "leaflet.css", "leaflet.markercluster.js", "MarkerCluster.css", "MarkerCluster.Default.css",
    ]
    public static let leafletImages: Set<String> = [
        "layers.png", "layers-2x.png", "marker-icon.png", "marker-icon-2x.png", "marker-shadow.png",
    ]
}
