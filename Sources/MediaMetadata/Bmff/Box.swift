/// Where one ISO BMFF box lies in the source: its header start, payload start and end.
struct Box {
    let type: FourCC
    let offset: Int64
    let payloadOffset: Int64
    let end: Int64

    var payloadCount: Int64 { end - payloadOffset }
}

extension SourceReader {
    /// A cursor over a box's payload, for the small metadata boxes parsed in memory.
    ///
    /// Payloads above `SourceReader.maximumLoad` are refused as malformed rather than loaded.
    func payload(of box: Box) throws(MediaMetadataError) -> ByteCursor {
        guard box.payloadCount <= Int64(Self.maximumLoad) else {
            throw malformed(at: box.offset, "\(box.type) box holds \(box.payloadCount) bytes; the limit is 1 MiB")
        }
        return try cursor(at: box.payloadOffset, count: Int(box.payloadCount), context: "\(box.type) box")
    }
}
