import Foundation

/// A file the angler chose in the system's file browser, kept readable while the app works with
/// it (issue 34 §2): the URL's security scope, entered when made and left when released. Linux,
/// where the wireframes run, has no security scopes.
final class SecurityScopedAccess {
    private let url: URL
    private let entered: Bool

    init(_ url: URL) {
        self.url = url
        #if canImport(Darwin)
            entered = url.startAccessingSecurityScopedResource()
        #else
            entered = false
        #endif
    }

    deinit {
        #if canImport(Darwin)
            if entered { url.stopAccessingSecurityScopedResource() }
        #endif
    }
}
