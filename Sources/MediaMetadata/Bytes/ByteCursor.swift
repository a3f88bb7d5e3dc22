import FishingModel

/// Reads numbers and strings from bytes already in memory, never past their end.
///
/// Reading beyond the end throws `malformed` naming `context` (such as "'mvhd' box") and the file
/// offset where the missing bytes should have been.
struct ByteCursor {
    let bytes: [UInt8]
    /// The file offset of `bytes[0]`, for error messages.
    let fileOffset: Int64
    let format: MediaFormat
    let context: String
    /// Multi-byte numbers are big-endian unless this is set (EXIF "II" data).
    var isLittleEndian = false
    private(set) var position = 0

    init(bytes: [UInt8], fileOffset: Int64, format: MediaFormat, context: String) {
        self.bytes = bytes
        self.fileOffset = fileOffset
        self.format = format
        self.context = context
    }

    var remaining: Int { bytes.count - position }

    mutating func seek(to newPosition: Int) throws(MediaMetadataError) {
        guard newPosition >= 0, newPosition <= bytes.count else {
            throw error("\(context) has no offset \(newPosition); it holds \(bytes.count) bytes")
        }
        position = newPosition
    }

    mutating func skip(_ count: Int) throws(MediaMetadataError) {
        _ = try take(count)
    }

    mutating func take(_ count: Int) throws(MediaMetadataError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw error("\(context) ends early: needs \(count) bytes, has \(remaining)")
        }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func uint8() throws(MediaMetadataError) -> UInt8 {
        UInt8(try unsigned(byteCount: 1))
    }

    mutating func uint16() throws(MediaMetadataError) -> UInt16 {
        UInt16(try unsigned(byteCount: 2))
    }

    mutating func uint32() throws(MediaMetadataError) -> UInt32 {
        UInt32(try unsigned(byteCount: 4))
    }

    mutating func uint64() throws(MediaMetadataError) -> UInt64 {
        try unsigned(byteCount: 8)
    }

    /// An unsigned number of 0 to 8 bytes in the cursor's byte order (0 bytes read as 0).
    mutating func unsigned(byteCount: Int) throws(MediaMetadataError) -> UInt64 {
        let slice = try take(min(byteCount, 8))
        var value: UInt64 = 0
        for index in 0..<slice.count {
            let byte = slice[slice.startIndex + (isLittleEndian ? slice.count - 1 - index : index)]
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    mutating func fourCC() throws(MediaMetadataError) -> FourCC {
        FourCC(rawValue: try uint32())
    }

    /// The version and flags that open an ISO BMFF "full box".
    mutating func fullBoxHeader() throws(MediaMetadataError) -> (version: UInt8, flags: UInt32) {
        let word = try uint32()
        return (UInt8(word >> 24), word & 0x00FF_FFFF)
    }

    /// A `malformed` error at the cursor's current file offset.
    func error(_ reason: String) -> MediaMetadataError {
        .malformed(format: format, offset: fileOffset.saturatingAdding(Int64(position)), reason: reason)
    }
}
