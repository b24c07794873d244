// A row of the simplex tableau: `constant + Σ coefficient × symbol`, its terms sorted by symbol.
//
// Sorted arrays rather than dictionaries: rows are short (a layout constraint names two to six
// variables), merging two sorted rows is one linear pass with no hashing, and the order of the
// terms never depends on Swift's per-process hash seed, so the solver picks the same pivots in
// every run (DESIGN.md, Determinism).

/// A symbol of the tableau: a variable the caller named, or one the solver made (a slack, an
/// error or a dummy); an index into the solver's arrays.
package struct LinearSymbol: Hashable, Comparable, Sendable {
    package let index: Int32
    package static func < (lhs: LinearSymbol, rhs: LinearSymbol) -> Bool { lhs.index < rhs.index }
}

/// What a symbol stands for, which decides how the simplex may move it.
enum SymbolKind: UInt8 {
    /// A variable of the caller's (a view's x, y, width or height): unrestricted in sign.
    case external
    /// The slack of an inequality: ≥ 0.
    case slack
    /// The error of an optional constraint: ≥ 0, and priced in the objective.
    case error
    /// The marker of a required equality: always 0, never enters the basis.
    case dummy
}

/// Coefficients this close to zero are zero: the tableau's arithmetic leaves such residues.
let nearZero = 1e-9

struct LinearRow {
    struct Term {
        var symbol: LinearSymbol
        var coefficient: Double
    }

    var constant: Double
    private(set) var terms: [Term]

    init(constant: Double = 0, terms: [Term] = []) {
        self.constant = constant
        self.terms = terms
    }

    private func position(of symbol: LinearSymbol) -> (found: Bool, index: Int) {
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if terms[middle].symbol < symbol { low = middle + 1 } else { high = middle }
        }
        return (low < terms.count && terms[low].symbol == symbol, low)
    }

    func coefficient(of symbol: LinearSymbol) -> Double {
        let (found, index) = position(of: symbol)
        return found ? terms[index].coefficient : 0
    }

    /// Adds `coefficient × symbol`; a term that cancels out is removed.
    mutating func add(_ coefficient: Double, _ symbol: LinearSymbol) {
        let (found, index) = position(of: symbol)
        if found {
            let sum = terms[index].coefficient + coefficient
            if abs(sum) < nearZero { terms.remove(at: index) } else { terms[index].coefficient = sum }
        } else if abs(coefficient) >= nearZero {
            terms.insert(Term(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Adds `factor × other`: one merge of the two sorted term lists.
    mutating func add(_ other: LinearRow, times factor: Double) {
        constant += other.constant * factor
        guard !other.terms.isEmpty else { return }
        if other.terms.count == 1 {
            add(other.terms[0].coefficient * factor, other.terms[0].symbol)
            return
        }
        var merged: [Term] = []
        merged.reserveCapacity(terms.count + other.terms.count)
        var i = 0, j = 0
        while i < terms.count || j < other.terms.count {
            if j == other.terms.count || (i < terms.count && terms[i].symbol < other.terms[j].symbol) {
                merged.append(terms[i])
                i += 1
            } else if i == terms.count || other.terms[j].symbol < terms[i].symbol {
                let coefficient = other.terms[j].coefficient * factor
                if abs(coefficient) >= nearZero { merged.append(Term(symbol: other.terms[j].symbol, coefficient: coefficient)) }
                j += 1
            } else {
                let sum = terms[i].coefficient + other.terms[j].coefficient * factor
                if abs(sum) >= nearZero { merged.append(Term(symbol: terms[i].symbol, coefficient: sum)) }
                i += 1
                j += 1
            }
        }
        terms = merged
    }

    mutating func remove(_ symbol: LinearSymbol) {
        let (found, index) = position(of: symbol)
        if found { terms.remove(at: index) }
    }

    mutating func scale(by factor: Double) {
        constant *= factor
        for index in terms.indices { terms[index].coefficient *= factor }
    }

    /// Rewrites `0 = self` as `symbol = …`: the row no longer holds `symbol`.
    mutating func solve(for symbol: LinearSymbol) {
        let coefficient = self.coefficient(of: symbol)
        remove(symbol)
        scale(by: -1 / coefficient)
    }

    /// Rewrites `basic = self` as `entering = …` (a pivot on this row).
    mutating func solve(for basic: LinearSymbol, entering: LinearSymbol) {
        add(-1, basic)
        solve(for: entering)
    }

    /// Replaces `symbol` by the expression `row` stands for.
    mutating func substitute(_ symbol: LinearSymbol, with row: LinearRow) {
        let (found, index) = position(of: symbol)
        guard found else { return }
        let coefficient = terms[index].coefficient
        terms.remove(at: index)
        add(row, times: coefficient)
    }
}
