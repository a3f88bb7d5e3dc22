import Glibc
import PostgresDB
import Testing

/// Connection failures need no server: they use ports where none listens, or one that never answers.
@Suite("PostgreSQL connection failures")
struct ConnectionFailureTests {
    @Test("Given a port nobody listens on, when connecting, then a readable error comes quickly, without the password")
    func refusedConnection() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(
            #expect(throws: PostgresError.self) {
                try PostgresConnection(url: "postgres://angler:s3cret-pass@127.0.0.1:1/diary?connect_timeout=3")
            })
        #expect(clock.now - start < .seconds(5))
        #expect(error.isConnectionFailure)
        #expect(error.description.contains("127.0.0.1"))
        #expect(error.description.contains("angler:***@"))
        #expect(!error.description.contains("s3cret-pass"))
    }

    @Test("Given malformed connection strings, when connecting, then each gives a readable error without the password")
    func malformedConnectionStrings() throws {
        let urls = [
            "postgres://angler:s3cret-pass@127.0.0.1:notaport/diary",
            "postgresql://127.0.0.1/diary?sslmode=bogus&password=s3cret-pass",
            "host=127.0.0.1 port=1 password='s3cret-pass' connect_timeout=2",
            "host=127.0.0.1 password = s3cret-pass sslmode=bogus",
            "host='unterminated password=s3cret-pass",
            "postgres://angler:s3cret-pass%zz@127.0.0.1/diary",
            "postgres://angler@127.0.0.1/diary?password=s3cret-pass%00",
            "postgres://angler:s3cret-pass@[::1/diary",
        ]
        for url in urls {
            let error = try #require(#expect(throws: PostgresError.self) { try PostgresConnection(url: url) })
            #expect(error.isConnectionFailure)
            #expect(error.message.hasPrefix("cannot connect to "))
            #expect(error.message.count > "cannot connect to ".count + 30, "a reason follows the address")
            #expect(!error.description.contains("s3cret-pass"), "\(error)")
        }
    }

    @Test(
        "Given a server that accepts but never answers and connect_timeout=2, when connecting, then it gives up in time"
    )
    func connectTimeout() throws {
        let listener = try SilentListener()
        let clock = ContinuousClock()
        let start = clock.now
        let error = #expect(throws: PostgresError.self) {
            try PostgresConnection(url: "postgres://127.0.0.1:\(listener.port)/x?connect_timeout=2")
        }
        let elapsed = clock.now - start
        #expect(error?.message.contains("timeout") == true)
        #expect(elapsed >= .seconds(1.5) && elapsed < .seconds(6))
    }

    @Test(
        "Given a server that refuses connections, when borrowing, then the error reaches the caller and frees the slot")
    func unreachableServer() throws {
        let pool = PostgresConnectionPool(url: "postgres://127.0.0.1:1/none", maximumConnections: 1)
        for _ in 0..<3 {
            let error = #expect(throws: PostgresError.self) { try pool.withConnection { try $0.query("SELECT 1") } }
            #expect(error?.isConnectionFailure == true)
        }
    }
}

/// A TCP port on 127.0.0.1 that takes connections (the kernel completes the handshake from its
/// backlog) but never reads or answers: what a hung server looks like to a client.
final class SilentListener {
    let port: UInt16
    private let descriptor: Int32

    struct Failure: Error {}

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, listening, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw Failure()
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}
