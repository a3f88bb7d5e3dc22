import FishingModel

/// Reads an MP4 or QuickTime movie's metadata from its `moov` box: creation time and duration
/// (`mvhd`), the first video track's size and rotation (`trak`), and the recording place
/// (`meta` keys, else `udta`).
///
/// Top-level boxes are walked by their sizes, so a media data box (`mdat`) before `moov` is stepped
/// over by offset, never read. The walk stops at `moov`. Only fixed paths below it are visited
/// (moov → trak → mdia → hdlr, moov → [udta →] meta → keys/ilst → data, moov → udta → ©xyz), so
/// nesting cannot go deeper than the code does.
enum MovieParser {
    static func parse(_ reader: SourceReader) throws(MediaMetadataError) -> MediaMetadata {
        var topLevel = BoxIterator(topLevelOf: reader)
        guard let movie = try topLevel.next(ofType: "moov") else {
            throw reader.malformed(at: 0, "no 'moov' box: the movie has no header")
        }
        var metadata = MediaMetadata(format: reader.format)
        var keysPlace: ISO6709.Place?
        var userDataPlace: ISO6709.Place?
        var children = try BoxIterator(inside: movie, reader: reader)
        while let box = try children.next() {
            switch box.type {
            case "mvhd":
                let header = try MovieHeader(reader, box)
                metadata.capturedAt = header.createdAt
                metadata.durationSeconds = header.durationSeconds
            case "trak" where metadata.pixelWidth == nil:
                if let track = try VideoTrack(reader, box) {
                    metadata.pixelWidth = track.width
                    metadata.pixelHeight = track.height
                    metadata.orientation = track.orientation
                }
            case "meta" where keysPlace == nil:
                keysPlace = try MovieLocation.fromKeys(reader, meta: box)
            case "udta" where userDataPlace == nil:
                userDataPlace = try MovieLocation.fromUserData(reader, udta: box)
            default:
                continue
            }
        }
        if let place = keysPlace ?? userDataPlace {
            metadata.latitude = place.latitude
            metadata.longitude = place.longitude
            metadata.altitude = place.altitude
        }
        return metadata
    }
}
