import Foundation
import HTTPServer

/// What a `Range` header asks of a download of `size` bytes (RFC 9110 §14): a request the portal
/// answers whole (another unit, several ranges, or a header it cannot read — all of which a
/// server may ignore), one part (206), or nothing it has (416). Numbers too large for 64 bits are
/// read as "past the end", never trapped on (T4, hostile input).
enum ByteRange: Equatable {
    case whole
    case part(Range<Int64>)
    case unsatisfiable

    static func parse(_ header: String, size: Int64) -> ByteRange {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2, !(spec[0].isEmpty && spec[1].isEmpty),
            let first = number(spec[0]), let last = number(spec[1])
        else { return .whole }
        guard size > 0 else { return .unsatisfiable }
        switch (first, last) {
        case (nil, let suffix?):
            // `-n`: the last n bytes.
            return suffix == 0 ? .unsatisfiable : .part(max(0, size - suffix)..<size)
        case (let start?, let end):
            guard start < size else { return .unsatisfiable }
            guard let end else { return .part(start..<size) }
            guard end >= start else { return .whole }
            return .part(start..<(min(end, size - 1) + 1))
        case (nil, nil):
            return .whole
        }
    }

    /// Decimal digits as a number (capped at `Int64.max`), nil for an empty part; `.none` when
    /// the part is not all digits.
    private static func number(_ text: Substring) -> Int64?? {
        guard !text.isEmpty else { return .some(nil) }
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return .none }
        return .some(Int64(text) ?? Int64.max)
    }
}

/// A download answered whole or in the part a `Range` header asks for (T4 media, T10 map packs):
/// `Accept-Ranges`, 206 with `Content-Range`, 416 for a range past the end, the bytes streamed
/// a mebibyte at a time from `read(offset, count)`.
enum RangedDownload {
    static let pieceBytes = 1 << 20

    static func response(
        _ request: HTTPRequest, size: Int64, headers: HTTPHeaders, what: String,
        read: @escaping @Sendable (Int64, Int) throws -> Data
    ) throws -> HTTPResponse {
        var headers = headers
        headers["Accept-Ranges"] = "bytes"
        var range = 0..<size
        var status = HTTPStatus.ok
        if let header = request.headers["Range"] {
            switch ByteRange.parse(header, size: size) {
            case .whole:
                break
            case .part(let requested):
                range = requested
                status = HTTPStatus(code: 206)
                headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
            case .unsatisfiable:
                throw HTTPError(
                    HTTPStatus(code: 416), code: .rangeNotSatisfiable,
                    detail: "Range \(header.prefix(60)) does not fit the \(size) bytes of this \(what)",
                    headers: ["Content-Range": "bytes */\(size)"])
            }
        }
        let sent = range
        return HTTPResponse(
            status: status, headers: headers,
            body: .stream(contentLength: Int(sent.count)) { writer in
                var position = sent.lowerBound
                while position < sent.upperBound {
                    let data = try read(position, Int(min(Int64(pieceBytes), sent.upperBound - position)))
                    guard !data.isEmpty else { break }
                    try await writer.write(data)
                    position += Int64(data.count)
                }
            })
    }
}
