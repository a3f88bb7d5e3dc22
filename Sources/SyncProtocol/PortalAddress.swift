import Foundation

/// Where a device may sync (T3): the portal's `https` URL, or plain `http` only on this machine
/// (the demo, the tests) — a password and a bearer token never cross a network in the clear, as
/// App Transport Security demands of the iOS app.
public enum PortalAddress {
    /// Why `text` cannot be a portal's address, or nil when it can.
    public static func problem(with text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { return "is not a URL like https://portal.example.org" }
        switch scheme {
        case "https": return nil
        case "http" where isLoopback(host): return nil
        case "http": return "must use https:// (plain http only to this machine: 127.0.0.1, ::1 or localhost)"
        default: return "must be an https:// URL"
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1"
            || bare.hasPrefix("127.")
                && bare.split(separator: ".").count == 4 && bare.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }
}
