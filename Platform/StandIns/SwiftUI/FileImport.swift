import Foundation
import UniformTypeIdentifiers

extension View {
    /// Presents the system's document browser to choose one existing file of the allowed types
    /// (Apple: `fileImporter(isPresented:allowedContentTypes:onCompletion:)`, iOS 14); the chosen
    /// file's URL is security-scoped. The wireframe draws the browser as a system screen while
    /// `isPresented` is true; nothing is ever chosen on Linux.
    nonisolated public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType],
        onCompletion: @escaping (Result<URL, any Error>) -> Void
    ) -> some View {
        let shown = isPresented.wrappedValue
        let kinds = allowedContentTypes.map(\.identifier).joined(separator: ", ")
        return attaching { _ in
            shown
                ? WireframeNode(
                    "sheet", children: [WireframeNode("systemScreen", text: "Files: choose a file (\(kinds))")])
                : nil
        }
    }
}
