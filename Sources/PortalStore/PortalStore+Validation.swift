import FishingModel
import Foundation
import SyncProtocol

/// What a pushed mutation must be to be stored (T3, hostile input), and how record fields are
/// kept as text.
extension PortalStore {
    /// Why a mutation can never be stored, or nil when it can.
    static func problem(in mutation: RecordMutation) -> String? {
        guard mutation.baseSeq >= 0 else { return "baseSeq must not be negative (got \(mutation.baseSeq))" }
        switch mutation.operation {
        case .delete:
            return mutation.fields == nil ? nil : "a delete carries no fields"
        case .upsert:
            guard let fields = mutation.fields else { return "an upsert needs its fields" }
            guard fields.count <= SyncLimits.fieldsPerRecord else {
                return "at most \(SyncLimits.fieldsPerRecord) fields per record (got \(fields.count))"
            }
            for (name, value) in fields {
                guard Self.isColumnName(name) else {
                    return
                        "field name \"\(TextBounds.quotable(name))\" is not allowed (lowercase letters, digits and _, up to 64)"
                }
                if case .text(let text) = value, let problem = SyncText.problem(in: text) {
                    return "field \(name) \(problem)"
                }
                if case .real(let number) = value, !number.isFinite { return "field \(name) is not a finite number" }
            }
            if let id = fields["id"], id != .text(mutation.id.uuidString.lowercased()) {
                return "field id does not match the record id \(mutation.id.uuidString.lowercased())"
            }
            return nil
        }
    }

    private static func isColumnName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), let first = name.utf8.first, first != UInt8(ascii: "_") else {
            return false
        }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
            && !(0x30...0x39).contains(first)
    }

    static func kind(_ text: String) throws(PortalStoreError) -> RecordKind {
        guard let kind = RecordKind(rawValue: text) else { throw .corrupt("unknown record kind \(text)") }
        return kind
    }

    static func encodeFields(_ fields: RecordFields) -> String {
        RecordFieldsJSON.text(fields)
    }

    static func uuid(_ text: String) throws(PortalStoreError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw .corrupt("stored id \(text) is not a UUID") }
        return id
    }

    static func decodeFields(_ text: String) throws -> RecordFields {
        guard let fields = RecordFieldsJSON.parse(text) else {
            throw PortalStoreError.corrupt("stored record fields are not valid JSON")
        }
        return fields
    }
}
