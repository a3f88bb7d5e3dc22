import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// IP addresses as the per-client limits key them (T3 hostile input: the per-address connection
/// cap, the portal's sign-up limit): one canonical text per address, whatever port, brackets or
/// letter case a peer or a proxy wrote it with.
public enum IPAddress {
    /// The canonical form of an IPv4 or IPv6 address, given bare, with a port (`1.2.3.4:80`),
    /// or bracketed (`[::1]`, `[::1]:443`); nil when it is not an address.
    public static func canonical(_ text: String) -> String? {
        var host = text.trimmingCharacters(in: .whitespaces)
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") {
            host = String(host[host.index(after: host.startIndex)..<end])
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            host = String(host[..<colon])
        }
        // Room for either binary form (16 bytes) and either text form (46 characters).
        var binary = [UInt8](repeating: 0, count: 16)
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        for family in [AF_INET, AF_INET6] where inet_pton(family, host, &binary) == 1 {
            guard inet_ntop(family, binary, &text, socklen_t(text.count)) != nil else { return nil }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }
}
