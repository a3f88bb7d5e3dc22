import SQLiteDB

/// A formula checked and turned into one parameterized, read-only SQL query (T18).
///
/// Identifiers come only from ``FieldCatalog``; every literal is a bound parameter.
struct CompiledReport {
    let sql: String
    let parameters: [SQLiteValue]
    /// Column titles: the group dimensions, then the values.
    let columns: [String]
    let dimensions: [FieldDefinition]
    /// The unit of the single value, when it has one (sum of weights: kg).
    let unit: String?
}

/// Resolves names, checks types and writes the SQL for a parsed ``Formula``.
///
/// The rows a report aggregates are those of the coarsest entity it aggregates (`count(trip)` →
/// trips), with finer entities LEFT JOINed beneath it so trips without catches still count and
/// conditions on the finer entity go into its join; parents are joined above it as needed. Plain
/// field names resolve first in the entity of the first aggregate, then its parents, then its
/// children.
struct Compiler {
    /// Counts joined catches, skipping the NULL rows of trips without any.
    private static let catchCount = "count(c.id)"

    private var parameters: [SQLiteValue] = []
    private var joins: Set<LookupJoin> = []
    private var context: ReportEntity = .catch

    /// One compiled expression with what it touches.
    struct Part {
        var sql: String
        var type: ValueType
        var entities: Set<ReportEntity> = []
        var aggregates: [(function: String, entity: ReportEntity)] = []
        var fieldOutsideAggregate: Int?
        var unit: String?
    }

    static func compile(_ formula: Formula) throws(ReportError) -> CompiledReport {
        var compiler = Compiler()
        return try compiler.compile(formula)
    }

    private mutating func compile(_ formula: Formula) throws(ReportError) -> CompiledReport {
        context = try Self.firstAggregateEntity(formula.values) ?? .catch
        let values = try formula.values.map { (v: Expression) throws(ReportError) -> Part in try value(v) }
        let dimensions = try formula.groups.map { (g: Expression) throws(ReportError) -> FieldDefinition in
            try dimension(g)
        }
        let conjuncts = try (formula.filter.map(Self.conjuncts) ?? []).map {
            (c: Expression) throws(ReportError) -> Part in
            let part = try expression(c, insideAggregate: false)
            guard part.aggregates.isEmpty else {
                throw ReportError(.aggregateInWhere, at: c.position)
            }
            guard part.type == .boolean else {
                throw ReportError(.whereNeedsCondition, ["type": part.type.argument], at: c.position)
            }
            return part
        }

        let aggregated = values.flatMap { $0.aggregates.map(\.entity) }
        let base = aggregated.max()!
        let referenced =
            values.flatMap(\.entities) + dimensions.flatMap { [$0.entity] + $0.requires }
            + conjuncts.flatMap(\.entities)
        let finest = min(referenced.min() ?? base, base)
        for value in values {
            for aggregate in value.aggregates
            where aggregate.entity > finest && ["sum", "avg"].contains(aggregate.function) {
                throw ReportError(
                    .aggregateAcrossLevels,
                    [
                        "function": "\(aggregate.function)", "entity": "\(aggregate.entity.name)",
                        "finer": "\(finest.name)",
                    ])
            }
        }

        var from = "FROM \(base.table) \(base.alias)"
        var whereClauses = ["\(base.alias).deleted_at IS NULL"]
        let coarsest = max(referenced.max() ?? base, base)
        for parent in ReportEntity.allCases where parent > base && parent <= coarsest {
            let child = ReportEntity(rawValue: parent.rawValue - 1)!
            from += " JOIN \(parent.table) \(parent.alias) ON \(parent.alias).id = \(child.alias).\(parent.name)_id"
        }
        for child in ReportEntity.allCases.reversed() where child < base && child >= finest {
            let parent = ReportEntity(rawValue: child.rawValue + 1)!
            let own = conjuncts.filter { $0.entities == [child] }.map(\.sql)
            from +=
                " LEFT JOIN \(child.table) \(child.alias) ON \(child.alias).\(parent.name)_id = \(parent.alias).id AND \(child.alias).deleted_at IS NULL"
                + own.map { " AND (\($0))" }.joined()
        }
        let pushedDown = Set(ReportEntity.allCases.filter { $0 < base })
        whereClauses += conjuncts.filter { !($0.entities.count == 1 && pushedDown.contains($0.entities.first!)) }.map {
            "(\($0.sql))"
        }
        whereClauses += dimensions.filter { $0.entity < base }.map { "\($0.entity.alias).id IS NOT NULL" }
        for join in LookupJoin.allCases where joins.contains(join) { from += " " + join.sql }

        // When catches are the base rows none is NULL, and count(*) lets SQLite answer from an index.
        let valueSQL = values.map {
            base == .catch ? $0.sql.replacingOccurrences(of: Self.catchCount, with: "count(*)") : $0.sql
        }
        let selected = dimensions.map(\.sql) + valueSQL
        var sql =
            "SELECT \(selected.joined(separator: ", ")) \(from) WHERE \(Array(Set(whereClauses)).sorted().joined(separator: " AND "))"
        if !dimensions.isEmpty {
            sql += " GROUP BY " + dimensions.map { $0.groupSQL ?? $0.sql }.joined(separator: ", ")
        }
        let firstValue = "\(dimensions.count + 1)"
        // Bare expressions: a dimension's label and sort key are the same for its whole group,
        // and ordering by the grouping expression itself needs no extra sort. Ordered by value,
        // groups of equal value follow their keys, so every copy of a diary (the app's, the
        // site's) ranks and cuts ties alike.
        let byDimensions = dimensions.map { $0.sortSQL ?? $0.sql }
        if let top = formula.top {
            let direction = formula.order == .ascending ? "ASC" : "DESC"
            sql +=
                " ORDER BY " + (["\(firstValue) \(direction)"] + byDimensions).joined(separator: ", ") + " LIMIT \(top)"
        } else if let order = formula.order {
            sql +=
                " ORDER BY "
                + (["\(firstValue) \(order == .ascending ? "ASC" : "DESC")"] + byDimensions)
                .joined(separator: ", ")
        } else if !dimensions.isEmpty {
            sql += " ORDER BY " + byDimensions.joined(separator: ", ")
        }
        let columns = dimensions.map(\.name) + formula.values.map(\.rendered)
        return CompiledReport(
            sql: sql, parameters: parameters, columns: columns, dimensions: dimensions,
            unit: values.count == 1 ? values[0].unit : nil)
    }

    // MARK: Parts of a formula

    private mutating func value(_ expression: Expression) throws(ReportError) -> Part {
        let part = try self.expression(expression, insideAggregate: false)
        guard !part.aggregates.isEmpty else {
            throw ReportError(.valueMustAggregate, at: expression.position)
        }
        if let position = part.fieldOutsideAggregate {
            throw ReportError(.fieldOutsideAggregate, at: position)
        }
        guard part.type == .number else {
            throw ReportError(.valueMustBeNumber, ["type": part.type.argument], at: expression.position)
        }
        return part
    }

    private mutating func dimension(_ expression: Expression) throws(ReportError) -> FieldDefinition {
        guard case .field(let entity, let name, let position) = expression else {
            throw ReportError(.groupByCalculation, at: expression.position)
        }
        let field = try resolve(entity, name, at: position)
        joins.formUnion(field.joins)
        return field
    }

    /// Splits `a and b and c` so each condition can go where it belongs.
    static func conjuncts(_ expression: Expression) -> [Expression] {
        if case .binary("and", let left, let right, _) = expression { return conjuncts(left) + conjuncts(right) }
        return [expression]
    }

    private static func firstAggregateEntity(_ values: [Expression]) throws(ReportError) -> ReportEntity? {
        for value in values {
            if let entity = try firstAggregateEntity(value) { return entity }
        }
        return nil
    }

    private static func firstAggregateEntity(_ expression: Expression) throws(ReportError) -> ReportEntity? {
        switch expression {
        case .call(let function, let argument, _):
            if function == "count", case .field(nil, let name, _) = argument, let entity = ReportEntity(word: name) {
                return entity
            }
            return try fieldEntities(argument).min()
        case .unary(_, let inner, _): return try firstAggregateEntity(inner)
        case .binary(_, let left, let right, _):
            if let entity = try firstAggregateEntity(left) { return entity }
            return try firstAggregateEntity(right)
        default: return nil
        }
    }

    private static func fieldEntities(_ expression: Expression) throws(ReportError) -> [ReportEntity] {
        switch expression {
        case .field(let entity, _, _): return entity.flatMap(ReportEntity.init(word:)).map { [$0] } ?? [.catch]
        case .unary(_, let inner, _): return try fieldEntities(inner)
        case .binary(_, let left, let right, _): return try fieldEntities(left) + fieldEntities(right)
        default: return []
        }
    }

    // MARK: Expressions

    private mutating func bind(_ value: SQLiteValue) -> String {
        parameters.append(value)
        return "?\(parameters.count)"
    }

    private mutating func expression(_ expression: Expression, insideAggregate: Bool) throws(ReportError) -> Part {
        switch expression {
        case .number(let v, _):
            return Part(sql: bind(v == v.rounded() && abs(v) < 1e15 ? .integer(Int64(v)) : .real(v)), type: .number)
        case .text(let v, _): return Part(sql: bind(.text(v)), type: .text)
        case .boolean(let v, _): return Part(sql: v ? "1" : "0", type: .boolean)
        case .null: return Part(sql: "NULL", type: .number)
        case .field(let entity, let name, let position):
            let field = try resolve(entity, name, at: position)
            joins.formUnion(field.joins)
            return Part(
                sql: field.sql, type: field.type, entities: Set([field.entity] + field.requires),
                fieldOutsideAggregate: insideAggregate ? nil : position, unit: field.unit)
        case .call(let function, let argument, let position):
            return try aggregate(function, argument, at: position, insideAggregate: insideAggregate)
        case .unary(let op, let inner, let position):
            var part = try self.expression(inner, insideAggregate: insideAggregate)
            if op == "not" {
                guard part.type == .boolean else {
                    throw ReportError(.notNeedsCondition, ["type": part.type.argument], at: position)
                }
                part.sql = "NOT (\(part.sql))"
            } else {
                guard part.type == .number else {
                    throw ReportError(.minusNeedsNumber, ["type": part.type.argument], at: position)
                }
                part.sql = "-(\(part.sql))"
            }
            return part
        case .binary(let op, let left, let right, let position):
            return try binary(op, left, right, at: position, insideAggregate: insideAggregate)
        case .inList(let subject, let items, let negated, _):
            let s = try self.expression(subject, insideAggregate: insideAggregate)
            var list: [String] = []
            var merged = s
            for item in items {
                let p = try self.expression(item, insideAggregate: insideAggregate)
                guard p.type == s.type || p.sql == "NULL" else {
                    throw ReportError(
                        .inMixedTypes, ["type": s.type.argument, "other": p.type.argument], at: item.position)
                }
                merged = Self.merge(merged, p)
                list.append(p.sql)
            }
            let collate = s.type == .text ? " COLLATE NOCASE" : ""
            merged.sql = "(\(s.sql))\(collate) \(negated ? "NOT IN" : "IN") (\(list.joined(separator: ", ")))"
            merged.type = .boolean
            return merged
        case .isNull(let subject, let negated, _):
            var part = try self.expression(subject, insideAggregate: insideAggregate)
            part.sql = "(\(part.sql)) IS \(negated ? "NOT " : "")NULL"
            part.type = .boolean
            return part
        }
    }

    private mutating func binary(
        _ op: String, _ left: Expression, _ right: Expression, at position: Int, insideAggregate: Bool
    )
        throws(ReportError) -> Part
    {
        let l = try expression(left, insideAggregate: insideAggregate)
        let r = try expression(right, insideAggregate: insideAggregate)
        var part = Self.merge(l, r)
        switch op {
        case "and", "or":
            guard l.type == .boolean, r.type == .boolean else {
                throw ReportError(
                    .joinsConditions, ["operator": "\(op)", "type": (l.type == .boolean ? r.type : l.type).argument],
                    at: position)
            }
            part.sql = "(\(l.sql)) \(op.uppercased()) (\(r.sql))"
            part.type = .boolean
        case "+", "-", "*", "/":
            guard l.type == .number, r.type == .number else {
                throw ReportError(
                    .needsNumbers, ["operator": "\(op)", "type": (l.type == .number ? r.type : l.type).argument],
                    at: position)
            }
            part.sql = op == "/" ? "((\(l.sql)) * 1.0 / (\(r.sql)))" : "((\(l.sql)) \(op) (\(r.sql)))"
            part.type = .number
            part.unit = op == "+" || op == "-" ? (l.unit == r.unit ? l.unit : nil) : nil
        default:
            let comparable =
                l.type == r.type || l.sql == "NULL" || r.sql == "NULL" || (l.type != .text && r.type != .text)
            guard comparable else {
                throw ReportError(.cannotCompare, ["type": l.type.argument, "other": r.type.argument], at: position)
            }
            let collate = l.type == .text ? " COLLATE NOCASE" : ""
            part.sql = "(\(l.sql))\(collate) \(op) (\(r.sql))"
            part.type = .boolean
        }
        return part
    }

    private mutating func aggregate(_ function: String, _ argument: Expression, at position: Int, insideAggregate: Bool)
        throws(ReportError) -> Part
    {
        guard !insideAggregate else { throw ReportError(.nestedAggregate, at: position) }
        let known = ["count", "sum", "avg", "min", "max"]
        guard known.contains(function) else {
            let close = known.filter { FieldCatalog.editDistance($0, function) <= 2 }
            if let suggestion = close.first {
                throw ReportError(
                    .unknownFunctionDidYouMean, ["name": "\(function)", "suggestion": "\(suggestion)"], at: position)
            }
            throw ReportError(.unknownFunction, ["name": "\(function)"], at: position)
        }
        if function == "count" {
            guard case .field(nil, let name, _) = argument, let entity = ReportEntity(word: name) else {
                throw ReportError(.countTakesEntity, at: argument.position)
            }
            let sql = entity == .catch ? Self.catchCount : "count(DISTINCT \(entity.alias).id)"
            return Part(sql: sql, type: .number, entities: [entity], aggregates: [(function, entity)])
        }
        let inner = try expression(argument, insideAggregate: true)
        guard let entity = inner.entities.min() else {
            throw ReportError(.aggregateNeedsField, ["function": "\(function)"], at: argument.position)
        }
        guard inner.type == .number || (inner.type == .boolean && function != "min" && function != "max") else {
            throw ReportError(
                .aggregateNeedsNumber, ["function": "\(function)", "type": inner.type.argument], at: argument.position)
        }
        var part = inner
        part.sql = "\(function)(\(inner.sql))"
        part.type = .number
        part.aggregates = [(function, entity)]
        part.fieldOutsideAggregate = nil
        part.unit = inner.type == .boolean ? nil : inner.unit
        return part
    }

    private static func merge(_ a: Part, _ b: Part) -> Part {
        var part = a
        part.entities.formUnion(b.entities)
        part.aggregates += b.aggregates
        part.fieldOutsideAggregate = a.fieldOutsideAggregate ?? b.fieldOutsideAggregate
        return part
    }

    // MARK: Names

    private func resolve(_ entityWord: String?, _ name: String, at position: Int) throws(ReportError) -> FieldDefinition
    {
        let field: FieldDefinition?
        if let entityWord {
            guard let entity = ReportEntity(word: entityWord) else {
                throw ReportError(.notAnEntity, ["word": "\(entityWord)"], at: position)
            }
            field = FieldCatalog.field(name, of: entity)
            if field == nil {
                let own = FieldCatalog.fields(of: entity).map(\.name)
                let close = own.filter { FieldCatalog.editDistance($0, name) <= 2 }.prefix(2)
                if close.isEmpty {
                    throw ReportError(
                        .noSuchFieldOf,
                        ["entity": "\(entity.name)", "name": "\(name)", "fields": "\(own.joined(separator: ", "))"],
                        at: position)
                }
                throw ReportError(
                    .noSuchFieldOfDidYouMean,
                    ["entity": "\(entity.name)", "name": "\(name)", "suggestions": "\(Self.alternatives(close))"],
                    at: position)
            }
        } else {
            let order =
                ReportEntity.allCases.filter { $0 >= context }
                + ReportEntity.allCases.filter { $0 < context }.reversed()
            field = order.lazy.compactMap { FieldCatalog.field(name, of: $0) }.first
        }
        guard let field else {
            let suggestions = FieldCatalog.suggestions(for: name)
            if suggestions.isEmpty { throw ReportError(.unknownField, ["name": "\(name)"], at: position) }
            throw ReportError(
                .unknownFieldDidYouMean, ["name": "\(name)", "suggestions": "\(Self.alternatives(suggestions))"],
                at: position)
        }
        return field
    }

    /// Names offered instead of a misspelt one: `a` / `b`.
    private static func alternatives(_ names: some Sequence<String>) -> String {
        names.map { "`\($0)`" }.joined(separator: " / ")
    }
}

extension ValueType {
    /// The kind of value, as a message names it.
    var argument: ReportArgument {
        switch self {
        case .number: .phrase(.aNumber)
        case .text: .phrase(.aText)
        case .boolean: .phrase(.aCondition)
        }
    }
}

extension Expression {
    /// The expression written back in the language's canonical form, for column titles.
    var rendered: String {
        switch self {
        case .number(let v, _): v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
        case .text(let v, _): "'\(v.replacingOccurrences(of: "'", with: "''"))'"
        case .boolean(let v, _): v ? "true" : "false"
        case .null: "null"
        case .field(let entity, let name, _): entity.map { "\($0).\(name)" } ?? name
        case .call(let function, let argument, _): "\(function)(\(argument.rendered))"
        case .unary(let op, let inner, _): op == "not" ? "not \(inner.rendered)" : "-\(inner.rendered)"
        case .binary(let op, let left, let right, _): "\(left.renderedOperand) \(op) \(right.renderedOperand)"
        case .inList(let subject, let items, let negated, _):
            "\(subject.rendered) \(negated ? "not in" : "in") (\(items.map(\.rendered).joined(separator: ", ")))"
        case .isNull(let subject, let negated, _): "\(subject.rendered) is \(negated ? "not " : "")null"
        }
    }

    private var renderedOperand: String {
        if case .binary = self { "(\(rendered))" } else { rendered }
    }
}
