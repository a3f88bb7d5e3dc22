import Foundation

/// A kind of media a device captures (Apple: `AVMediaType`).
public struct AVMediaType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let video = AVMediaType(rawValue: "vide")
    public static let audio = AVMediaType(rawValue: "soun")
}

/// Whether the angler let the app use a capture device (Apple: `AVAuthorizationStatus`).
public enum AVAuthorizationStatus: Int, Sendable {
    case notDetermined, restricted, denied, authorized
}

/// A camera or microphone (Apple: `AVCaptureDevice`); the app asks only for permission here.
open class AVCaptureDevice: NSObject {
    /// What the angler answered for `mediaType` (Linux: never asked).
    open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus { .notDetermined }

    /// Asks the angler, showing the purpose string of the app's Info.plist (Linux: refused).
    open class func requestAccess(for mediaType: AVMediaType) async -> Bool { false }
}

/// Plays one movie file or stream (Apple: `AVPlayer`, main-actor isolated); Linux plays nothing.
@MainActor open class AVPlayer: NSObject {
    /// The movie the player was made for. Not Apple API: the wireframes name it.
    nonisolated public let _wireframeURL: URL?

    nonisolated override public init() {
        _wireframeURL = nil
    }

    nonisolated public init(url URL: URL) {
        _wireframeURL = URL
    }

    nonisolated open func play() {}
    nonisolated open func pause() {}
}
