#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A numeric IPv4 or IPv6 listening address for libmicrohttpd.
enum SocketAddress {
    case v4(sockaddr_in)
    case v6(sockaddr_in6)

    init(host: String, port: Int) throws(HTTPServerError) {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            #if canImport(Darwin)
                v4.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            self = .v4(v4)
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            #if canImport(Darwin)
                v6.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            self = .v6(v6)
            return
        }
        throw .invalidHost(host)
    }

    /// Calls `body` with a `sockaddr` pointer and whether it is IPv6.
    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, Bool) -> T) -> T {
        switch self {
        case .v4(var address):
            withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, false) } }
        case .v6(var address):
            withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, true) } }
        }
    }
}
