import FishingModel

/// Recognises a media format from its first bytes: JPEG and PNG by their signatures, ISO BMFF files
/// by the brands in their `ftyp` box, and old QuickTime movies by their first box.
enum FormatSniffer {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
    /// How much of an `ftyp` box is read for its brands.
    private static let maximumFileTypeBox = 1024

    /// Major and compatible brands and the format each one means.
    private static let brands: [FourCC: MediaFormat] = [
        "qt  ": .mov,
        "heic": .heic, "heix": .heic, "heim": .heic, "heis": .heic, "hevc": .heic, "hevx": .heic, "hevm": .heic,
        "hevs": .heic, "mif1": .heic, "mif2": .heic, "msf1": .heic,
        "isom": .mp4, "iso2": .mp4, "iso3": .mp4, "iso4": .mp4, "iso5": .mp4, "iso6": .mp4, "iso7": .mp4,
        "iso8": .mp4, "iso9": .mp4, "mp41": .mp4, "mp42": .mp4, "mp71": .mp4, "avc1": .mp4, "M4V ": .mp4,
        "M4VH": .mp4, "M4VP": .mp4, "3gp4": .mp4, "3gp5": .mp4, "3gp6": .mp4, "3gp7": .mp4, "3g2a": .mp4,
        "dash": .mp4, "MSNV": .mp4, "XAVC": .mp4, "f4v ": .mp4,
    ]

    /// First boxes of a QuickTime movie written without an `ftyp` box.
    private static let quickTimeFirstBoxes: Set<FourCC> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    static func sniff(_ source: some ByteSource) throws(MediaMetadataError) -> MediaFormat {
        let head = try source.read(at: 0, count: maximumFileTypeBox)
        if head.starts(with: jpegSignature) { return .jpeg }
        if head.starts(with: pngSignature) { return .png }
        if head.count >= 12 {
            let firstBox = FourCC(head[4..<8])
            if firstBox == "ftyp", let format = brandFormat(fileTypeBox: head) { return format }
            if quickTimeFirstBoxes.contains(firstBox) { return .mov }
        }
        throw .unrecognisedFormat(firstBytes: head.prefix(8).map(\.hex).joined(separator: " "))
    }

    /// The format named by the major brand, else by the first known compatible brand.
    private static func brandFormat(fileTypeBox head: [UInt8]) -> MediaFormat? {
        let declaredSize = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(declaredSize >= 16 ? declaredSize : 16, head.count)
        let compatible = stride(from: 16, to: end - 3, by: 4).map { FourCC(head[$0..<$0 + 4]) }
        return ([FourCC(head[8..<12])] + compatible).lazy.compactMap { brands[$0] }.first
    }
}
