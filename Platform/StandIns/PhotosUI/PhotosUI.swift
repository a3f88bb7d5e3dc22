import CoreTransferable
import SwiftUI
import UniformTypeIdentifiers

/// What the library picker offers (Apple: `PHPickerFilter`).
public struct PHPickerFilter: Equatable, Hashable, Sendable {
    let names: [String]
    public static let images = PHPickerFilter(names: ["images"])
    public static let videos = PHPickerFilter(names: ["videos"])
    public static let livePhotos = PHPickerFilter(names: ["livePhotos"])
    public static func any(of filters: [PHPickerFilter]) -> PHPickerFilter {
        PHPickerFilter(names: filters.flatMap(\.names))
    }
}

/// One item chosen in the library picker, loaded on demand (Apple: `PhotosPickerItem`).
public struct PhotosPickerItem: Equatable, Hashable, Sendable {
    public let itemIdentifier: String?
    public var supportedContentTypes: [UTType] { [] }

    public init(itemIdentifier: String) { self.itemIdentifier = itemIdentifier }

    /// The item as `type`; nil when it cannot be given as that type. On Linux there is no
    /// library, so nothing loads.
    public func loadTransferable<T: Transferable>(type: T.Type) async throws -> T? { nil }
}

/// How the picker's selection behaves (Apple: `PhotosPickerSelectionBehavior`).
public struct PhotosPickerSelectionBehavior: Equatable, Hashable, Sendable {
    let name: String
    public static let `default` = PhotosPickerSelectionBehavior(name: "default")
    public static let ordered = PhotosPickerSelectionBehavior(name: "ordered")
    public static let continuous = PhotosPickerSelectionBehavior(name: "continuous")
}

extension View {
    /// Presents the system's photo library picker (Apple: `photosPicker(isPresented:selection:…)`);
    /// the wireframe draws it as a sheet while presented.
    nonisolated public func photosPicker(
        isPresented: Binding<Bool>, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil,
        selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil
    ) -> some View {
        let shown = isPresented.wrappedValue
        let limit = maxSelectionCount.map { "\($0)" } ?? "any"
        let kinds = filter?.names.joined(separator: ", ") ?? "everything"
        return _wireframeAttaching { _ in
            shown
                ? WireframeNode(
                    "sheet",
                    children: [
                        WireframeNode("systemScreen", text: "Photo library: choose up to \(limit) (\(kinds))")
                    ]) : nil
        }
    }
}
