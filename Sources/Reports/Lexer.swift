/// One lexical unit of a report formula.
struct Token: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case keyword(String)
        case number(Double)
        case text(String)
        case symbol(String)
        case end
    }

    let kind: Kind
    let position: Int
}

/// Splits a report formula into tokens. Words are case-insensitive keywords or identifiers;
/// strings are quoted with ' or " (the quote doubled inside); numbers are decimal.
enum Lexer {
    static let keywords: Set<String> = [
        "by", "where", "and", "or", "not", "in", "top", "order", "asc", "desc", "is", "null", "true", "false",
    ]
    static let symbols = ["<=", ">=", "!=", "<>", "=", "<", ">", "+", "-", "*", "/", "(", ")", ",", "."]
    static let maximumLength = 2_000
    static let maximumBytes = 8_000

    static func tokens(_ formula: String) throws(ReportError) -> [Token] {
        guard formula.utf8.count <= maximumBytes, formula.count <= maximumLength else {
            throw ReportError(
                .tooLong,
                [
                    "length": "\(formula.count)",
                    "bytes": "\(formula.utf8.count)", "maximum": "\(maximumLength)", "maximumBytes": "\(maximumBytes)",
                ])
        }
        let characters = Array(formula)
        var tokens: [Token] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c.isWhitespace {
                i += 1
            } else if c.isLetter || c == "_" {
                let start = i
                while i < characters.count, characters[i].isLetter || characters[i].isNumber || characters[i] == "_" {
                    i += 1
                }
                let word = String(characters[start..<i])
                guard word.allSatisfy({ $0.isASCII }) else {
                    throw ReportError(.notAName, ["word": "\(word)"], at: start)
                }
                let lower = word.lowercased()
                tokens.append(
                    Token(kind: keywords.contains(lower) ? .keyword(lower) : .identifier(lower), position: start))
            } else if c.isASCII && c.isNumber {
                let start = i
                while i < characters.count, characters[i].isASCII && characters[i].isNumber { i += 1 }
                if i + 1 < characters.count, characters[i] == ".",
                    characters[i + 1].isASCII && characters[i + 1].isNumber
                {
                    i += 1
                    while i < characters.count, characters[i].isASCII && characters[i].isNumber { i += 1 }
                }
                guard let value = Double(String(characters[start..<i])), value.isFinite else {
                    throw ReportError(.badNumber, ["text": "\(String(characters[start..<i]))"], at: start)
                }
                tokens.append(Token(kind: .number(value), position: start))
            } else if c == "'" || c == "\"" {
                let start = i
                var text = ""
                i += 1
                while true {
                    guard i < characters.count else {
                        throw ReportError(.unclosedText, ["quote": "\(c)"], at: start)
                    }
                    if characters[i] == c {
                        if i + 1 < characters.count, characters[i + 1] == c {
                            text.append(c)
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    text.append(characters[i])
                    i += 1
                }
                tokens.append(Token(kind: .text(text), position: start))
            } else if let symbol = symbols.first(where: { matches($0, characters, at: i) }) {
                tokens.append(Token(kind: .symbol(symbol == "<>" ? "!=" : symbol), position: i))
                i += symbol.count
            } else {
                throw ReportError(.unexpectedCharacter, ["character": "\(c)"], at: i)
            }
        }
        tokens.append(Token(kind: .end, position: characters.count))
        return tokens
    }

    private static func matches(_ symbol: String, _ characters: [Character], at i: Int) -> Bool {
        let s = Array(symbol)
        return i + s.count <= characters.count && Array(characters[i..<i + s.count]) == s
    }
}
