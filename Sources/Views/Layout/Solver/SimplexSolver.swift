// An incremental simplex solver for linear equalities and inequalities with strengths: the
// Cassowary algorithm of G. J. Badros, A. Borning and P. J. Stuckey, "The Cassowary Linear
// Arithmetic Constraint Solving Algorithm", ACM Transactions on Computer-Human Interaction 8(4),
// 2001, pp. 267–306, the algorithm UIKit's Auto Layout engine descends from.
//
// The tableau keeps every basic symbol as a row over the parametric (non-basic) symbols, in
// "augmented simplex form" (section 3 of the paper): external variables are unrestricted, slack
// and error symbols are ≥ 0, and dummies mark required equalities. The objective is the weighted
// sum of the errors of the optional constraints, minimised with the primal simplex (section 4.1)
// whenever a constraint is added or removed, and re-optimised with the dual simplex (section 4.3)
// when only constants change: an edit of the paper's kind, which keeps the basis optimal and
// repairs only the rows whose restricted symbols went negative. Adding a constraint that no
// variable can be solved for goes through an artificial variable (section 4.2); a required
// constraint the others contradict is refused and the tableau is left as it was.
//
// Strengths are weights, not the paper's lexicographic symbolic weights: UIKit's priorities run
// 1…999 for optional constraints, and a layout's errors are points of the same scale, so a
// constraint of priority 751 wins over one of 750 the way UIKit's does. Pivoting follows Bland's
// rule (the lowest symbol among candidates enters, the lowest ties leave), so the solver never
// cycles and picks the same pivots in every run.
//
// Rejected: a dense tableau (a screen has a few thousand symbols but each row names a handful:
// dense rows would cost megabytes and most of the time in zeros), and dictionaries for rows
// (hashing costs more than merging sorted rows, and their order depends on the hash seed).

/// A constraint in the solver, for removing it or changing its constant.
package struct LinearConstraintHandle: Hashable, Sendable {
    let index: Int32
}

/// How a constraint relates its expression to zero.
package enum LinearRelation: Sendable {
    case lessThanOrEqual, equal, greaterThanOrEqual
}

/// An affine expression over the caller's variables: `constant + Σ coefficient × variable`.
package struct LinearExpression: Equatable, Sendable {
    package var constant: Double
    /// Sorted by variable, no zero coefficients, no variable twice.
    package private(set) var terms: [(variable: LinearSymbol, coefficient: Double)]

    package init(constant: Double = 0) {
        self.constant = constant
        terms = []
    }

    package init(_ variable: LinearSymbol, times coefficient: Double = 1, plus constant: Double = 0) {
        self.constant = constant
        terms = coefficient == 0 ? [] : [(variable, coefficient)]
    }

    package mutating func add(_ coefficient: Double, _ variable: LinearSymbol) {
        guard coefficient != 0 else { return }
        if let index = terms.firstIndex(where: { $0.variable == variable }) {
            terms[index].coefficient += coefficient
            if terms[index].coefficient == 0 { terms.remove(at: index) }
        } else {
            let index = terms.firstIndex { variable < $0.variable } ?? terms.count
            terms.insert((variable, coefficient), at: index)
        }
    }

    package mutating func add(_ other: LinearExpression, times factor: Double = 1) {
        constant += other.constant * factor
        for term in other.terms { add(term.coefficient * factor, term.variable) }
    }

    /// Whether the two expressions name the same variables with the same coefficients (their
    /// constants aside): such a constraint can be edited in place.
    package func hasSameTerms(as other: LinearExpression) -> Bool {
        terms.count == other.terms.count
            && zip(terms, other.terms).allSatisfy { $0.variable == $1.variable && $0.coefficient == $1.coefficient }
    }

    package static func == (lhs: LinearExpression, rhs: LinearExpression) -> Bool {
        lhs.constant == rhs.constant && lhs.hasSameTerms(as: rhs)
    }
}

/// Why a required constraint was refused: the constraints it contradicts (as far as the row
/// that failed names them), the refused one last.
package struct LinearConflict: Error, Sendable {
    package var constraints: [LinearConstraintHandle]
}

package struct SimplexSolver {
    /// The strength of a required constraint: it must hold, and is never traded.
    package static let required = Double.infinity

    private struct ConstraintRecord {
        var expression: LinearExpression
        var relation: LinearRelation
        var strength: Double
        /// The symbol added for this constraint that the paper calls its marker (slack, error or
        /// dummy), and for an optional equality the second error.
        var marker: LinearSymbol
        var other: LinearSymbol?
        /// The marker's coefficient in the constraint's own row, `expression + k × marker (+ …) = 0`:
        /// changing the constant by δ is the substitution marker → marker + δ / k.
        var markerCoefficient: Double
        var isLive: Bool
    }

    private var kinds: [SymbolKind] = []
    /// For each symbol, the slot of its row in `rows` when it is basic, else -1.
    private var rowSlot: [Int32] = []
    private var rows: [LinearRow] = []
    private var basicSymbols: [LinearSymbol] = []
    private var objective = LinearRow()
    /// The phase-one objective while a constraint is added through an artificial variable.
    private var artificial: LinearRow?
    private var records: [ConstraintRecord] = []
    /// Records whose constraint was removed, to reuse.
    private var freeRecords: [Int32] = []
    /// The restricted basic symbols whose rows went negative after an edit.
    private var infeasible: [LinearSymbol] = []
    /// For each marker symbol, the constraint it marks (for explaining conflicts), else -1.
    private var constraintOfMarker: [Int32] = []

    package init() {}

    // MARK: Variables and values

    /// A new unrestricted variable, 0 until constraints say otherwise.
    package mutating func makeVariable() -> LinearSymbol { makeSymbol(.external) }

    private mutating func makeSymbol(_ kind: SymbolKind) -> LinearSymbol {
        kinds.append(kind)
        rowSlot.append(-1)
        constraintOfMarker.append(-1)
        return LinearSymbol(index: Int32(kinds.count - 1))
    }

    package var symbolCount: Int { kinds.count }
    package var rowCount: Int { rows.count }

    /// The variable's value in the current solution: its row's constant when basic, else 0.
    package func value(of variable: LinearSymbol) -> Double {
        let slot = rowSlot[Int(variable.index)]
        return slot >= 0 ? rows[Int(slot)].constant : 0
    }

    private func row(of symbol: LinearSymbol) -> LinearRow? {
        let slot = rowSlot[Int(symbol.index)]
        return slot >= 0 ? rows[Int(slot)] : nil
    }

    private mutating func insertRow(_ row: LinearRow, for symbol: LinearSymbol) {
        rowSlot[Int(symbol.index)] = Int32(rows.count)
        rows.append(row)
        basicSymbols.append(symbol)
    }

    @discardableResult
    private mutating func removeRow(of symbol: LinearSymbol) -> LinearRow? {
        let slot = Int(rowSlot[Int(symbol.index)])
        guard slot >= 0 else { return nil }
        let row = rows[slot]
        let last = rows.count - 1
        if slot != last {
            rows[slot] = rows[last]
            basicSymbols[slot] = basicSymbols[last]
            rowSlot[Int(basicSymbols[slot].index)] = Int32(slot)
        }
        rows.removeLast()
        basicSymbols.removeLast()
        rowSlot[Int(symbol.index)] = -1
        return row
    }

    // MARK: Adding and removing constraints

    /// Adds `expression (relation) 0` at `strength` (`required`, or a positive weight) and
    /// re-optimises. A required constraint that contradicts the required ones already there is
    /// refused with the constraints it meets; the solver is then as it was.
    package mutating func add(_ expression: LinearExpression, _ relation: LinearRelation, strength: Double) throws(LinearConflict)
        -> LinearConstraintHandle {
        let isRequired = strength == Self.required
        var row = LinearRow(constant: expression.constant)
        for term in expression.terms {
            if let basic = self.row(of: term.variable) {
                row.add(basic, times: term.coefficient)
            } else {
                row.add(term.coefficient, term.variable)
            }
        }
        let marker: LinearSymbol, markerCoefficient: Double
        var other: LinearSymbol?
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // e ≤ 0 is e + s = 0, e ≥ 0 is e − s = 0, s ≥ 0.
            markerCoefficient = relation == .lessThanOrEqual ? 1 : -1
            marker = makeSymbol(.slack)
            row.add(markerCoefficient, marker)
            if !isRequired {
                // The error lets the slack go negative, at a price.
                let error = makeSymbol(.error)
                other = error
                row.add(-markerCoefficient, error)
                objective.add(strength, error)
            }
        case .equal:
            if isRequired {
                markerCoefficient = 1
                marker = makeSymbol(.dummy)
                row.add(1, marker)
            } else {
                // e = e⁺ − e⁻, both ≥ 0 and priced.
                markerCoefficient = -1
                marker = makeSymbol(.error)
                let minus = makeSymbol(.error)
                other = minus
                row.add(-1, marker)
                row.add(1, minus)
                objective.add(strength, marker)
                objective.add(strength, minus)
            }
        }
        let record = ConstraintRecord(expression: expression, relation: relation, strength: strength, marker: marker, other: other,
                                      markerCoefficient: markerCoefficient, isLive: true)
        let handle: LinearConstraintHandle
        if let reused = freeRecords.popLast() {
            records[Int(reused)] = record
            handle = LinearConstraintHandle(index: reused)
        } else {
            records.append(record)
            handle = LinearConstraintHandle(index: Int32(records.count - 1))
        }
        constraintOfMarker[Int(marker.index)] = handle.index
        if let other { constraintOfMarker[Int(other.index)] = handle.index }

        if row.constant < 0 { row.scale(by: -1) }
        if let subject = chooseSubject(row, marker: marker, other: other) {
            row.solve(for: subject)
            substitute(subject, with: row)
            insertRow(row, for: subject)
        } else if row.terms.allSatisfy({ kinds[Int($0.symbol.index)] == .dummy }) {
            // Only required equalities' markers: the constraint repeats them, or contradicts them.
            guard abs(row.constant) < 1e-7 else {
                let conflict = explain(row, adding: handle)
                discardRecord(handle)
                throw conflict
            }
            row.solve(for: marker)
            substitute(marker, with: row)
            insertRow(row, for: marker)
        } else {
            let saved = self
            if !addWithArtificialVariable(row) {
                // Only a required constraint can fail here: an optional one always has its error.
                let conflict = saved.explain(row, adding: handle)
                self = saved
                discardRecord(handle)
                throw conflict
            }
        }
        optimise()
        return handle
    }

    private mutating func discardRecord(_ handle: LinearConstraintHandle) {
        let record = records[Int(handle.index)]
        objective.remove(record.marker)
        if let other = record.other { objective.remove(other) }
        records[Int(handle.index)].isLive = false
        freeRecords.append(handle.index)
    }

    /// The constraints whose markers the failing row combines, then the refused one.
    private func explain(_ row: LinearRow, adding handle: LinearConstraintHandle) -> LinearConflict {
        var handles: [LinearConstraintHandle] = []
        for term in row.terms {
            let owner = constraintOfMarker[Int(term.symbol.index)]
            if owner >= 0, owner != handle.index, records[Int(owner)].isLive, records[Int(owner)].strength == Self.required,
               !handles.contains(LinearConstraintHandle(index: owner)) {
                handles.append(LinearConstraintHandle(index: owner))
            }
        }
        return LinearConflict(constraints: handles + [handle])
    }

    /// The symbol to solve a new row for (section 4.2): an external variable if the row has one,
    /// else the constraint's own slack or error when its coefficient is negative (so that it can
    /// take the row's non-negative constant).
    private func chooseSubject(_ row: LinearRow, marker: LinearSymbol, other: LinearSymbol?) -> LinearSymbol? {
        if let external = row.terms.first(where: { kinds[Int($0.symbol.index)] == .external }) { return external.symbol }
        for candidate in [marker, other].compactMap({ $0 }) where kinds[Int(candidate.index)] != .dummy {
            if row.coefficient(of: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// Phase one: minimises an artificial variable that stands for the row; the row holds iff
    /// it reaches zero.
    private mutating func addWithArtificialVariable(_ row: LinearRow) -> Bool {
        let art = makeSymbol(.slack)
        insertRow(row, for: art)
        artificial = row
        optimise(artificialPhase: true)
        let success = abs(artificial?.constant ?? 0) < 1e-7
        artificial = nil
        if var basic = self.row(of: art) {
            removeRow(of: art)
            if basic.terms.isEmpty { return success }
            guard let entering = basic.terms.first(where: { [.slack, .error].contains(kinds[Int($0.symbol.index)]) })?.symbol else {
                return false
            }
            basic.solve(for: art, entering: entering)
            substitute(entering, with: basic)
            insertRow(basic, for: entering)
        }
        for slot in rows.indices { rows[slot].remove(art) }
        objective.remove(art)
        return success
    }

    /// Removes a constraint and re-optimises.
    package mutating func remove(_ handle: LinearConstraintHandle) {
        let record = records[Int(handle.index)]
        guard record.isLive else { return }
        // The errors leave the objective first, as their rows are about to go.
        for error in [record.marker, record.other].compactMap({ $0 }) where kinds[Int(error.index)] == .error {
            if let row = self.row(of: error) {
                objective.add(row, times: -record.strength)
            } else {
                objective.add(-record.strength, error)
            }
        }
        if removeRow(of: record.marker) == nil {
            // Pivot the marker into the basis, then drop its row.
            guard let leaving = markerLeavingRow(record.marker) else { return finishRemoval(handle) }
            var row = removeRow(of: leaving)!
            row.solve(for: leaving, entering: record.marker)
            substitute(record.marker, with: row)
        }
        finishRemoval(handle)
        optimise()
    }

    private mutating func finishRemoval(_ handle: LinearConstraintHandle) {
        let record = records[Int(handle.index)]
        for symbol in [record.marker, record.other].compactMap({ $0 }) {
            constraintOfMarker[Int(symbol.index)] = -1
        }
        records[Int(handle.index)].isLive = false
        freeRecords.append(handle.index)
    }

    /// The row to pivot a constraint's marker in on (the paper's rule for removal): among rows
    /// where it has a negative coefficient the restricted one with the smallest ratio, else among
    /// positive ones, else any row holding it.
    private func markerLeavingRow(_ marker: LinearSymbol) -> LinearSymbol? {
        var first: (ratio: Double, symbol: LinearSymbol)?, second: (ratio: Double, symbol: LinearSymbol)?
        var third: LinearSymbol?
        for (slot, row) in rows.enumerated() {
            let coefficient = row.coefficient(of: marker)
            guard coefficient != 0 else { continue }
            let symbol = basicSymbols[slot]
            if kinds[Int(symbol.index)] == .external {
                if third == nil || symbol < third! { third = symbol }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first == nil || ratio < first!.ratio || (ratio == first!.ratio && symbol < first!.symbol) { first = (ratio, symbol) }
            } else {
                let ratio = row.constant / coefficient
                if second == nil || ratio < second!.ratio || (ratio == second!.ratio && symbol < second!.symbol) { second = (ratio, symbol) }
            }
        }
        return first?.symbol ?? second?.symbol ?? third
    }

    // MARK: Edits

    /// Changes the constant of a constraint's expression and re-optimises with the dual simplex.
    /// False when the change makes the required constraints contradict each other (the solver
    /// is then unusable: rebuild it).
    package mutating func setConstant(_ constant: Double, of handle: LinearConstraintHandle) -> Bool {
        let record = records[Int(handle.index)]
        let delta = constant - record.expression.constant
        guard delta != 0 else { return true }
        records[Int(handle.index)].expression.constant = constant
        let shift = delta / record.markerCoefficient
        if let slot = Optional(rowSlot[Int(record.marker.index)]), slot >= 0 {
            // A basic dummy marks a repeated required equality: a new constant contradicts it.
            if kinds[Int(record.marker.index)] == .dummy { return false }
            rows[Int(slot)].constant -= shift
            if rows[Int(slot)].constant < 0 { infeasible.append(record.marker) }
        } else {
            for slot in rows.indices {
                let coefficient = rows[slot].coefficient(of: record.marker)
                guard coefficient != 0 else { continue }
                rows[slot].constant += coefficient * shift
                let symbol = basicSymbols[slot]
                if rows[slot].constant < 0, kinds[Int(symbol.index)] != .external { infeasible.append(symbol) }
            }
            objective.constant += objective.coefficient(of: record.marker) * shift
        }
        return dualOptimise()
    }

    /// The dual simplex: pivots negative restricted rows back to feasibility while keeping the
    /// objective optimal.
    private mutating func dualOptimise() -> Bool {
        while !infeasible.isEmpty {
            let leaving = infeasible.removeFirst()
            guard let row = self.row(of: leaving), row.constant < 0 else { continue }
            var entering: LinearSymbol?, best = Double.infinity
            for term in row.terms where term.coefficient > 0 && kinds[Int(term.symbol.index)] != .dummy {
                let ratio = objective.coefficient(of: term.symbol) / term.coefficient
                if ratio < best || (ratio == best && term.symbol < entering!) {
                    best = ratio
                    entering = term.symbol
                }
            }
            guard let entering else {
                infeasible.removeAll()
                return false
            }
            var pivot = removeRow(of: leaving)!
            pivot.solve(for: leaving, entering: entering)
            substitute(entering, with: pivot)
            insertRow(pivot, for: entering)
        }
        return true
    }

    // MARK: Simplex

    /// Replaces `symbol` by `row` everywhere: the rows, the objective, the artificial objective.
    private mutating func substitute(_ symbol: LinearSymbol, with row: LinearRow) {
        for slot in rows.indices {
            guard rows[slot].coefficient(of: symbol) != 0 else { continue }
            rows[slot].substitute(symbol, with: row)
            let basic = basicSymbols[slot]
            if kinds[Int(basic.index)] != .external, rows[slot].constant < 0 { infeasible.append(basic) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// The primal simplex on the objective (or the artificial one): pivots while some symbol
    /// would lower it.
    private mutating func optimise(artificialPhase: Bool = false) {
        while true {
            let goal = artificialPhase ? (artificial ?? objective) : objective
            // Bland's rule: the lowest symbol with a negative coefficient enters.
            guard let entering = goal.terms.first(where: { $0.coefficient < -nearZero && kinds[Int($0.symbol.index)] != .dummy })?.symbol
            else { return }
            var leaving: LinearSymbol?, best = Double.infinity
            for (slot, row) in rows.enumerated() {
                let symbol = basicSymbols[slot]
                guard kinds[Int(symbol.index)] != .external else { continue }
                let coefficient = row.coefficient(of: entering)
                guard coefficient < 0 else { continue }
                let ratio = -row.constant / coefficient
                if ratio < best || (ratio == best && symbol < leaving!) {
                    best = ratio
                    leaving = symbol
                }
            }
            // Unbounded: nothing restricts the entering symbol (cannot happen with priced errors).
            guard let leaving else { return }
            var row = removeRow(of: leaving)!
            row.solve(for: leaving, entering: entering)
            substitute(entering, with: row)
            insertRow(row, for: entering)
        }
    }
}
