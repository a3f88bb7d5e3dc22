/// The reader behind `Coordinate.parse(_:)`: splits the text into tokens, the tokens into a
/// latitude part and a longitude part, and each part into degrees, minutes and seconds.
enum CoordinateParser {
    private enum Mark: Int {
        case degrees = 0, minutes, seconds
    }

    private enum Kind: Equatable {
        case number(Double)
        case mark(Mark)
        case hemisphere(Character)
        case separator
    }

    private struct Token {
        var kind: Kind
        var range: Range<String.Index>
    }

    static func parse(_ text: String) throws(CoordinateError) -> Coordinate {
        let tokens = try tokenize(text)
        guard !tokens.isEmpty else { throw .empty }
        let (first, second) = try split(tokens, in: text)
        let a = try value(of: first, in: text)
        let b = try value(of: second, in: text)
        let latitude: Double
        let longitude: Double
        switch (a.axis, b.axis) {
        case (let axisA?, let axisB?) where axisA == axisB:
            throw .sameAxisTwice(axisA)
        case (.longitude?, _), (_, .latitude?):
            (latitude, longitude) = (b.degrees, a.degrees)
        default:
            (latitude, longitude) = (a.degrees, b.degrees)
        }
        return try Coordinate(validatingLatitude: latitude, longitude: longitude)
    }

    // MARK: - Tokens

    private static func tokenize(_ text: String) throws(CoordinateError) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let start = index
            index = text.index(after: index)
            if character.isWhitespace { continue }
            if isDigit(character) || character == "." || isSign(character) {
                while index < text.endIndex, isDigit(text[index]) || text[index] == "." {
                    index = text.index(after: index)
                }
                let literal = text[start..<index]
                let ascii = literal.first == "−" ? "-" + literal.dropFirst() : String(literal)
                guard literal.contains(where: isDigit), let number = Double(ascii) else {
                    throw .unexpectedText(String(literal))
                }
                tokens.append(Token(kind: .number(number), range: start..<index))
                continue
            }
            if character == "'", index < text.endIndex, text[index] == "'" {
                index = text.index(after: index)
                tokens.append(Token(kind: .mark(.seconds), range: start..<index))
                continue
            }
            if let kind = symbolKinds[character] {
                tokens.append(Token(kind: kind, range: start..<index))
                continue
            }
            if character.isLetter {
                while index < text.endIndex, text[index].isLetter {
                    index = text.index(after: index)
                }
                let word = text[start..<index]
                var letterIndex = start
                for letter in word {
                    guard let kind = letterKinds[letter] else { throw .unexpectedText(String(word)) }
                    let range = letterIndex..<text.index(after: letterIndex)
                    let isSecondsMark = letter == "s" && followsSecondsNumber(range, tokens)
                    tokens.append(Token(kind: isSecondsMark ? .mark(.seconds) : kind, range: range))
                    letterIndex = range.upperBound
                }
                continue
            }
            throw .unexpectedText(String(character))
        }
        return tokens
    }

    private static let symbolKinds: [Character: Kind] = [
        "°": .mark(.degrees), "º": .mark(.degrees), "˚": .mark(.degrees),
        "′": .mark(.minutes), "'": .mark(.minutes), "’": .mark(.minutes),
        "″": .mark(.seconds), "\"": .mark(.seconds), "”": .mark(.seconds),
        ",": .separator, ";": .separator,
    ]

    private static let letterKinds: [Character: Kind] = [
        "N": .hemisphere("N"), "n": .hemisphere("N"), "S": .hemisphere("S"), "s": .hemisphere("S"),
        "E": .hemisphere("E"), "e": .hemisphere("E"), "W": .hemisphere("W"), "w": .hemisphere("W"),
        "d": .mark(.degrees), "D": .mark(.degrees), "m": .mark(.minutes), "M": .mark(.minutes),
    ]

    /// Whether a lowercase "s" at `range` is the seconds mark: it is when written right after a
    /// number that follows a minutes mark ("21s" in "55d45m21sN"); every other s is south.
    private static func followsSecondsNumber(_ range: Range<String.Index>, _ tokens: [Token]) -> Bool {
        guard tokens.count >= 2, case .number = tokens[tokens.count - 1].kind else { return false }
        return tokens[tokens.count - 1].range.upperBound == range.lowerBound
            && tokens[tokens.count - 2].kind == .mark(.minutes)
    }

    private static func isDigit(_ character: Character) -> Bool {
        ("0"..."9").contains(character)
    }

    private static func isSign(_ character: Character) -> Bool {
        character == "-" || character == "+" || character == "−"
    }

    // MARK: - Latitude and longitude parts

    private static func split(_ tokens: [Token], in text: String) throws(CoordinateError) -> (
        ArraySlice<Token>, ArraySlice<Token>
    ) {
        let all = tokens[...]
        let separators = tokens.indices.filter { tokens[$0].kind == .separator }
        if separators.count > 1 { throw .cannotSplit(text) }
        if let comma = separators.first {
            let (first, second) = (all[..<comma], all[(comma + 1)...])
            guard !first.isEmpty, !second.isEmpty else { throw .onlyOneValue(source(of: all, in: text)) }
            return (first, second)
        }
        let hemispheres = tokens.indices.filter {
            if case .hemisphere = tokens[$0].kind { return true }
            return false
        }
        let numbers = tokens.indices.filter {
            if case .number = tokens[$0].kind { return true }
            return false
        }
        if numbers.count < 2 { throw .onlyOneValue(source(of: all, in: text)) }
        if hemispheres.count == 2 {
            if hemispheres[0] == 0 {
                return (all[..<hemispheres[1]], all[hemispheres[1]...])
            }
            if hemispheres[1] == tokens.count - 1 {
                return (all[...hemispheres[0]], all[(hemispheres[0] + 1)...])
            }
            throw .cannotSplit(text)
        }
        if hemispheres.count == 1, (try? value(of: all, in: text)) != nil {
            throw .onlyOneValue(source(of: all, in: text))
        }
        guard hemispheres.isEmpty else { throw .cannotSplit(text) }
        let degreeNumbers = numbers.filter { $0 + 1 < tokens.count && tokens[$0 + 1].kind == .mark(.degrees) }
        if degreeNumbers.count == 2 {
            return (all[..<degreeNumbers[1]], all[degreeNumbers[1]...])
        }
        guard numbers.count % 2 == 0, numbers.count <= 6 else { throw .cannotSplit(text) }
        let middle = numbers[numbers.count / 2]
        return (all[..<middle], all[middle...])
    }

    private static func source(of tokens: ArraySlice<Token>, in text: String) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        return String(text[first.range.lowerBound..<last.range.upperBound])
    }

    /// One part, such as "N55 45.350" or "37°37′03″E": signed degrees, and the axis its
    /// hemisphere letter names, if it has one.
    private static func value(
        of part: ArraySlice<Token>, in text: String
    ) throws(CoordinateError) -> (degrees: Double, axis: CoordinateAxis?) {
        let partText = source(of: part, in: text)
        var body = part
        var letter: Character?
        if case .hemisphere(let h)? = body.first?.kind {
            letter = h
            body = body.dropFirst()
        }
        if case .hemisphere(let h)? = body.last?.kind {
            if letter != nil {
                throw .malformed(partText, reason: "it has two hemisphere letters")
            }
            letter = h
            body = body.dropLast()
        }
        var components: [(value: Double, literal: Substring, mark: Mark?)] = []
        var previousWasNumber = false
        for token in body {
            switch token.kind {
            case .number(let number):
                components.append((number, text[token.range], nil))
                previousWasNumber = true
                continue
            case .mark(let mark):
                guard previousWasNumber else {
                    throw .malformed(partText, reason: "a mark °, ′ or ″ must follow a number")
                }
                components[components.count - 1].mark = mark
            case .hemisphere, .separator:
                throw .malformed(partText, reason: "a hemisphere letter may only stand first or last")
            }
            previousWasNumber = false
        }
        guard !components.isEmpty else {
            throw .malformed(partText, reason: "it has no number of degrees")
        }
        guard components.count <= 3 else {
            throw .malformed(partText, reason: "it has more numbers than degrees, minutes and seconds")
        }
        for (position, component) in components.enumerated() {
            if let mark = component.mark, mark.rawValue != position {
                throw .malformed(
                    partText, reason: "degrees, minutes and seconds must come in that order, none left out")
            }
            if position > 0, let first = component.literal.first, isSign(first) {
                throw .malformed(partText, reason: "only the degrees may have a sign")
            }
            if position < components.count - 1, component.literal.contains(".") {
                throw .malformed(partText, reason: "only the last of degrees, minutes and seconds may have decimals")
            }
        }
        if components.count > 1, !(components[1].value < 60) {
            throw .minutesOutOfRange(components[1].value)
        }
        if components.count > 2, !(components[2].value < 60) {
            throw .secondsOutOfRange(components[2].value)
        }
        let negative = components[0].literal.first.map { $0 == "-" || $0 == "−" } ?? false
        if negative, letter != nil {
            throw .malformed(partText, reason: "use a minus sign or a hemisphere letter, not both")
        }
        let magnitude = components.enumerated().reduce(0.0) { total, item in
            total + abs(item.element.value) / [1.0, 60, 3600][item.offset]
        }
        switch letter {
        case "N": return (magnitude, .latitude)
        case "S": return (-magnitude, .latitude)
        case "E": return (magnitude, .longitude)
        case "W": return (-magnitude, .longitude)
        default: return (negative ? -magnitude : magnitude, nil)
        }
    }
}
