/// A parsed report formula, before names are resolved (T18).
struct Formula: Equatable {
    var values: [Expression]
    var groups: [Expression]
    var filter: Expression?
    var order: SortDirection?
    var top: Int?
}

enum SortDirection: Equatable { case ascending, descending }

/// An expression of the report language as written.
indirect enum Expression: Equatable {
    case number(Double, at: Int)
    case text(String, at: Int)
    case boolean(Bool, at: Int)
    case null(at: Int)
    /// `weight_kg` or `catch.weight_kg`.
    case field(entity: String?, name: String, at: Int)
    /// `count(catch)`, `sum(catch.weight_kg)`, `avg(weight_kg * count)`.
    case call(function: String, argument: Expression, at: Int)
    case unary(String, Expression, at: Int)
    case binary(String, Expression, Expression, at: Int)
    case inList(Expression, [Expression], negated: Bool, at: Int)
    case isNull(Expression, negated: Bool, at: Int)

    var position: Int {
        switch self {
        case .number(_, let p), .text(_, let p), .boolean(_, let p), .null(let p), .field(_, _, let p),
            .call(_, _, let p),
            .unary(_, _, let p), .binary(_, _, _, let p), .inList(_, _, _, let p), .isNull(_, _, let p):
            p
        }
    }
}

/// Recursive-descent parser for
///
///     formula    := value (',' value)* ['by' field (',' field)?] ['where' expr] ['order' ('asc'|'desc')] ['top' N]
///     expr       := or;  or := and ('or' and)*;  and := not ('and' not)*;  not := 'not' not | comparison
///     comparison := sum [('='|'!='|'<'|'<='|'>'|'>=') sum | ['not'] 'in' '(' sum (',' sum)* ')' | 'is' ['not'] 'null']
///     sum        := product (('+'|'-') product)*;  product := unary (('*'|'/') unary)*
///     unary      := '-' unary | primary
///     primary    := number | text | true | false | null | name ['.' name] | name '(' expr ')' | '(' expr ')'
struct Parser {
    private var tokens: [Token]
    private var index = 0
    private var depth = 0
    static let maximumDepth = 64

    static func parse(_ formula: String) throws(ReportError) -> Formula {
        var parser = Parser(tokens: try Lexer.tokens(formula))
        return try parser.formula()
    }

    private init(tokens: [Token]) { self.tokens = tokens }

    private var current: Token { tokens[index] }

    private mutating func advance() -> Token {
        defer { if index < tokens.count - 1 { index += 1 } }
        return tokens[index]
    }

    private func isKeyword(_ word: String) -> Bool { current.kind == .keyword(word) }
    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private mutating func expectSymbol(_ symbol: String, _ purpose: ReportPhrase) throws(ReportError) {
        guard isSymbol(symbol) else {
            throw ReportError(
                .expected, ["symbol": "\(symbol)", "purpose": .phrase(purpose), "found": describe(current)],
                at: current.position)
        }
        _ = advance()
    }

    private mutating func formula() throws(ReportError) -> Formula {
        guard current.kind != .end else {
            throw ReportError(.empty, at: 0)
        }
        var result = Formula(values: [try expression()], groups: [], filter: nil, order: nil, top: nil)
        while isSymbol(",") {
            _ = advance()
            result.values.append(try expression())
        }
        if isKeyword("by") {
            _ = advance()
            result.groups.append(try groupField())
            if isSymbol(",") {
                _ = advance()
                result.groups.append(try groupField())
            }
            if isSymbol(",") { throw ReportError(.tooManyDimensions, at: current.position) }
        }
        if isKeyword("where") {
            _ = advance()
            result.filter = try expression()
        }
        if isKeyword("order") {
            _ = advance()
            if isKeyword("asc") {
                result.order = .ascending
            } else if isKeyword("desc") {
                result.order = .descending
            } else {
                throw ReportError(.orderNeedsDirection, at: current.position)
            }
            _ = advance()
        }
        if isKeyword("top") {
            _ = advance()
            guard case .number(let n) = current.kind, n == n.rounded(), n >= 1, n <= 10_000 else {
                throw ReportError(.topNeedsCount, at: current.position)
            }
            _ = advance()
            result.top = Int(n)
        }
        guard current.kind == .end else {
            throw ReportError(.unexpectedContinuation, ["found": describe(current)], at: current.position)
        }
        return result
    }

    private mutating func groupField() throws(ReportError) -> Expression {
        let token = current
        guard case .identifier = token.kind else {
            throw ReportError(.byNeedsField, ["found": describe(token)], at: token.position)
        }
        let expression = try primary()
        guard case .field = expression else {
            throw ReportError(.groupByCalculation, at: token.position)
        }
        return expression
    }

    private mutating func nested<T>(_ body: (inout Parser) throws(ReportError) -> T) throws(ReportError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw ReportError(.nestsTooDeeply, at: current.position)
        }
        return try body(&self)
    }

    mutating func expression() throws(ReportError) -> Expression {
        try nested { (p: inout Parser) throws(ReportError) in try p.or() }
    }

    private mutating func or() throws(ReportError) -> Expression {
        var left = try and()
        while isKeyword("or") {
            let at = advance().position
            left = .binary("or", left, try and(), at: at)
        }
        return left
    }

    private mutating func and() throws(ReportError) -> Expression {
        var left = try not()
        while isKeyword("and") {
            let at = advance().position
            left = .binary("and", left, try not(), at: at)
        }
        return left
    }

    private mutating func not() throws(ReportError) -> Expression {
        if isKeyword("not") {
            let at = advance().position
            return .unary("not", try nested { (p: inout Parser) throws(ReportError) in try p.not() }, at: at)
        }
        return try comparison()
    }

    private mutating func comparison() throws(ReportError) -> Expression {
        let left = try sum()
        if case .symbol(let s) = current.kind, ["=", "!=", "<", "<=", ">", ">="].contains(s) {
            let at = advance().position
            return .binary(s, left, try sum(), at: at)
        }
        var negated = false
        if isKeyword("not") {
            negated = true
            _ = advance()
            guard isKeyword("in") else {
                throw ReportError(.notWithoutIn, at: current.position)
            }
        }
        if isKeyword("in") {
            let at = advance().position
            try expectSymbol("(", .afterIn)
            var items = [try sum()]
            while isSymbol(",") {
                _ = advance()
                items.append(try sum())
            }
            try expectSymbol(")", .toCloseList)
            return .inList(left, items, negated: negated, at: at)
        }
        if isKeyword("is") {
            let at = advance().position
            var isNot = false
            if isKeyword("not") {
                isNot = true
                _ = advance()
            }
            guard isKeyword("null") else {
                throw ReportError(.isNeedsNull, at: current.position)
            }
            _ = advance()
            return .isNull(left, negated: isNot, at: at)
        }
        return left
    }

    private mutating func sum() throws(ReportError) -> Expression {
        var left = try product()
        while case .symbol(let s) = current.kind, s == "+" || s == "-" {
            let at = advance().position
            left = .binary(s, left, try product(), at: at)
        }
        return left
    }

    private mutating func product() throws(ReportError) -> Expression {
        var left = try unary()
        while case .symbol(let s) = current.kind, s == "*" || s == "/" {
            let at = advance().position
            left = .binary(s, left, try unary(), at: at)
        }
        return left
    }

    private mutating func unary() throws(ReportError) -> Expression {
        if isSymbol("-") {
            let at = advance().position
            return .unary("-", try nested { (p: inout Parser) throws(ReportError) in try p.unary() }, at: at)
        }
        return try primary()
    }

    private mutating func primary() throws(ReportError) -> Expression {
        let token = advance()
        switch token.kind {
        case .number(let v): return .number(v, at: token.position)
        case .text(let v): return .text(v, at: token.position)
        case .keyword("true"): return .boolean(true, at: token.position)
        case .keyword("false"): return .boolean(false, at: token.position)
        case .keyword("null"): return .null(at: token.position)
        case .identifier(let name):
            if isSymbol("(") {
                _ = advance()
                let argument = try expression()
                try expectSymbol(")", .toCloseFunction)
                return .call(function: name, argument: argument, at: token.position)
            }
            if isSymbol(".") {
                _ = advance()
                guard case .identifier(let field) = current.kind else {
                    throw ReportError(.fieldNameAfterDot, ["name": "\(name)"], at: current.position)
                }
                _ = advance()
                return .field(entity: name, name: field, at: token.position)
            }
            return .field(entity: nil, name: name, at: token.position)
        case .symbol("("):
            let inner = try expression()
            try expectSymbol(")", .toCloseParenthesis)
            return inner
        default:
            throw ReportError(.expectedOperand, ["found": describe(token)], at: token.position)
        }
    }

    /// A token as a message shows it: as written, or the end of the formula.
    private func describe(_ token: Token) -> ReportArgument {
        switch token.kind {
        case .identifier(let s), .keyword(let s), .symbol(let s): "`\(s)`"
        case .number(let n): "\(n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n))"
        case .text(let s): "'\(s)'"
        case .end: .phrase(.endOfFormula)
        }
    }
}
