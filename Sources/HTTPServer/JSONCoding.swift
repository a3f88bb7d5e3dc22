import Foundation

extension HTTPRequest {
    /// Decodes the JSON body as `T`, answering client mistakes with a 400 problem that names the field:
    /// `malformed_json` (not JSON at all), `missing_field`, `invalid_field` (wrong type, null, bad
    /// value) and `missing_body`; a `Content-Type` other than JSON gives 415. Dates are ISO 8601.
    /// Used by every portal endpoint that accepts JSON (T3).
    public func decodeJSON<T: Decodable>(_ type: T.Type) async throws -> T {
        if let contentType = headers["Content-Type"], !JSONCoding.isJSON(contentType) {
            throw HTTPError(
                .unsupportedMediaType, code: .unsupportedMediaType,
                detail: "The request body must be JSON (Content-Type: application/json).")
        }
        let data = try await body.collect(upTo: .max)
        guard !data.isEmpty else {
            throw HTTPError.badRequest(code: .missingBody, "A JSON request body is required.")
        }
        return try JSONCoding.decode(type, from: data)
    }
}

/// The JSON settings shared by requests and responses, and the translation of `DecodingError`
/// into problems a client developer can act on.
public enum JSONCoding {
    /// `value` as the server writes JSON: sorted keys, ISO 8601 dates.
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(HTTPError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw problem(for: error)
        } catch {
            throw HTTPError.badRequest(code: .malformedJson, "The request body is not valid JSON.")
        }
    }

    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1)[0]
            .trimmingCharacters(in: .whitespaces).lowercased()
        return mediaType == "application/json" || mediaType.hasSuffix("+json")
    }

    static func problem(for error: DecodingError) -> HTTPError {
        switch error {
        case .keyNotFound(let key, let context):
            let field = fieldName(context.codingPath + [key])
            return .badRequest(code: .missingField, "Field '\(field)' is required.")
        case .typeMismatch(let expected, let context):
            let field = fieldName(context.codingPath)
            return .badRequest(code: .invalidField, "Field '\(field)' must be \(jsonKind(expected)).")
        case .valueNotFound(let expected, let context):
            let field = fieldName(context.codingPath)
            return .badRequest(code: .invalidField, "Field '\(field)' must be \(jsonKind(expected)), not null.")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = fieldName(context.codingPath)
            return .badRequest(code: .invalidField, "Field '\(field)' has an invalid value.")
        default:
            return .badRequest(code: .malformedJson, "The request body is not valid JSON.")
        }
    }

    /// `trip.catches[2].weight` for a coding path.
    static func fieldName(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "(root)" }
        var name = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") {
                name += "[\(index)]"
            } else {
                name += name.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return name
    }

    static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type, is Character.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is any BinaryInteger.Type: return "an integer"
        case is any BinaryFloatingPoint.Type, is Decimal.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") || name.hasPrefix("[") && !name.contains(":") { return "an array" }
            return "an object"
        }
    }
}
