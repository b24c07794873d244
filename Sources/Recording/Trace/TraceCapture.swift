import CollectionLayout
import Vocabulary
import Foundation

/// Reads trace rows off live views.
@MainActor
enum TraceCapture {
    typealias Row = SceneTrace.Row

    /// Every displayed element of `collectionView` (cells once per item identity, where shown on
    /// top; supplementary and decoration views by kind and index path), then its content offset,
    /// in key order. `name` names its scroll row; `prefix` goes before cell identities when a
    /// window holds more than one collection view. `visibleOnly` keeps only elements in its visible
    /// bounds.
    static func rows(of collectionView: UICollectionView, name: String, prefix: String = "", frame: Int, time: Double,
                     visibleOnly: Bool = false) -> [Row] {
        var rows: [Row] = []
        append(elementsOf: collectionView, prefix: prefix, frame: frame, time: time, visibleOnly: visibleOnly, to: &rows)
        var unique = lastOfEachKey(rows)
        rows = []
        unique.append(scrollRow(of: collectionView, name: name, frame: frame, time: time))
        return unique
    }

    /// Appends a row per displayed element, in the layout's order (`lastOfEachKey` keeps the one
    /// drawn on top of an element shown twice). The displayed attributes are let go on return:
    /// with a million items they weigh more than the rows.
    private static func append(elementsOf collectionView: UICollectionView, prefix: String, frame: Int, time: Double,
                               visibleOnly: Bool, to rows: inout [Row]) {
        let bounds = collectionView.bounds
        let area = visibleOnly ? bounds
            : CGRect(origin: .zero, size: collectionView.contentSize).insetBy(dx: -100_000, dy: -100_000)
        let displayed = collectionView.displayedElements(in: area, inDrawingOrder: false)
        rows.reserveCapacity(rows.count + displayed.count + 1)
        for attributes in displayed {
            let indexPath = attributes.indexPath
            let element: Row.Element, kind: String, id: String
            switch attributes.representedElementCategory {
            case .cell:
                (element, kind) = (.cell, "")
                id = prefix + String(collectionView.itemIdentifier(at: indexPath) ?? -1)
            case .supplementaryView:
                (element, kind, id) = (.supplementary, attributes.representedElementKind ?? "", prefix)
            case .decorationView:
                (element, kind, id) = (.decoration, attributes.representedElementKind ?? "", prefix)
            }
            let t = attributes.transform
            let (scaleX, scaleY, angle) = Row.decompose(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d))
            rows.append(Row(frame: frame, time: time, element: element, kind: kind, id: id,
                            section: indexPath.section, item: indexPath.item,
                            x: Double(attributes.center.x), y: Double(attributes.center.y),
                            width: Double(attributes.size.width), height: Double(attributes.size.height),
                            scaleX: scaleX, scaleY: scaleY, angle: angle, zIndex: attributes.zIndex,
                            alpha: Double(attributes.alpha), hidden: attributes.isHidden))
        }
    }

    /// Rows sorted by key, keeping of each key the row drawn on top (as `UICollectionView` orders
    /// elements: by zIndex, then cells over supplementary over decoration views, then index path
    /// and kind; the later in the layout's order among equals).
    private static func lastOfEachKey(_ rows: [Row]) -> [Row] {
        // Usually the layout lists items in identity order already (nothing has moved).
        guard !SceneTrace.isInKeyOrder(rows) else { return rows }
        let order = SceneTrace.keyOrder(of: rows)
        var unique: [Row] = []
        unique.reserveCapacity(rows.count)
        var top = -1
        for index in order {
            if top >= 0, rows[top].isSameElement(as: rows[index]) {
                if !drawsOver(rows[top], rows[index]) { top = index }
                continue
            }
            if top >= 0 { unique.append(rows[top]) }
            top = index
        }
        if top >= 0 { unique.append(rows[top]) }
        return unique
    }

    /// Whether `a` is drawn over `b` (both rows of one collection view's elements).
    private static func drawsOver(_ a: Row, _ b: Row) -> Bool {
        func rank(_ element: Row.Element) -> Int { element == .cell ? 2 : element == .supplementary ? 1 : 0 }
        if a.zIndex != b.zIndex { return a.zIndex > b.zIndex }
        if a.element != b.element { return rank(a.element) > rank(b.element) }
        if (a.section, a.item) != (b.section, b.item) { return (a.section, a.item) > (b.section, b.item) }
        return a.kind > b.kind
    }

    private static func scrollRow(of scrollView: UIScrollView, name: String, frame: Int, time: Double) -> Row {
        Row(frame: frame, time: time, element: .scrollView, id: name, section: 0, item: 0,
            x: Double(scrollView.contentOffset.x), y: Double(scrollView.contentOffset.y),
            width: Double(scrollView.bounds.width), height: Double(scrollView.bounds.height),
            angle: 0, zIndex: 0, alpha: Double(scrollView.alpha), hidden: scrollView.isHidden)
    }

    /// Everything a window shows that a trace follows, in key order: each collection view's
    /// elements and content offset, every other scroll view's content offset, and every view with
    /// an `accessibilityIdentifier` (centre in window points, as shown at `shownTime`). Scroll
    /// views are named by their identifier, else `collectionView`, `collectionView2` … and
    /// `scrollView`, `scrollView2` … in the order of the tree; cells of the second and later
    /// collection views have their name and `:` before their identity.
    static func rows(ofWindow window: UIView, frame: Int, time: Double, at shownTime: TimeInterval, visibleOnly: Bool = false) -> [Row] {
        var rows: [Row] = []
        var collectionViews = 0, scrollViews = 0
        func visit(_ view: UIView) {
            if let collectionView = view as? UICollectionView {
                collectionViews += 1
                let name = view.accessibilityIdentifier ?? (collectionViews == 1 ? "collectionView" : "collectionView\(collectionViews)")
                let elements = Self.rows(of: collectionView, name: name, prefix: collectionViews == 1 ? "" : name + ":",
                                         frame: frame, time: time, visibleOnly: visibleOnly)
                // The usual window holds one collection view: its rows are taken as they are, not copied.
                if rows.isEmpty { rows = elements } else { rows += elements }
            } else if let scrollView = view as? UIScrollView {
                scrollViews += 1
                let name = view.accessibilityIdentifier ?? (scrollViews == 1 ? "scrollView" : "scrollView\(scrollViews)")
                rows.append(scrollRow(of: scrollView, name: name, frame: frame, time: time))
            }
            if let identifier = view.accessibilityIdentifier, !(view is UIScrollView) {
                let shown = view.shownGeometry(at: shownTime)
                let center = view.superview.map { $0.convert(shown.center, to: window) } ?? shown.center
                let t = shown.transform
                let (scaleX, scaleY, angle) = Row.decompose(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d))
                rows.append(Row(frame: frame, time: time, element: .view, id: identifier, section: 0, item: 0,
                                x: Double(center.x), y: Double(center.y),
                                width: Double(shown.size.width), height: Double(shown.size.height),
                                scaleX: scaleX, scaleY: scaleY, angle: angle, zIndex: 0, alpha: shown.alpha, hidden: view.isHidden))
            }
            // A collection view's cells are traced as its elements, not as views.
            guard !(view is UICollectionView) else { return }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        return lastOfEachKey(rows)
    }
}
