import FishingModel
import Foundation
import SyncProtocol

/// The directories the portal owns (T5): seeded from the same files the app bundles, changed
/// only by the portal's administrators, pulled read-only by devices.
/// One area of the ``PortalStore``, sharing its connection.
public struct PortalDirectoryStore: Sendable {
    let store: PortalStore
}

extension PortalStore {
    /// The shared directories of species, baits and methods.
    public var directories: PortalDirectoryStore { PortalDirectoryStore(store: self) }
}

extension PortalDirectoryStore {
    /// The record columns that point into a directory.
    static let directoryColumns: [String: DirectoryKind] = [
        "species_id": .species, "bait_id": .baits, "method_id": .methods, "water_body_type_id": .waterBodyTypes,
    ]

    /// Adds the bundled entries the portal does not have yet, when the bundle (at `version`) is
    /// newer than the last one merged: the first start seeds everything, an update of the app's
    /// data later brings its new entries. Entries the portal already has are left as its
    /// administrators made them.
    public func seed(_ entries: [DirectoryKind: [DirectoryEntry]], version: Int) throws {
        try store.database.write { sql in
            let merged =
                Int64(
                    try sql.queryFirst("SELECT value FROM portal_meta WHERE key = 'bundled_version'", [])?.text(0)
                        ?? "0") ?? 0
            guard Int64(version) > merged else { return }
            let next = try directoryVersion(sql) + 1
            var added = 0
            for kind in DirectoryKind.allCases {
                for entry in entries[kind] ?? [] where try self.entry(sql, kind, entry.id) == nil {
                    try insert(sql, entry, version: next)
                    added += 1
                }
            }
            if added > 0 { try setDirectoryVersion(sql, next) }
            try sql.execute(
                """
                INSERT INTO portal_meta(key, value) VALUES ('bundled_version', ?)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [.text(String(version))])
        }
    }

    /// Every entry, retired ones included, with the replacements devices must apply.
    public func current() throws -> DirectoriesResponse {
        try store.database.read { sql in
            // The version first: a change landing in between yields newer entries under an older
            // version, which the device simply fetches again.
            let version = Int(try directoryVersion(sql))
            let rows = try sql.query(
                """
                SELECT kind, id, name_en, name_ru, latin, family, water, category, description, retired, replacement_id
                FROM directory_entries ORDER BY kind, id
                """, [])
            var entries: [DirectoryEntry] = []
            var replacements: [DirectoryReplacement] = []
            for row in rows {
                guard let kind = DirectoryKind(rawValue: try row.text(0)) else { continue }
                let id = try row.text(1)
                entries.append(
                    DirectoryEntry(
                        kind: kind, id: id, nameEn: try row.text(2), nameRu: try row.text(3),
                        latin: try row.optionalText(4), family: try row.optionalText(5),
                        water: try row.optionalText(6).flatMap(WaterKind.init(rawValue:)),
                        category: try row.optionalText(7), description: try row.optionalText(8),
                        retired: try row.bool(9)))
                if let replacement = try row.optionalText(10) {
                    replacements.append(DirectoryReplacement(kind: kind, retiredId: id, replacementId: replacement))
                }
            }
            return DirectoriesResponse(version: version, entries: entries, replacements: replacements)
        }
    }

    /// Adds an entry; its id is a slug of the Latin name (species) or the English name.
    @discardableResult
    public func addEntry(_ entry: DirectoryEntry) throws -> DirectoryEntry {
        var entry = entry
        entry.nameEn = entry.nameEn.trimmingCharacters(in: .whitespaces)
        entry.nameRu = entry.nameRu.trimmingCharacters(in: .whitespaces)
        guard !entry.nameEn.isEmpty else { throw PortalStoreError.invalid(field: "name", message: "must not be empty") }
        if entry.nameRu.isEmpty { entry.nameRu = entry.nameEn }
        if entry.kind == .species && (entry.latin ?? "").isEmpty {
            throw PortalStoreError.invalid(field: "latin", message: "a species needs its Latin name")
        }
        if entry.id.isEmpty {
            entry.id = Self.slug(entry.kind == .species ? entry.latin ?? entry.nameEn : entry.nameEn)
        }
        guard !entry.id.isEmpty, entry.id.utf8.count <= Limits.directoryIdBytes else {
            throw PortalStoreError.invalid(field: "name", message: "gives no usable id")
        }
        if entry.kind == .species {
            entry.family = entry.family ?? ""
            entry.water = entry.water ?? .fresh
        }
        if entry.kind == .baits { entry.category = entry.category ?? BaitCategory.allCases[0].rawValue }
        if entry.kind == .methods { entry.description = entry.description ?? "" }
        let added = entry
        try store.database.write { sql in
            guard try self.entry(sql, added.kind, added.id) == nil else {
                throw PortalStoreError.invalid(
                    field: "id", message: "\(added.kind.rawValue) \(added.id) already exists")
            }
            let version = try directoryVersion(sql) + 1
            try insert(sql, added, version: version)
            try setDirectoryVersion(sql, version)
        }
        return added
    }

    /// Renames an entry (either or both names).
    public func renameEntry(_ kind: DirectoryKind, id: String, nameEn: String?, nameRu: String?) throws {
        guard nameEn?.isEmpty != true, nameRu?.isEmpty != true, nameEn != nil || nameRu != nil else {
            throw PortalStoreError.invalid(field: "name", message: "a new English or Russian name is needed")
        }
        try store.database.write { sql in
            guard try entry(sql, kind, id) != nil else { throw PortalStoreError.notFound("\(kind.rawValue) \(id)") }
            let version = try directoryVersion(sql) + 1
            try sql.execute(
                """
                UPDATE directory_entries SET name_en = COALESCE(?, name_en), name_ru = COALESCE(?, name_ru), version = ?
                WHERE kind = ? AND id = ?
                """, [PortalValue(nameEn), PortalValue(nameRu), .integer(version), .text(kind.rawValue), .text(id)])
            try setDirectoryVersion(sql, version)
        }
    }

    /// Retires an entry in favour of a live one; devices remap their records to it.
    public func retireEntry(_ kind: DirectoryKind, id: String, replacement: String) throws {
        guard id != replacement else {
            throw PortalStoreError.invalid(field: "replacement", message: "must differ from the retired entry")
        }
        try store.database.write { sql in
            guard try entry(sql, kind, id) != nil else { throw PortalStoreError.notFound("\(kind.rawValue) \(id)") }
            guard let target = try entry(sql, kind, replacement), !(try target.bool(0)) else {
                throw PortalStoreError.invalid(
                    field: "replacement", message: "\(kind.rawValue) \(replacement) does not exist or is retired")
            }
            let version = try directoryVersion(sql) + 1
            try sql.execute(
                "UPDATE directory_entries SET replacement_id = ? WHERE kind = ? AND replacement_id = ?",
                [.text(replacement), .text(kind.rawValue), .text(id)])
            try sql.execute(
                "UPDATE directory_entries SET retired = 1, replacement_id = ?, version = ? WHERE kind = ? AND id = ?",
                [.text(replacement), .integer(version), .text(kind.rawValue), .text(id)])
            try setDirectoryVersion(sql, version)
            try remapRecords(sql, kind, from: id, to: replacement)
        }
    }

    /// Points the stored records that use a retired entry at its replacement, each as a new
    /// version (a new sequence number in its account), so every device pulls the remapped record.
    private func remapRecords(_ sql: any PortalSQL, _ kind: DirectoryKind, from retired: String, to replacement: String)
        throws
    {
        for (column, columnKind) in Self.directoryColumns where columnKind == kind {
            var needle = ""
            RecordFieldsJSON.appendString(column, to: &needle)
            needle += ":"
            RecordFieldsJSON.appendString(retired, to: &needle)
            let rows = try sql.query(
                "SELECT account_id, kind, id, fields FROM records WHERE deleted = 0 AND fields LIKE ? ESCAPE '\\' ORDER BY account_id",
                [.text("%" + Self.likeEscaped(needle) + "%")])
            for row in rows {
                var fields = try PortalStore.decodeFields(try row.text(3))
                guard fields[column] == .text(retired) else { continue }
                fields[column] = .text(replacement)
                let account = try row.text(0)
                guard
                    let seq = try sql.queryFirst(
                        "UPDATE accounts SET last_seq = last_seq + 1 WHERE id = ? RETURNING last_seq", [.text(account)]
                    )?.int64(0)
                else { continue }
                try sql.execute(
                    "UPDATE records SET fields = ?, seq = ?, own_seq = NULL WHERE account_id = ? AND kind = ? AND id = ?",
                    [
                        .text(PortalStore.encodeFields(fields)), .integer(seq), .text(account), .text(try row.text(1)),
                        .text(try row.text(2)),
                    ])
            }
        }
    }

    /// `text` for a LIKE pattern with `\` as the escape character.
    private static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    // MARK: Internals

    func directoryVersion(_ sql: any PortalSQL) throws -> Int64 {
        let row = try sql.queryFirst("SELECT value FROM portal_meta WHERE key = 'directory_version'", [])
        return Int64(try row?.text(0) ?? "0") ?? 0
    }

    private func setDirectoryVersion(_ sql: any PortalSQL, _ version: Int64) throws {
        try sql.execute(
            """
            INSERT INTO portal_meta(key, value) VALUES ('directory_version', ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, [.text(String(version))])
    }

    /// Retired id → replacement, keyed `kind/id`.
    func replacementMap(_ sql: any PortalSQL) throws -> [String: String] {
        var map: [String: String] = [:]
        for row in try sql.query(
            "SELECT kind, id, replacement_id FROM directory_entries WHERE replacement_id IS NOT NULL", [])
        {
            map["\(try row.text(0))/\(try row.text(1))"] = try row.text(2)
        }
        return map
    }

    /// `fields` with references to retired entries pointing at their replacements.
    static func remapped(_ fields: RecordFields, _ replacements: [String: String]) -> RecordFields {
        guard !replacements.isEmpty else { return fields }
        var fields = fields
        for (column, kind) in directoryColumns {
            if let id = fields[column]?.text, let replacement = replacements["\(kind.rawValue)/\(id)"] {
                fields[column] = .text(replacement)
            }
        }
        return fields
    }

    private func entry(_ sql: any PortalSQL, _ kind: DirectoryKind, _ id: String) throws -> PortalRow? {
        try sql.queryFirst(
            "SELECT retired FROM directory_entries WHERE kind = ? AND id = ?", [.text(kind.rawValue), .text(id)])
    }

    private func insert(_ sql: any PortalSQL, _ e: DirectoryEntry, version: Int64) throws {
        try sql.execute(
            """
            INSERT INTO directory_entries(kind, id, name_en, name_ru, latin, family, water, category, description, retired, version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(e.kind.rawValue), .text(e.id), .text(e.nameEn), .text(e.nameRu), PortalValue(e.latin),
                PortalValue(e.family), PortalValue(e.water?.rawValue), PortalValue(e.category),
                PortalValue(e.description), PortalValue(e.retired), .integer(version),
            ])
    }

    /// `Salmo trutta` → `salmo-trutta`.
    static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        let words = folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.joined(separator: "-")
    }
}
