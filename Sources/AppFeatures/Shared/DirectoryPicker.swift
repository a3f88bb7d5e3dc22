import DiaryStore
import FishingModel
import Foundation

/// The list a directory picker shows (T5, T19): live entries matching what the angler types in
/// English, Russian or Latin (case, accents and ё/е ignored, anywhere in a name). The best
/// matches come first — a whole name, then a name's start, then a word's start, then anywhere —
/// and within each, the recently used in the order they were used, then the rest alphabetically
/// in the angler's language. Names are folded once, so each keystroke is a scan of short strings.
public struct DirectoryPicker: Sendable {
    /// An entry with its names folded for matching.
    private struct Candidate: Sendable {
        let entry: DirectoryEntry
        let folded: [String]
    }

    private let candidates: [Candidate]
    private let language: Language

    /// `entries` are the live entries of one directory.
    public init(entries: [DirectoryEntry], language: Language) {
        self.language = language
        let sortName: (DirectoryEntry) -> String = { language == .russian ? $0.nameRu : $0.nameEn }
        candidates = entries.filter { !$0.retired }
            .sorted { sortName($0).localizedStandardCompare(sortName($1)) == .orderedAscending }
            .map { Candidate(entry: $0, folded: $0.searchableNames.map(Self.fold)) }
    }

    /// The entries to show for `query`, with `recent` ids (most recent first) ahead of the rest.
    public func entries(matching query: String, recent: [String] = []) -> [DirectoryEntry] {
        let needle = Self.fold(query.trimmingCharacters(in: .whitespaces))
        let recency = Dictionary(recent.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        // (match quality, recency, alphabetical position): smaller comes first.
        var ranked: [(quality: Int, recency: Int, position: Int, entry: DirectoryEntry)] = []
        for (position, candidate) in candidates.enumerated() {
            guard let quality = Self.quality(of: candidate.folded, needle) else { continue }
            ranked.append((quality, recency[candidate.entry.id] ?? Int.max, position, candidate.entry))
        }
        return ranked.sorted { ($0.quality, $0.recency, $0.position) < ($1.quality, $1.recency, $1.position) }
            .map(\.entry)
    }

    /// How well `needle` matches the best of `names`: 0 a whole name, 1 a name's start, 2 a
    /// word's start, 3 anywhere; nil for no match. An empty needle matches everything equally.
    private static func quality(of names: [String], _ needle: String) -> Int? {
        guard !needle.isEmpty else { return 0 }
        var best: Int?
        for name in names {
            guard let range = name.range(of: needle) else { continue }
            let quality: Int
            if name == needle {
                quality = 0
            } else if range.lowerBound == name.startIndex {
                quality = 1
            } else if !name[name.index(before: range.lowerBound)].isLetter {
                quality = 2
            } else {
                quality = 3
            }
            best = min(best ?? quality, quality)
        }
        return best
    }

    /// The name to show for an entry in the angler's language.

    public func name(of entry: DirectoryEntry) -> String { language == .russian ? entry.nameRu : entry.nameEn }

    /// Lowercased, without accents, ё as е.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).replacingOccurrences(
            of: "ё", with: "е")
    }
}

extension Diary {
    /// The species, bait and method entries the catches name (retired ones too), read by id
    /// without the whole directories a picker needs.
    func entriesNamed(by catches: some Sequence<Catch>) throws -> [DirectoryEntry] {
        var seen = Set<String>()
        var named: [(DirectoryKind, String)] = []
        for item in catches {
            let pairs: [(DirectoryKind, String?)] = [
                (.species, item.speciesId), (.baits, item.baitId), (.methods, item.methodId),
            ]
            for case (let kind, let id?) in pairs where seen.insert("\(kind.rawValue)/\(id)").inserted {
                named.append((kind, id))
            }
        }
        return try named.compactMap { try directoryEntry($0.0, id: $0.1) }
    }
}
