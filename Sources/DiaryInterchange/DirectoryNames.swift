import DiaryStore
import FishingModel

/// The diary's directories by every name an entry has (issue 34 §1, T5): an imported species,
/// bait, method or water-body type is matched by its id, English, Russian or Latin name, in any
/// case, with ё read as е — and never invented when nothing matches.
struct DirectoryNames {
    /// Every entry by id, retired ones included (old records name them).
    private var entries: [DirectoryKind: [String: DirectoryEntry]] = [:]
    /// Each normalised name and id, to the entry's id.
    private var ids: [DirectoryKind: [String: String]] = [:]
    /// Each normalised name with its entry's id, for names that begin with what was written.
    private var names: [DirectoryKind: [(name: String, id: String)]] = [:]

    init(diary: Diary) throws {
        for kind in DirectoryKind.allCases {
            for entry in try diary.directoryEntries(kind, includeRetired: true) {
                entries[kind, default: [:]][entry.id] = entry
                ids[kind, default: [:]][entry.id] = entry.id
                for name in entry.searchableNames + [entry.id] {
                    ids[kind, default: [:]][SheetMapping.normalised(name)] = entry.id
                    names[kind, default: []].append((SheetMapping.normalised(name), entry.id))
                }
            }
        }
    }

    /// How a written name matched.
    enum Match: Equatable {
        /// An entry's id or one of its names.
        case exact(String)
        /// The one entry whose name begins with the written word(s): "Щука" is
        /// "Щука обыкновенная" — said to the angler, as it is a reading.
        case leading(String)
        case none
    }

    /// The entry a name or id stands for.
    func match(_ kind: DirectoryKind, _ text: String) -> Match {
        if let id = ids[kind]?[text] { return .exact(id) }
        let written = SheetMapping.normalised(text)
        if let id = ids[kind]?[written] { return .exact(id) }
        let found = Set((names[kind] ?? []).filter { $0.name.hasPrefix(written + " ") }.map(\.id))
        return found.count == 1 ? .leading(found.first!) : .none
    }

    /// The entry's name in a sheet's language (English for keys), or the id when unknown.
    func name(_ kind: DirectoryKind, _ id: String, in language: SheetLanguage) -> String {
        guard let entry = entries[kind]?[id] else { return id }
        return language == .russian ? entry.nameRu : entry.nameEn
    }
}
