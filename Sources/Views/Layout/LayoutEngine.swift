import Vocabulary
import Foundation

// The Auto Layout engine: UIKit's constraints turned into a `SimplexSolver`, one engine per
// island of views.
//
// An island is a view whose frame is not laid out by constraints (its
// `translatesAutoresizingMaskIntoConstraints` is true, or it has no superview) and every view
// below it that is, down to the next view that is not. UIKit turns the frame of a view that
// translates its mask into required constraints; its subtree can then be solved apart, with the
// view's size as an input: that is what an island is, and it lets a cell or a scroll view's
// content be solved without the rest of the window. The engine is kept on the island's root and
// updated in place between passes: each pass compares the constraints the island holds now with
// what the solver holds, removes what went, adds what came, and changes constants in place (a
// width that changed, an intrinsic size that changed), which the solver re-optimises with the
// dual simplex.
//
// Every view laid out by constraints has four variables, its frame in its superview's bounds
// coordinates, origin as if the superview's bounds origin were zero (so that a scroll view's
// content is pinned to its content area, as in UIKit). What the island solves for:
// - the active constraints that name a view (or a layout guide) of the island, each at its
//   priority (1000 required, below that optional: errors weighted by the priority);
// - intrinsic content size as two optional inequalities per dimension: hugging (size ≤ intrinsic)
//   at `contentHuggingPriority`, compression resistance (size ≥ intrinsic) at
//   `contentCompressionResistancePriority`; among equal priorities the earlier view gives way
//   first (a stack view's "index in arrangedSubviews" rule);
// - the root's size, required (or, when measuring with `systemLayoutSizeFitting`, at the fitting
//   priorities);
// - a stay on each variable at the current frame, far below any priority UIKit allows, so that
//   what the constraints leave open (an ambiguous layout) keeps its place instead of jumping.
//
// Items outside the island (a view of another island, a view that translates its mask) are read
// as they stand, as constants. A multi-line label is measured twice: at its natural width, then
// at the width the first solve gave it (UIKit's automatic `preferredMaxLayoutWidth`).

/// The engine of one island; see the note above.
@MainActor
package final class LayoutEngine {
    /// How the root's size is held.
    enum RootSize {
        /// At its current bounds, required (a layout pass).
        case current
        /// At a target, each dimension at its priority (`systemLayoutSizeFitting`).
        case fitting(CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)
    }

    /// Bumped by every `setNeedsLayout()`: a view below the root that lays out again re-reads
    /// the island only if something changed since the last solve.
    static var mutations = 0

    /// Where unsatisfiable constraints are reported; standard error, as UIKit logs them.
    package static var log: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }

    private weak var root: UIView?
    private let rootSize: RootSize
    private var solver = SimplexSolver()

    /// The four variables of a view or a guide that constraints lay out.
    struct Frame {
        weak var item: AnyObject?
        var x, y, width, height: LinearSymbol
    }
    private var frames: [ObjectIdentifier: Frame] = [:]
    private var rootWidth: LinearSymbol, rootHeight: LinearSymbol

    /// What a constraint in the solver stands for.
    enum Key: Hashable {
        case user(ObjectIdentifier)
        case hugging(ObjectIdentifier, vertical: Bool)
        case compression(ObjectIdentifier, vertical: Bool)
        case stay(ObjectIdentifier, component: Int)
        case autoresizing(ObjectIdentifier, component: Int)
        case rootSize(vertical: Bool)
    }

    struct Wanted {
        var key: Key
        var expression: LinearExpression
        var relation: LinearRelation
        var strength: Double
        var constraint: NSLayoutConstraint?
    }

    struct Entry {
        var handle: LinearConstraintHandle?
        var wanted: Wanted
        /// For a user constraint: the object, so that an identifier reused by a new constraint
        /// is not mistaken for the old one.
        weak var owner: AnyObject?
    }
    private var entries: [Key: Entry] = [:]
    /// Conflicts already reported, once each.
    private var reported: Set<String> = []

    private var members: [UIView] = []
    private var memberSet: Set<ObjectIdentifier> = []
    private var guides: [UILayoutGuide] = []
    /// The width each multi-line label was last measured at.
    private var measuredWidths: [ObjectIdentifier: CGFloat] = [:]
    private var solvedAt = -1

    init(root: UIView, size: RootSize = .current) {
        self.root = root
        self.rootSize = size
        rootWidth = solver.makeVariable()
        rootHeight = solver.makeVariable()
    }

    // MARK: Islands

    /// The root of the island that a view laid out by constraints, under `parent`, belongs to.
    static func islandRoot(ofChildOf parent: UIView) -> UIView {
        var view = parent
        while !view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview { view = superview }
        return view
    }

    /// The engine that lays out `view`'s subviews, solved and up to date.
    static func solvedEngine(forSubviewsOf view: UIView) -> LayoutEngine {
        let root = islandRoot(ofChildOf: view)
        let engine = root.layoutEngine ?? LayoutEngine(root: root)
        root.layoutEngine = engine
        // The root re-reads its island at each of its passes; a view below it only if a layout
        // was asked for since the last solve.
        if view === root || engine.solvedAt != mutations { engine.update() }
        return engine
    }

    // MARK: Solving

    /// Brings the solver up to date with the island and solves it, measuring multi-line labels
    /// again at their solved widths.
    func update() {
        guard root != nil else { return }
        sync()
        for _ in 0..<3 {
            guard remeasureLabels() else { break }
            sync()
        }
        solvedAt = Self.mutations
    }

    /// Frames were just set from the solution: the layout requests that caused are not changes.
    func markSolved() { solvedAt = Self.mutations }

    /// A view's solved frame in its superview, if the island lays it out.
    func frame(of view: UIView) -> CGRect? {
        guard let frame = frames[ObjectIdentifier(view)], frame.item === view, memberSet.contains(ObjectIdentifier(view)) else { return nil }
        return CGRect(x: value(frame.x), y: value(frame.y), width: value(frame.width), height: value(frame.height))
    }

    /// The root's solved size (what `systemLayoutSizeFitting` answers).
    var solvedRootSize: CGSize { CGSize(width: value(rootWidth), height: value(rootHeight)) }

    /// A free layout guide's solved frame in its owning view.
    func frame(of guide: UILayoutGuide) -> CGRect? {
        guard let frame = frames[ObjectIdentifier(guide)], frame.item === guide else { return nil }
        return CGRect(x: value(frame.x), y: value(frame.y), width: value(frame.width), height: value(frame.height))
    }

    /// The solver's value, with its arithmetic's residue snapped off near 1/64 pt.
    private func value(_ symbol: LinearSymbol) -> CGFloat {
        let raw = solver.value(of: symbol)
        let snapped = (raw * 64).rounded() / 64
        return CGFloat(abs(raw - snapped) < 1e-6 ? snapped : raw)
    }

    /// Whether the constraints leave `view`'s frame open: a variable that follows its stay when
    /// the stay moves is held by nothing else.
    func isAmbiguous(_ view: UIView) -> Bool {
        guard let frame = frames[ObjectIdentifier(view)], frame.item === view else { return false }
        var ambiguous = false
        for (component, symbol) in [frame.x, frame.y, frame.width, frame.height].enumerated() {
            guard let entry = entries[.stay(ObjectIdentifier(view), component: component)], let handle = entry.handle else { continue }
            let before = solver.value(of: symbol), constant = entry.wanted.expression.constant
            guard solver.setConstant(constant - 1, of: handle) else { break }
            let moved = abs(solver.value(of: symbol) - before) > 0.5
            _ = solver.setConstant(constant, of: handle)
            if moved { ambiguous = true }
        }
        return ambiguous
    }

    // MARK: Reading the island

    private func collectIsland(_ root: UIView) {
        members = []
        guides = root.ownedLayoutGuides
        func visit(_ view: UIView) {
            for subview in view.subviews {
                if !subview.translatesAutoresizingMaskIntoConstraints || fitsAsMember(subview) {
                    members.append(subview)
                    guides += subview.ownedLayoutGuides
                    visit(subview)
                }
            }
        }
        visit(root)
        memberSet = Set(members.map(ObjectIdentifier.init))
    }

    /// When measuring, a view that translates its mask but fills its superview or stretches with
    /// it (a cell's content view) is solved with it, held by its mask as UIKit turns it into
    /// constraints.
    private func fitsAsMember(_ view: UIView) -> Bool {
        guard case .fitting = rootSize, let superview = view.superview else { return false }
        return view.autoresizingMask.contains(.flexibleWidth) || view.autoresizingMask.contains(.flexibleHeight)
            || view.frame == superview.bounds
    }

    private func variables(of item: AnyObject) -> Frame {
        let id = ObjectIdentifier(item)
        if let frame = frames[id], frame.item === item { return frame }
        let frame = Frame(item: item, x: solver.makeVariable(), y: solver.makeVariable(), width: solver.makeVariable(),
                          height: solver.makeVariable())
        frames[id] = frame
        return frame
    }

    private func isMember(_ view: UIView) -> Bool { memberSet.contains(ObjectIdentifier(view)) }

    /// The origin of `view` on one axis in the root's coordinates.
    private func origin(of view: UIView, vertical: Bool) -> LinearExpression {
        guard let root, view !== root else { return LinearExpression() }
        if isMember(view), let frame = frames[ObjectIdentifier(view)], let superview = view.superview {
            var expression = LinearExpression(vertical ? frame.y : frame.x)
            expression.add(origin(of: superview, vertical: vertical))
            return expression
        }
        if let superview = view.superview, superview === root || isMember(superview) {
            let rect = view.alignmentRect(in: superview)
            var expression = LinearExpression(constant: Double(vertical ? rect.minY : rect.minX))
            expression.add(origin(of: superview, vertical: vertical))
            return expression
        }
        let rect = view.alignmentRect(in: root)
        return LinearExpression(constant: Double(vertical ? rect.minY : rect.minX))
    }

    private func length(of view: UIView, vertical: Bool) -> LinearExpression {
        if view === root { return LinearExpression(vertical ? rootHeight : rootWidth) }
        if isMember(view), let frame = frames[ObjectIdentifier(view)] { return LinearExpression(vertical ? frame.height : frame.width) }
        return LinearExpression(constant: Double(vertical ? view.bounds.height : view.bounds.width))
    }

    /// The expression of an item's attribute in the root's coordinates. Right to left, leading
    /// and trailing are the negated right and left edges: a positive constant then moves towards
    /// the trailing side, which is UIKit's meaning of `leading == leading + 20` in Arabic.
    private func expression(of end: AnchorEnd, rightToLeft: Bool = false) -> LinearExpression? {
        if rightToLeft, end.attribute == .leading || end.attribute == .trailing, let item = end.item,
           let edge = expression(of: AnchorEnd(item: item, attribute: end.attribute == .leading ? .right : .left)) {
            var negated = LinearExpression()
            negated.add(edge, times: -1)
            return negated
        }
        guard let item = end.item else { return nil }
        let attribute = end.attribute
        let vertical = !attribute.isHorizontal
        var start: LinearExpression, size: LinearExpression
        if let view = item as? UIView {
            start = origin(of: view, vertical: vertical)
            size = length(of: view, vertical: vertical)
            if attribute == .firstBaseline || attribute == .lastBaseline {
                var baseline = start
                let (fraction, offset) = Self.baseline(of: view, first: attribute == .firstBaseline)
                baseline.add(size, times: fraction)
                baseline.constant += offset
                return baseline
            }
        } else if let guide = item as? UILayoutGuide, let owner = guide.owningView {
            let ownerStart = origin(of: owner, vertical: vertical), ownerSize = length(of: owner, vertical: vertical)
            switch guide.kind {
            case .insets(let insets):
                let edges = insets(owner)
                let (lead, trail) = vertical ? (edges.top, edges.bottom) : (edges.left, edges.right)
                start = ownerStart
                start.constant += Double(lead)
                size = ownerSize
                size.constant -= Double(lead + trail)
            case .frame(let rectangle):
                let rect = rectangle(owner)
                start = ownerStart
                start.constant += Double(vertical ? rect.minY : rect.minX)
                size = LinearExpression(constant: Double(vertical ? rect.height : rect.width))
            case .free:
                guard let frame = frames[ObjectIdentifier(guide)], frame.item === guide else {
                    let rect = guide.layoutFrame
                    start = ownerStart
                    start.constant += Double(vertical ? rect.minY : rect.minX)
                    size = LinearExpression(constant: Double(vertical ? rect.height : rect.width))
                    break
                }
                start = LinearExpression(vertical ? frame.y : frame.x)
                start.add(ownerStart)
                size = LinearExpression(vertical ? frame.height : frame.width)
            }
        } else {
            return nil
        }
        switch attribute {
        case .left, .leading, .top, .firstBaseline, .lastBaseline: return start
        case .right, .trailing, .bottom:
            start.add(size)
            return start
        case .centerX, .centerY:
            start.add(size, times: 0.5)
            return start
        case .width, .height: return size
        case .notAnAttribute: return nil
        }
    }

    /// Whether a constraint's leading and trailing run right to left: the direction of the view
    /// whose coordinates its first item is placed in (its superview; a guide's owning view), so
    /// that both ends of one constraint read leading the same way. UIKit does not publish which
    /// view decides; this one makes `semanticContentAttribute = .forceRightToLeft` on a container
    /// mirror what is pinned inside it, which is what the attribute is set for.
    static func isRightToLeft(_ constraint: NSLayoutConstraint) -> Bool {
        guard [constraint.first.attribute, constraint.second?.attribute].contains(where: { $0 == .leading || $0 == .trailing }) else {
            return false
        }
        let view = (constraint.first.item as? UIView).map { $0.superview ?? $0 } ?? (constraint.first.item as? UILayoutGuide)?.owningView
        return view?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// A baseline as `top + fraction × height + offset`: a label centres its lines vertically,
    /// so its baselines move with half its height; any other view answers from its current size.
    static func baseline(of view: UIView, first: Bool) -> (fraction: Double, offset: Double) {
        if let label = view as? UILabel {
            let font: UIFont = label.font
            let count = CGFloat(max(1, label.text.map { label.layOut($0, width: label.bounds.width > 0 ? label.bounds.width : .greatestFiniteMagnitude,
                                                                     height: .greatestFiniteMagnitude).count } ?? 1))
            let offset = font.ascender - font.lineHeight * count / 2 + (first ? 0 : font.lineHeight * (count - 1))
            return (0.5, Double(offset))
        }
        let offset = view.baselineOffsetFromTop(first: first)
        return offset == view.bounds.height ? (1, 0) : (0, Double(offset))
    }

    /// Whether an item has variables in this island.
    private func isLaidOut(_ item: AnyObject?) -> Bool {
        if let view = item as? UIView { return isMember(view) }
        if let guide = item as? UILayoutGuide, case .free = guide.kind, let owner = guide.owningView {
            return owner === root || isMember(owner)
        }
        return false
    }

    // MARK: Synchronising

    /// The constraints the island holds now, in a fixed order: the root's size, the active
    /// constraints (as their items are met, depth first), intrinsic sizes, masks, stays.
    private func wantedConstraints(_ root: UIView) -> [Wanted] {
        var wanted: [Wanted] = []
        for vertical in [false, true] {
            let variable = vertical ? rootHeight : rootWidth
            switch rootSize {
            case .current:
                let length = Double(vertical ? root.bounds.height : root.bounds.width)
                wanted.append(Wanted(key: .rootSize(vertical: vertical), expression: LinearExpression(variable, plus: -length),
                                     relation: .equal, strength: SimplexSolver.required))
            case .fitting(let target, let horizontal, let verticalPriority):
                let length = Double(vertical ? target.height : target.width)
                wanted.append(Wanted(key: .rootSize(vertical: vertical), expression: LinearExpression(variable, plus: -length),
                                     relation: .equal, strength: Self.strength(vertical ? verticalPriority : horizontal)))
            }
        }
        var seen: Set<ObjectIdentifier> = []
        let items: [AnyObject] = [root] + members + guides
        for item in items {
            let constraints = (item as? UIView)?.activeConstraints ?? (item as? UILayoutGuide)?.activeConstraints ?? []
            for constraint in constraints where seen.insert(ObjectIdentifier(constraint)).inserted {
                let rightToLeft = Self.isRightToLeft(constraint)
                guard isLaidOut(constraint.first.item) || isLaidOut(constraint.second?.item),
                      var expression = expression(of: constraint.first, rightToLeft: rightToLeft) else { continue }
                if let second = constraint.second {
                    guard let other = self.expression(of: second, rightToLeft: rightToLeft) else { continue }
                    expression.add(other, times: -Double(constraint.multiplier))
                }
                expression.constant -= Double(constraint.constant)
                let relation: LinearRelation = switch constraint.relation {
                case .lessThanOrEqual: .lessThanOrEqual
                case .equal: .equal
                case .greaterThanOrEqual: .greaterThanOrEqual
                }
                wanted.append(Wanted(key: .user(ObjectIdentifier(constraint)), expression: expression, relation: relation,
                                     strength: Self.strength(constraint.priority), constraint: constraint))
            }
        }
        for (order, view) in members.enumerated() where !view.translatesAutoresizingMaskIntoConstraints {
            let size = intrinsicSize(of: view)
            let frame = frames[ObjectIdentifier(view)]!
            // Among equal priorities the earlier view gives way first.
            let tieBreak = 1e-5 * Double(order + 1)
            for vertical in [false, true] {
                let intrinsic = vertical ? size.height : size.width
                guard intrinsic >= 0 else { continue }
                let axis: NSLayoutConstraint.Axis = vertical ? .vertical : .horizontal
                let expression = LinearExpression(vertical ? frame.height : frame.width, plus: -Double(intrinsic))
                let id = ObjectIdentifier(view)
                wanted.append(Wanted(key: .hugging(id, vertical: vertical), expression: expression, relation: .lessThanOrEqual,
                                     strength: Self.strength(view.contentHuggingPriority(for: axis), tieBreak: tieBreak)))
                wanted.append(Wanted(key: .compression(id, vertical: vertical), expression: expression, relation: .greaterThanOrEqual,
                                     strength: Self.strength(view.contentCompressionResistancePriority(for: axis), tieBreak: tieBreak)))
            }
        }
        for view in members where view.translatesAutoresizingMaskIntoConstraints {
            wanted += autoresizingConstraints(of: view)
        }
        let stayItems: [(AnyObject, CGRect)] = members.map { ($0, $0.alignmentRect(in: $0.superview ?? $0)) }
            + guides.compactMap { guide in
                guard case .free = guide.kind else { return nil }
                return (guide, frame(of: guide) ?? guide.layoutFrame)
            }
        for (item, rect) in stayItems {
            guard let frame = frames[ObjectIdentifier(item)] else { continue }
            let values = [rect.minX, rect.minY, rect.width, rect.height]
            for (component, symbol) in [frame.x, frame.y, frame.width, frame.height].enumerated() {
                wanted.append(Wanted(key: .stay(ObjectIdentifier(item), component: component),
                                     expression: LinearExpression(symbol, plus: -Double(values[component])),
                                     relation: .equal, strength: 1e-7))
            }
        }
        return wanted
    }

    /// A view that translates its mask, solved with the root when measuring: its origin stays,
    /// and a flexible (or filling) dimension keeps its distance to the superview's size.
    private func autoresizingConstraints(of view: UIView) -> [Wanted] {
        guard let frame = frames[ObjectIdentifier(view)], let superview = view.superview else { return [] }
        let rect = view.alignmentRect(in: superview), fills = view.frame == superview.bounds
        let id = ObjectIdentifier(view)
        var wanted: [Wanted] = []
        for vertical in [false, true] {
            let position = vertical ? frame.y : frame.x, size = vertical ? frame.height : frame.width
            wanted.append(Wanted(key: .autoresizing(id, component: vertical ? 1 : 0),
                                 expression: LinearExpression(position, plus: -Double(vertical ? rect.minY : rect.minX)),
                                 relation: .equal, strength: SimplexSolver.required))
            let flexible = fills || view.autoresizingMask.contains(vertical ? .flexibleHeight : .flexibleWidth)
            var expression = LinearExpression(size)
            if flexible {
                let outer = vertical ? superview.bounds.height : superview.bounds.width
                let inner = vertical ? rect.height : rect.width
                expression.add(length(of: superview, vertical: vertical), times: -1)
                expression.constant += Double(outer - inner)
            } else {
                expression.constant -= Double(vertical ? rect.height : rect.width)
            }
            wanted.append(Wanted(key: .autoresizing(id, component: vertical ? 3 : 2), expression: expression, relation: .equal,
                                 strength: SimplexSolver.required))
        }
        return wanted
    }

    /// A view's intrinsic content size; a multi-line label's at the width it is laid out at.
    private func intrinsicSize(of view: UIView) -> CGSize {
        guard let label = view as? UILabel, label.numberOfLines != 1, label.preferredMaxLayoutWidth <= 0,
              let width = measuredWidths[ObjectIdentifier(label)] else { return view.intrinsicContentSize }
        return label.sizeThatFits(CGSize(width: max(width, 1), height: 0))
    }

    /// After a solve: a multi-line label laid out narrower than its text's natural width is
    /// measured again at its solved width (and at its natural width once it is as wide). True if
    /// any measure changed.
    private func remeasureLabels() -> Bool {
        var changed = false
        for view in members {
            guard let label = view as? UILabel, label.numberOfLines != 1, label.preferredMaxLayoutWidth <= 0,
                  let frame = frames[ObjectIdentifier(label)] else { continue }
            let solved = value(frame.width), id = ObjectIdentifier(label)
            let natural = label.intrinsicContentSize.width
            let target: CGFloat? = solved < natural - 0.5 ? solved : nil
            let current = measuredWidths[id]
            let same = switch (current, target) {
            case (nil, nil): true
            case (let a?, let b?): abs(a - b) <= 0.5
            default: false
            }
            guard !same else { continue }
            measuredWidths[id] = target
            changed = true
        }
        return changed
    }

    static func strength(_ priority: UILayoutPriority, tieBreak: Double = 0) -> Double {
        priority.rawValue >= 1000 ? SimplexSolver.required : Double(max(priority.rawValue, 0)) + tieBreak
    }

    /// Compares the island with the solver and brings the solver up to date.
    private func sync() {
        guard let root else { return }
        collectIsland(root)
        for member in members { _ = variables(of: member) }
        for guide in guides {
            if case .free = guide.kind { _ = variables(of: guide) }
        }
        let wanted = wantedConstraints(root)
        // A solver that has outgrown its island by far (views gone, constraints replaced) is rebuilt.
        if solver.symbolCount > 16 * (wanted.count + 32) {
            rebuild()
            return sync()
        }
        let keys = Set(wanted.map(\.key))
        let stale = entries.filter { key, entry in
            !keys.contains(key) || (entry.wanted.constraint != nil && entry.owner !== entry.wanted.constraint)
        }.sorted { ($0.value.handle?.index ?? -1) < ($1.value.handle?.index ?? -1) }
        for (key, entry) in stale {
            if let handle = entry.handle { solver.remove(handle) }
            entries[key] = nil
        }
        if !stale.isEmpty {
            // A constraint broken in a conflict tries again once the others changed.
            for (key, entry) in entries where entry.handle == nil { entries[key] = nil }
        }
        for want in wanted {
            if let entry = entries[want.key], entry.owner === want.constraint || want.constraint == nil {
                let old = entry.wanted
                if old.relation == want.relation, old.strength == want.strength, old.expression.hasSameTerms(as: want.expression) {
                    guard old.expression.constant != want.expression.constant else { continue }
                    entries[want.key]?.wanted = want
                    if let handle = entry.handle {
                        guard solver.setConstant(want.expression.constant, of: handle) else {
                            rebuild()
                            return sync()
                        }
                        continue
                    }
                }
                if let handle = entry.handle { solver.remove(handle) }
                entries[want.key] = nil
            }
            add(want)
        }
    }

    private func add(_ want: Wanted) {
        do {
            let handle = try solver.add(want.expression, want.relation, strength: want.strength)
            entries[want.key] = Entry(handle: handle, wanted: want, owner: want.constraint)
        } catch {
            // Left out until it changes: UIKit's "breaking" of a constraint.
            entries[want.key] = Entry(handle: nil, wanted: want, owner: want.constraint)
            report(error, breaking: want)
        }
    }

    private func rebuild() {
        solver = SimplexSolver()
        frames = [:]
        entries = [:]
        rootWidth = solver.makeVariable()
        rootHeight = solver.makeVariable()
        for member in members { _ = variables(of: member) }
        for guide in guides {
            if case .free = guide.kind { _ = variables(of: guide) }
        }
    }

    // MARK: Unsatisfiable constraints

    /// Logs a conflict among required constraints as UIKit does, once per conflict.
    private func report(_ conflict: LinearConflict, breaking broken: Wanted) {
        let handles = Set(conflict.constraints.map(\.index))
        let involved = entries.values.filter { $0.handle.map { handles.contains($0.index) } ?? false }
            .sorted { $0.handle!.index < $1.handle!.index }.map(\.wanted) + [broken]
        let lines = involved.map { "    \"\(describe($0))\"" }
        let message = """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. 
            \tTry this: 
            \t\t(1) look at each constraint and try to figure out which you don't expect; 
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
            (
            \(lines.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint 
            \(describe(broken))

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.

            """
        let signature = involved.map { describe($0) }.joined(separator: "|")
        guard reported.insert(signature).inserted else { return }
        Self.log(message)
    }

    private func describe(_ wanted: Wanted) -> String {
        if let constraint = wanted.constraint { return constraint.description }
        switch wanted.key {
        case .rootSize(let vertical):
            let view = root.map(LayoutEngine.describe) ?? "nil"
            let length = -(wanted.expression.constant)
            return "<NSAutoresizingMaskLayoutConstraint \(view).\(vertical ? "height" : "width") == \(Self.number(length))>"
        case .hugging(let id, let vertical), .compression(let id, let vertical):
            let view = members.first { ObjectIdentifier($0) == id }.map(LayoutEngine.describe) ?? "nil"
            let relation = if case .hugging = wanted.key { "<=" } else { ">=" }
            return "<NSContentSizeLayoutConstraint \(view).\(vertical ? "height" : "width") \(relation) \(Self.number(-wanted.expression.constant))>"
        case .autoresizing(let id, _), .stay(let id, _):
            let view = members.first { ObjectIdentifier($0) == id }.map(LayoutEngine.describe) ?? "nil"
            return "<NSAutoresizingMaskLayoutConstraint \(view)>"
        case .user: return "<NSLayoutConstraint>"
        }
    }

    static func describe(_ item: AnyObject) -> String {
        let address = String(UInt(bitPattern: ObjectIdentifier(item).hashValue), radix: 16)
        if let guide = item as? UILayoutGuide {
            return "UILayoutGuide:0x\(address)'\(guide.identifier)'"
        }
        return "\(type(of: item)):0x\(address)"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}
