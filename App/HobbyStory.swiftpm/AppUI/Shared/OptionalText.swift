import SwiftUI

extension Binding where Value == String? {
    /// An optional text as a text field edits it: nil shows as empty, and an emptied field is nil.
    var orEmpty: Binding<String> {
        let binding = self
        return Binding<String>(
            get: { @MainActor in binding.wrappedValue ?? "" },
            set: { @MainActor in binding.wrappedValue = $0.isEmpty ? nil : $0 })
    }
}

extension Binding where Value == Date? {
    /// An optional date as a date picker edits it, starting from `fallback` when none is set.
    func or(_ fallback: Date) -> Binding<Date> {
        let binding = self
        return Binding<Date>(
            get: { @MainActor in binding.wrappedValue ?? fallback }, set: { @MainActor in binding.wrappedValue = $0 })
    }
}
