import Foundation
import Vocabulary
import Testing
@testable import Views

/// Auto Layout solved as UIKit solves it: inequalities, priorities, hugging and compression,
/// installed constraints, multi-line labels, fitting sizes, conflicts, guides and margins.
///
/// Expected values come from Apple's documentation: the Auto Layout Guide ("Anatomy of a
/// Constraint": a required constraint must hold, optional ones are satisfied in priority order,
/// an inequality bounds a value; "Intrinsic Content Size": hugging ≤ and compression ≥ the
/// intrinsic size at their priorities), the `NSLayoutConstraint.isActive` and
/// `UIView.addConstraint(_:)` references (installed on the closest common ancestor),
/// `UILabel.preferredMaxLayoutWidth` (text beyond the width flows to new lines, increasing the
/// height), `UIView.systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`
/// and the console message UIKit prints for unsatisfiable constraints.
@MainActor @Suite struct AutoLayoutSolverTests {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))

    private func constrained<View: UIView>(_ view: View) -> View {
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    private func label(_ text: String, lines: Int = 1) -> UILabel {
        let label = constrained(UILabel())
        label.text = text
        label.numberOfLines = lines
        return label
    }

    private static let paragraph = Array(repeating: "Springs pull every cell home", count: 6).joined(separator: " ")

    @Test func anInequalityBindsAWiderLabel() {
        // Compression resistance (750) gives way to the required `width ≤ 200`.
        let wide = label(Self.paragraph)
        #expect(wide.intrinsicContentSize.width > 200)
        NSLayoutConstraint.activate([
            wide.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            wide.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            wide.widthAnchor.constraint(lessThanOrEqualToConstant: 200),
        ])
        root.layoutIfNeeded()
        #expect(wide.frame == CGRect(x: 10, y: 10, width: 200, height: wide.intrinsicContentSize.height))
        // An inequality that holds leaves the intrinsic size alone.
        wide.text = "Short"
        wide.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        #expect(wide.frame.width == wide.intrinsicContentSize.width)
    }

    @Test func optionalConstraintsAreTradedByPriority() {
        let view = constrained(UIView())
        let narrow = view.widthAnchor.constraint(equalToConstant: 100)
        let wide = view.widthAnchor.constraint(equalToConstant: 200)
        narrow.priority = .defaultHigh
        wide.priority = .defaultLow
        NSLayoutConstraint.activate([narrow, wide, view.heightAnchor.constraint(equalToConstant: 10),
                                     view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(view.frame.width == 100, "the higher priority is satisfied first")
        narrow.priority = UILayoutPriority(200)
        root.layoutIfNeeded()
        #expect(view.frame.width == 200)
        // 999 against required: the optional one gives way, and nothing is reported.
        var logged: [String] = []
        LayoutEngine.log = { logged.append($0) }
        defer { LayoutEngine.log = { FileHandle.standardError.write(Data($0.utf8)) } }
        wide.priority = UILayoutPriority(999)
        view.widthAnchor.constraint(equalToConstant: 150).isActive = true
        root.layoutIfNeeded()
        #expect(view.frame.width == 150 && logged.isEmpty)
    }

    @Test func huggingAndCompressionShareARow() {
        // [title][detail] between the margins, 8 pt apart.
        let title = label("Title"), detail = label("Detail")
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            detail.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            detail.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            title.topAnchor.constraint(equalTo: root.topAnchor),
            detail.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        // Room to spare: the label that hugs less (250 against the default 251) stretches.
        detail.setContentHuggingPriority(.defaultLow, for: .horizontal)
        root.layoutIfNeeded()
        #expect(title.frame.width == title.intrinsicContentSize.width)
        #expect(detail.frame.minX == title.frame.maxX + 8 && detail.frame.maxX == 384)
        // Too little room: the label that resists compression less (740 against 750) shrinks.
        title.text = Self.paragraph
        detail.text = "Detail text that is long"
        title.setContentCompressionResistancePriority(UILayoutPriority(740), for: .horizontal)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(detail.frame.width == detail.intrinsicContentSize.width)
        #expect(title.frame.width == 400 - 32 - 8 - detail.intrinsicContentSize.width)
    }

    @Test func constraintsListsActivatedConstraintsWhereUIKitInstallsThem() {
        let view = constrained(UIView())
        let width = view.widthAnchor.constraint(equalToConstant: 44)
        let top = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)
        NSLayoutConstraint.activate([width, top])
        // A constraint on one view is installed on it; one between a view and its superview on
        // the superview, their closest common ancestor.
        #expect(view.constraints.map(ObjectIdentifier.init) == [ObjectIdentifier(width)])
        #expect(root.constraints.map(ObjectIdentifier.init) == [ObjectIdentifier(top)])
        // Code that reads a cell's own constraints back to animate one finds it.
        let found = root.constraints.first { $0.firstAttribute == .top && $0.firstItem === view }
        found?.constant = 60
        root.layoutIfNeeded()
        #expect(view.frame.minY == 60)
        top.isActive = false
        #expect(root.constraints.isEmpty && view.constraints.count == 1)
        #expect(view.constraintsAffectingLayout(for: .horizontal).map(ObjectIdentifier.init) == [ObjectIdentifier(width)])
    }

    @Test func aMultiLineLabelWrapsAtItsSolvedWidthAndGrows() {
        let text = label(Self.paragraph, lines: 0)
        let below = constrained(UIView())
        NSLayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            text.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            text.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            below.topAnchor.constraint(equalTo: text.bottomAnchor, constant: 8),
            below.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            below.widthAnchor.constraint(equalToConstant: 10),
            below.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let wrapped = text.sizeThatFits(CGSize(width: 360, height: 0))
        #expect(text.frame == CGRect(x: 20, y: 20, width: 360, height: wrapped.height))
        #expect(wrapped.height > 3 * text.font.lineHeight, "more lines than one measure at unlimited width gives")
        #expect(below.frame.minY == 20 + wrapped.height + 8)
        // Narrower, it wraps again and grows.
        root.bounds.size.width = 240
        root.layoutIfNeeded()
        #expect(text.frame.width == 200 && text.frame.height == text.sizeThatFits(CGSize(width: 200, height: 0)).height)
        #expect(text.frame.height > wrapped.height)
    }

    @Test func systemLayoutSizeFittingMeasuresACellLikeView() {
        // A card: a title over a wrapping body, 12 pt inside, measured at a width of 320.
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 10))
        let title = UILabel(), body = UILabel()
        title.text = "Title"
        body.text = Self.paragraph
        body.numberOfLines = 0
        for view in [title, body] {
            view.translatesAutoresizingMaskIntoConstraints = false
            card.addSubview(view)
        }
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -12),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            body.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            body.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
        ])
        let size = card.systemLayoutSizeFitting(CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        let expected = 12 + title.intrinsicContentSize.height + 8 + body.sizeThatFits(CGSize(width: 296, height: 0)).height + 12
        #expect(size == CGSize(width: 320, height: expected))
        #expect(card.bounds.size == CGSize(width: 320, height: 10), "measuring leaves the view as it was")
        // Both dimensions fitting: nothing holds the width, so the body's compression resistance
        // (750) against the fitting level (50) keeps it on one line, as on iOS (which is why
        // self-sizing cells hold their width at `.required`).
        let compressed = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(compressed.width == 24 + body.intrinsicContentSize.width)
    }

    @Test func anUnsatisfiableSetIsReportedOnceAndOneConstraintBroken() {
        var logged: [String] = []
        LayoutEngine.log = { logged.append($0) }
        defer { LayoutEngine.log = { FileHandle.standardError.write(Data($0.utf8)) } }
        let view = constrained(UIView())
        let first = view.widthAnchor.constraint(equalToConstant: 100)
        let second = view.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor),
                                     view.heightAnchor.constraint(equalToConstant: 10), first, second])
        root.layoutIfNeeded()
        #expect(logged.count == 1)
        let message = logged.first ?? ""
        #expect(message.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints."))
        #expect(message.contains(first.description) && message.contains(second.description))
        #expect(message.contains("Will attempt to recover by breaking constraint \n\(second.description)"))
        #expect(message.contains("UIViewAlertForUnsatisfiableConstraints"))
        // The one that made the set unsatisfiable is left out; the rest hold.
        #expect(view.frame == CGRect(x: 0, y: 0, width: 100, height: 10))
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(logged.count == 1, "once per conflict, not once per pass")
        // Lowered below required, the constraint gives way instead of conflicting.
        second.priority = .defaultHigh
        root.layoutIfNeeded()
        #expect(logged.count == 1 && view.frame.width == 100)
    }

    @Test func layoutGuidesMarginsAndTheSafeArea() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        window.addSubview(root)
        root.layoutMargins = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        let left = constrained(UIView()), right = constrained(UIView())
        // A spacer guide between two views, as wide as each of them.
        let gap = UILayoutGuide()
        root.addLayoutGuide(gap)
        NSLayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            gap.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            right.leadingAnchor.constraint(equalTo: gap.trailingAnchor),
            right.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            gap.widthAnchor.constraint(equalTo: left.widthAnchor),
            right.widthAnchor.constraint(equalTo: left.widthAnchor),
            left.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            right.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
            left.heightAnchor.constraint(equalToConstant: 30),
            right.heightAnchor.constraint(equalToConstant: 30),
        ])
        window.layoutIfNeeded()
        #expect(left.frame == CGRect(x: 20, y: 47, width: 120, height: 30))
        #expect(right.frame == CGRect(x: 260, y: 800 - 34 - 30, width: 120, height: 30))
        #expect(gap.layoutFrame.minX == 140 && gap.layoutFrame.width == 120)
        #expect(root.layoutGuides.count == 1 && gap.owningView === root)
        // Margins of a view laid out by constraints follow its solved size.
        let card = constrained(UIView()), inner = UIView()
        inner.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(inner)
        card.layoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        NSLayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            card.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 200),
            inner.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            inner.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor),
            inner.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor),
            inner.bottomAnchor.constraint(equalTo: card.layoutMarginsGuide.bottomAnchor),
            inner.heightAnchor.constraint(equalToConstant: 40),
        ])
        window.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 0, y: 200, width: 400, height: 60), "the card grows to its content and margins")
        #expect(inner.frame == CGRect(x: 10, y: 10, width: 380, height: 40))
    }

    @Test func ambiguityIsReportedWhereConstraintsLeaveAFrameOpen() {
        let view = constrained(UIView())
        view.leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
        view.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(view.hasAmbiguousLayout, "no width or height")
        NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 10), view.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(!view.hasAmbiguousLayout)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
