/// The name a browser gets among an account's devices when it signs in to the site (issue 16
/// §1): "Firefox on Linux", from its `User-Agent` — never the raw header, which is long and can
/// say anything.
enum BrowserName {
    private static let browsers = [
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
    ]
    private static let systems = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
        ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
    ]

    static func describe(_ userAgent: String?) -> String {
        let agent = String((userAgent ?? "").prefix(1_000))
        let browser = browsers.first { agent.contains($0.0) }?.1 ?? "A browser"
        guard let system = systems.first(where: { agent.contains($0.0) })?.1 else { return "\(browser) (web)" }
        return "\(browser) on \(system) (web)"
    }
}
