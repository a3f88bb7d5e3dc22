/// How the category labels under a bar or line chart are laid out so that they never overlap:
///
/// 1. horizontal, in full, when every label fits its slot;
/// 2. otherwise horizontal but shortened with "…" when a slot still has room for about ten
///    characters (few, long categories);
/// 3. otherwise shortened to ``maxRotatedWidth`` and rotated −45°, when the slots are at least
///    ``rotatedSpacing`` / sin 45° wide;
/// 4. otherwise thinned: only every `stride`-th label is shown, starting with the first;
///    horizontal unless rotating lets a stride of less than two thirds of the horizontal one
///    show noticeably more labels.
struct CategoryAxis: Equatable {
    enum Orientation: Equatable {
        case horizontal, rotated
    }

    static let fontSize = 11.0
    /// The longest a rotated label may be, in pixels.
    static let maxRotatedWidth = 84.0
    /// The distance rotated labels need between their baselines.
    static let rotatedSpacing = 15.0
    /// The smallest room, in pixels, worth showing a shortened horizontal label in.
    static let minShortenedWidth = 60.0
    /// The gap kept between neighbouring horizontal labels.
    static let horizontalGap = 6.0

    let orientation: Orientation
    /// 1 when every label is shown; k when only labels 0, k, 2k, … are.
    let stride: Int
    /// The labels as drawn (shortened where needed), one per category.
    let labels: [String]

    init(categories: [String], slotWidth: Double) {
        let size = Self.fontSize
        let room = slotWidth - Self.horizontalGap
        let fullWidth = categories.map { TextMetrics.width($0, size: size) }.max() ?? 0
        if fullWidth <= room {
            self.init(orientation: .horizontal, stride: 1, labels: categories)
            return
        }
        if room >= Self.minShortenedWidth {
            let labels = categories.map { TextMetrics.truncated($0, toWidth: room, size: size) }
            self.init(orientation: .horizontal, stride: 1, labels: labels)
            return
        }
        let labels = categories.map { TextMetrics.truncated($0, toWidth: Self.maxRotatedWidth, size: size) }
        let shortWidth = labels.map { TextMetrics.width($0, size: size) }.max() ?? 0
        let safeSlot = max(slotWidth, 0.01)
        let horizontalStride = Int(((shortWidth + Self.horizontalGap) / safeSlot).rounded(.up))
        let rotatedStride = Int((Self.rotatedSpacing / (safeSlot * 0.5.squareRoot())).rounded(.up))
        if rotatedStride <= 1 {
            self.init(orientation: .rotated, stride: 1, labels: labels)
        } else if Double(horizontalStride) <= 1.5 * Double(rotatedStride) {
            self.init(orientation: .horizontal, stride: max(horizontalStride, 1), labels: labels)
        } else {
            self.init(orientation: .rotated, stride: rotatedStride, labels: labels)
        }
    }

    private init(orientation: Orientation, stride: Int, labels: [String]) {
        self.orientation = orientation
        self.stride = stride
        self.labels = labels
    }

    /// The indices of the categories whose labels are drawn.
    var shownIndices: [Int] {
        Array(Swift.stride(from: 0, to: labels.count, by: stride))
    }

    /// The height the labels take under the plot.
    var height: Double {
        switch orientation {
        case .horizontal:
            return Self.fontSize + 6
        case .rotated:
            let widest = shownIndices.map { TextMetrics.width(labels[$0], size: Self.fontSize) }.max() ?? 0
            return (widest + Self.fontSize) * 0.5.squareRoot() + 8
        }
    }

    /// How far the first shown label reaches left of its slot's centre.
    var leftOverhang: Double {
        guard let first = labels.first else { return 0 }
        let width = TextMetrics.width(first, size: Self.fontSize)
        return orientation == .rotated ? width * 0.5.squareRoot() : width / 2
    }
}
