/// A video track's stored size and rotation, from its track header (`tkhd`), when the track's
/// handler (`mdia/hdlr`) is 'vide' and its size is not zero.
struct VideoTrack {
    let width: Int
    let height: Int
    /// The track matrix's rotation as EXIF orientation (1, 6, 3, 8), or nil for other matrices.
    let orientation: Int?

    /// Nil when the track is not a video track or has no size.
    init?(_ reader: SourceReader, _ trak: Box) throws(MediaMetadataError) {
        var header: Box?
        var isVideo = false
        var children = try BoxIterator(inside: trak, reader: reader)
        while let box = try children.next() {
            if box.type == "tkhd", header == nil { header = box }
            if box.type == "mdia" { isVideo = try Self.isVideoMedia(reader, box) }
        }
        guard isVideo, let header else { return nil }
        var cursor = try reader.payload(of: header)
        let (version, _) = try cursor.fullBoxHeader()
        guard version <= 1 else { throw cursor.error("unsupported tkhd version \(version)") }
        // Times, track_ID, reserved and duration; then reserved, layer, alternate_group, volume, reserved.
        try cursor.skip(version == 1 ? 32 : 20)
        try cursor.skip(16)
        var matrix: [Int32] = []
        for _ in 0..<9 {
            matrix.append(Int32(bitPattern: try cursor.uint32()))
        }
        let width = Int(try cursor.uint32() >> 16)  // 16.16 fixed point
        let height = Int(try cursor.uint32() >> 16)
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        self.orientation = Self.orientation(a: matrix[0], b: matrix[1], c: matrix[3], d: matrix[4])
    }

    private static func isVideoMedia(_ reader: SourceReader, _ mdia: Box) throws(MediaMetadataError) -> Bool {
        var children = try BoxIterator(inside: mdia, reader: reader)
        guard let handler = try children.next(ofType: "hdlr") else { return false }
        var cursor = try reader.payload(of: handler)
        _ = try cursor.fullBoxHeader()
        try cursor.skip(4)  // pre_defined
        return try cursor.fourCC() == "vide"
    }

    /// The rotation of the matrix [a b; c d]: [1 0; 0 1] is upright, [0 1; -1 0] turns 90° clockwise.
    private static func orientation(a: Int32, b: Int32, c: Int32, d: Int32) -> Int? {
        switch (a.signum(), b.signum(), c.signum(), d.signum()) {
        case (1, 0, 0, 1): 1
        case (0, 1, -1, 0): 6
        case (-1, 0, 0, -1): 3
        case (0, -1, 1, 0): 8
        default: nil
        }
    }
}
