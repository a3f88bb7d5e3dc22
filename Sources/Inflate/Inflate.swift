import CZlib
import Foundation

/// Why compressed bytes could not be read.
public enum InflateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output would pass the caller's ceiling (a hostile or corrupt input).
    case tooLarge(limit: Int)
    /// The stream ends before its end marker (a truncated download).
    case truncated
    /// Bytes follow the end of the stream.
    case trailingBytes
    /// The stream is damaged (zlib's status).
    case damaged(Int32)

    public var description: String {
        switch self {
        case .tooLarge(let limit): "it inflates beyond \(limit) bytes"
        case .truncated: "the compressed bytes end too early (truncated download?)"
        case .trailingBytes: "bytes follow the compressed stream"
        case .damaged(let status): "the compressed bytes are damaged (zlib status \(status))"
        }
    }
}

/// Decompresses one whole gzip or zlib stream through Debian's zlib (the system's on Apple
/// platforms), with a ceiling on the output so that no input can exhaust memory. Used for App
/// Store Connect's sales reports (T12), for map packs' directories and tiles (T10) and for the KMZ
/// files an import reads (issue 34 §1).
public enum Inflate {
    /// True when `data` starts with the gzip magic number.
    public static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// What the inflate loop returns when the output would pass the limit (not a zlib code).
    private static let overLimit: Int32 = -1_000

    /// The decompressed bytes of `data`, one whole stream and nothing after it; `data` must be
    /// smaller than 4 GiB (callers hold it to their own size limit).
    public static func decompress(_ data: Data, limit: Int) throws(InflateError) -> Data {
        try decompress(data, limit: limit, raw: false)
    }

    /// The decompressed bytes of a raw deflate stream (a zip archive's member), as above.
    public static func decompressRaw(_ data: Data, limit: Int) throws(InflateError) -> Data {
        try decompress(data, limit: limit, raw: true)
    }

    private static func decompress(_ data: Data, limit: Int, raw: Bool) throws(InflateError) -> Data {
        var stream = z_stream()
        let started = raw ? hobbystory_inflate_init_raw(&stream) : hobbystory_inflate_init(&stream)
        guard started == Z_OK else { throw .damaged(Z_VERSION_ERROR) }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = data
        let status: Int32 = input.withUnsafeMutableBytes { source in
            stream.next_in = source.bindMemory(to: Bytef.self).baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let result = chunk.withUnsafeMutableBytes { target -> Int32 in
                    stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
                    stream.avail_out = uInt(target.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                if output.count + produced > limit { return overLimit }
                output.append(contentsOf: chunk[..<produced])
                if result != Z_OK { return result }
                if stream.avail_in == 0 && produced == 0 { return Z_BUF_ERROR }
            }
        }
        switch status {
        case Z_STREAM_END where stream.avail_in == 0: return output
        case Z_STREAM_END: throw .trailingBytes
        case overLimit: throw .tooLarge(limit: limit)
        case Z_BUF_ERROR: throw .truncated
        default: throw .damaged(status)
        }
    }
}
