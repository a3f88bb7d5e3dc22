import CZlib
import Foundation

/// Decompresses the gzip files App Store Connect delivers its reports in (T12), with a ceiling
/// on the output so that a hostile or corrupt file cannot exhaust memory.
enum Gunzip {
    /// True when `data` starts with the gzip magic number.
    static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// What the inflate loop returns when the output would pass the limit (not a zlib code).
    private static let overLimit: Int32 = -1_000

    /// The decompressed bytes of one whole gzip (or zlib) stream, nothing after it; the input
    /// must be smaller than 4 GiB (callers hold it to their size limit).
    static func decompress(_ data: Data, limit: Int) throws(SalesReportError) -> Data {
        var stream = z_stream()
        guard hobbystory_inflate_init(&stream) == Z_OK else { throw .unreadable("zlib could not start") }
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
        case Z_STREAM_END: throw .unreadable("bytes follow the compressed report")
        case overLimit: throw .tooLarge(limit: limit)
        case Z_BUF_ERROR: throw .unreadable("the compressed file ends too early (truncated download?)")
        default: throw .unreadable("the compressed file is damaged (zlib status \(status))")
        }
    }
}
