/// The Gauss coefficients of a spherical-harmonic model, stored by degree n and order m at
/// index n(n+1)/2 + m: main field g, h (nT) at the epoch and secular variation ġ, ḣ (nT/year).
struct GaussCoefficients: Sendable {
    let maxDegree: Int
    var g: [Double]
    var h: [Double]
    var gDot: [Double]
    var hDot: [Double]

    static func index(_ n: Int, _ m: Int) -> Int { n * (n + 1) / 2 + m }

    init(maxDegree: Int) {
        self.maxDegree = maxDegree
        let count = Self.index(maxDegree, maxDegree) + 1
        g = Array(repeating: 0, count: count)
        h = g
        gDot = g
        hDot = g
    }
}

/// A parsed `WMM.COF` file: a header line "epoch name release-date", one line
/// "n m g h ġ ḣ" per coefficient, and an optional terminator line of nines.
struct CoefficientFile: Sendable {
    /// The highest degree a WMM coefficient file may carry.
    static let degreeLimit = 12

    let epoch: Double
    let name: String
    let releaseDate: String
    let coefficients: GaussCoefficients

    init(text: String) throws(GeomagnetismError) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .enumerated()
            .map { (number: $0.offset + 1, fields: $0.element.split(whereSeparator: \.isWhitespace)) }
            .filter { !$0.fields.isEmpty }
        guard let header = lines.first else {
            throw .malformedCoefficients(line: nil, reason: "the text is empty")
        }
        guard header.fields.count == 3, let epoch = Double(header.fields[0]), epoch.isFinite else {
            throw .malformedCoefficients(
                line: header.number,
                reason:
                    "expected a header \"epoch model-name release-date\", found \"\(header.fields.joined(separator: " "))\""
            )
        }

        var rows: [(n: Int, m: Int, values: [Double])] = []
        var seen = Set<Int>()
        for line in lines.dropFirst() {
            if line.fields.count == 1, line.fields[0].allSatisfy({ $0 == "9" }) { break }
            let row = try Self.coefficientRow(line.fields, line: line.number)
            guard seen.insert(GaussCoefficients.index(row.n, row.m)).inserted else {
                throw .malformedCoefficients(
                    line: line.number, reason: "coefficient n=\(row.n) m=\(row.m) appears twice")
            }
            rows.append(row)
        }
        guard let maxDegree = rows.map(\.n).max() else {
            throw .malformedCoefficients(line: nil, reason: "no coefficient lines after the header")
        }
        for n in 1...maxDegree {
            for m in 0...n where !seen.contains(GaussCoefficients.index(n, m)) {
                throw .malformedCoefficients(
                    line: nil, reason: "coefficient n=\(n) m=\(m) is missing (degree \(maxDegree) needs every order)")
            }
        }

        var coefficients = GaussCoefficients(maxDegree: maxDegree)
        for row in rows {
            let k = GaussCoefficients.index(row.n, row.m)
            coefficients.g[k] = row.values[0]
            coefficients.h[k] = row.values[1]
            coefficients.gDot[k] = row.values[2]
            coefficients.hDot[k] = row.values[3]
        }
        self.epoch = epoch
        self.name = String(header.fields[1])
        self.releaseDate = String(header.fields[2])
        self.coefficients = coefficients
    }

    private static func coefficientRow(_ fields: [Substring], line: Int) throws(GeomagnetismError) -> (
        n: Int, m: Int, values: [Double]
    ) {
        guard fields.count == 6 else {
            throw .malformedCoefficients(
                line: line, reason: "expected 6 fields \"n m g h gdot hdot\", found \(fields.count)")
        }
        guard let n = Int(fields[0]), let m = Int(fields[1]) else {
            throw .malformedCoefficients(
                line: line, reason: "degree and order must be integers, found \"\(fields[0])\" and \"\(fields[1])\"")
        }
        guard (1...degreeLimit).contains(n), (0...n).contains(m) else {
            throw .malformedCoefficients(
                line: line, reason: "n=\(n) m=\(m) is not a valid degree 1…\(degreeLimit) and order 0…n")
        }
        var values: [Double] = []
        for field in fields[2...] {
            guard let value = Double(field), value.isFinite else {
                throw .malformedCoefficients(line: line, reason: "\"\(field)\" is not a finite number")
            }
            values.append(value)
        }
        return (n, m, values)
    }
}
