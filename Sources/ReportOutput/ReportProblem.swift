/// Every way a formula can be refused (T18), one case per message. The English text is here;
/// the app's String Catalog holds `report.<case>` in English and Russian with the same
/// `{placeholders}` (a test compares them).
public enum ReportProblem: String, Sendable, CaseIterable {
    // Reading the text.
    case tooLong, notAName, badNumber, unclosedText, unexpectedCharacter
    // The shape of the formula.
    case empty, expected, tooManyDimensions, orderNeedsDirection, topNeedsCount, unexpectedContinuation
    case byNeedsField, groupByCalculation, nestsTooDeeply, notWithoutIn, isNeedsNull, fieldNameAfterDot
    case expectedOperand
    // What it means.
    case aggregateInWhere, whereNeedsCondition, aggregateAcrossLevels, valueMustAggregate
    case fieldOutsideAggregate, valueMustBeNumber, notNeedsCondition, minusNeedsNumber, inMixedTypes
    case joinsConditions, needsNumbers, cannotCompare, nestedAggregate, unknownFunction
    case unknownFunctionDidYouMean, countTakesEntity, aggregateNeedsField, aggregateNeedsNumber, notAnEntity
    case noSuchFieldOf, noSuchFieldOfDidYouMean, unknownField, unknownFieldDidYouMean
    // Running it.
    case couldNotRun

    public var english: String {
        switch self {
        case .tooLong:
            "the formula is {length} characters ({bytes} bytes) long; at most {maximum} characters and {maximumBytes} bytes are allowed"
        case .notAName: "`{word}` is not a field, function or keyword; names use Latin letters, digits and _"
        case .badNumber: "`{text}` is not a usable number"
        case .unclosedText: "this text is not closed with {quote}"
        case .unexpectedCharacter: "unexpected character `{character}`"
        case .empty: "the formula is empty; try `count(catch) by species`"
        case .expected: "expected `{symbol}` {purpose}, found {found}"
        case .tooManyDimensions: "group by at most two dimensions"
        case .orderNeedsDirection: "`order` is followed by asc or desc"
        case .topNeedsCount: "`top` is followed by a whole number from 1 to 10000"
        case .unexpectedContinuation: "unexpected {found}; the formula continues only with by, where, order or top"
        case .byNeedsField: "`by` is followed by a field such as species, month or spot, found {found}"
        case .groupByCalculation: "group by a field (species, month, spot, …), not a calculation"
        case .nestsTooDeeply: "the formula nests too deeply"
        case .notWithoutIn: "`not` here must be followed by `in`"
        case .isNeedsNull: "`is` must be followed by null or not null"
        case .fieldNameAfterDot: "expected a field name after `{name}.`"
        case .expectedOperand: "expected a number, a field, an aggregate or `(`, found {found}"
        case .aggregateInWhere: "`where` filters records; aggregates belong before `by`"
        case .whereNeedsCondition: "`where` needs a condition such as year = 2026, not {type}"
        case .aggregateAcrossLevels:
            "{function} over {entity} fields can't be combined with {finer} fields: each {entity} would count once per {finer}; report it on its own"
        case .valueMustAggregate: "the value must aggregate records, such as count(catch) or sum(catch.weight_kg)"
        case .fieldOutsideAggregate: "a field outside an aggregate has many values per group; wrap it, e.g. avg(…)"
        case .valueMustBeNumber: "the value must be a number, not {type}"
        case .notNeedsCondition: "`not` needs a condition, not {type}"
        case .minusNeedsNumber: "`-` needs a number, not {type}"
        case .inMixedTypes: "`in` compares values of one kind: the first is {type}, this one is {other}"
        case .joinsConditions: "`{operator}` joins conditions, not {type}"
        case .needsNumbers: "`{operator}` needs numbers on both sides, not {type}"
        case .cannotCompare: "can't compare {type} with {other}"
        case .nestedAggregate: "aggregates can't be nested"
        case .unknownFunction: "unknown function `{name}`; use count, sum, avg, min or max"
        case .unknownFunctionDidYouMean: "unknown function `{name}`; did you mean `{suggestion}`?"
        case .countTakesEntity: "count takes what to count: count(catch), count(trip) or count(spot)"
        case .aggregateNeedsField: "{function} needs a field, such as {function}(catch.weight_kg)"
        case .aggregateNeedsNumber: "{function} needs a number, not {type}"
        case .notAnEntity: "`{word}` is not catch, trip or spot"
        case .noSuchFieldOf: "{entity} has no field `{name}`; its fields: {fields}"
        case .noSuchFieldOfDidYouMean: "{entity} has no field `{name}`; did you mean {suggestions}?"
        case .unknownField: "unknown field `{name}`"
        case .unknownFieldDidYouMean: "unknown field `{name}`; did you mean {suggestions}?"
        case .couldNotRun: "the report could not run: {reason}"
        }
    }

    /// The `{name}`s a message fills.
    public static func placeholders(in template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Fills `{name}` placeholders.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        values.reduce(template) { text, value in text.replacingOccurrences(of: "{\(value.key)}", with: value.value) }
    }
}

/// The words a message fills in that are not the angler's own text: kinds of value, parts of a
/// formula, what a bracket is for. The app translates them as `report.phrase.<case>`.
public enum ReportPhrase: String, Sendable, CaseIterable {
    case aNumber, aText, aCondition
    case endOfFormula
    case afterIn, toCloseList, toCloseFunction, toCloseParenthesis

    public var english: String {
        switch self {
        case .aNumber: "a number"
        case .aText: "a text"
        case .aCondition: "a condition"
        case .endOfFormula: "the end of the formula"
        case .afterIn: "after in"
        case .toCloseList: "to close the list"
        case .toCloseFunction: "to close the function's brackets"
        case .toCloseParenthesis: "to close the parenthesis"
        }
    }
}
