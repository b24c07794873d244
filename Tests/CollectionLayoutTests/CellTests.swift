import Foundation
import DisplayList
import Vocabulary
import Raster
import Testing
@testable import CollectionLayout
@testable import Dynamics
@testable import Views

/// Cells as UIKit makes them: asked for only when displayed, reused through pools, placed by
/// their layout attributes, and drawn in the window's frames.
@MainActor @Suite struct CellTests {
    @Test func theDataSourceConfiguresTheCellsOnScreen() {
        let (window, collectionView, source) = makeWindow(items: 40)
        let cells = collectionView.visibleCells
        // 390 × 300 at 60 pt with 10 pt spacing and 16 pt insets: 5 per row, rows at 16, 86, 156,
        // 226 and 296 (the fifth just in view).
        #expect(cells.count == 25)
        #expect(cells.map { collectionView.indexPath(for: $0)?.item } == Array(0..<25))
        let third = collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) as? NumberCell
        #expect(third?.label.text == "2")
        #expect(third?.frame == collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame)
        #expect(third?.superview === collectionView && third?.window === window)
        #expect(source.configured == 25)
    }

    @Test func cellsFollowScrollingAndAreReused() {
        let (_, collectionView, source) = makeWindow(items: 400)
        _ = collectionView.visibleCells
        let made = source.made
        collectionView.contentOffset = CGPoint(x: 0, y: 2000)
        let cells = collectionView.visibleCells
        #expect(cells.count >= 20 && cells.count <= 25)
        #expect(source.made <= made + 5)       // the cells that left came back
        #expect(source.reused >= 15)
        #expect(cells.allSatisfy { $0.reuseIdentifier == "number" })
        #expect(cells.compactMap { ($0 as? NumberCell)?.preparedForReuse }.reduce(0, +) == source.reused)
        let first = collectionView.indexPath(for: cells[0])
        #expect((first?.item ?? 0) >= 140)
    }

    @Test func aMillionItemsHoldAboutAScreenfulOfCells() {
        let (_, collectionView, source) = makeWindow(items: 1_000_000, size: CGSize(width: 390, height: 844))
        var most = 0
        let end = collectionView.contentSize.height - collectionView.bounds.height
        var offset = 0.0
        while offset < end {
            collectionView.contentOffset = CGPoint(x: 0, y: offset)
            collectionView.layoutIfNeeded()
            most = max(most, collectionView.subviews.count)
            offset += offset < 3000 || offset > end - 3000 ? 97 : 250_000
        }
        collectionView.contentOffset = CGPoint(x: 0, y: end)
        _ = collectionView.visibleCells
        // A screenful is 5 × 13 = 65 cells; a scroll step can leave one more row half in view.
        #expect(most <= 75)
        #expect(source.made <= 75)
        #expect(collectionView.reuse.pooledCount + collectionView.visibleCells.count == source.made)
        #expect(source.reused > 1000)
        #expect(collectionView.visibleCells.last.flatMap { ($0 as? NumberCell)?.label.text } == "999999")
    }

    @Test func selectionAndHighlightReachTheCell() {
        let (window, collectionView, _) = makeWindow(items: 10)
        collectionView.selectItem(at: IndexPath(item: 1, section: 0), animated: false)
        collectionView.layoutIfNeeded()
        let cell = collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) as? NumberCell
        #expect(cell?.isSelected == true)
        #expect(cell?.selectedBackgroundView?.isHidden == false)
        // A finger on item 3 highlights its cell and its label.
        let point = collectionView.convertToScreen(CGPoint(x: 16 + 3 * 70 + 30, y: 46))
        window.send(Touch(.began, at: point, time: 0.1))
        window.advance(to: 0.25)                        // past the content-touch delay
        let touched = collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) as? NumberCell
        #expect(touched?.isHighlighted == true && touched?.label.isHighlighted == true)
        window.send(Touch(.ended, at: point, time: 0.3))
        collectionView.layoutIfNeeded()
        #expect(touched?.isHighlighted == false && touched?.isSelected == true)
    }

    @Test func aMovedItemKeepsItsCell() {
        let (_, collectionView, source) = makeWindow(items: 10)
        let cell = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
        source.items.insert(source.items.remove(at: 0), at: 4)
        collectionView.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 4, section: 0))
        #expect(collectionView.cellForItem(at: IndexPath(item: 4, section: 0)) === cell)
        #expect(source.configured == 10)
    }

    @Test func headersComeFromTheDataSource() {
        let (_, collectionView, source) = makeWindow(items: 12, header: true)
        let headers = collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader)
        #expect(headers.count == 1)
        #expect((headers.first as? HeaderView)?.title.text == "Section 0")
        #expect(collectionView.indexPathsForVisibleSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader)
                == [IndexPath(item: 0, section: 0)])
        #expect(headers.first?.frame == CGRect(x: 0, y: 0, width: 390, height: 40))
        #expect(source.headers == 1)
    }

    @Test func theWindowDrawsTheCells() {
        let (window, collectionView, _) = makeWindow(items: 10)
        collectionView.selectItem(at: IndexPath(item: 0, section: 0), animated: false)
        let canvas = Canvas(pointWidth: 390, pointHeight: 300, scale: 1, background: .white)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        // Item 0 (selected) in the selected background's colour, item 1 in the background view's,
        // the gap between them in the collection view's.
        let first = frame(collectionView, 0), second = frame(collectionView, 1)
        #expect(canvas.pixel(x: Int(first.minX) + 4, y: Int(first.minY) + 4) == Color(rgb: 0x007AFF))
        #expect(canvas.pixel(x: Int(second.minX) + 4, y: Int(second.minY) + 4) == Color(rgb: 0xE5E5EA))
        #expect(canvas.pixel(x: Int(first.maxX + second.minX) / 2, y: 20) == .white)
    }

    /// Hears display calls and keeps the set of elements it was told are on screen.
    final class DisplaySpy: UICollectionViewDelegate {
        var shown: Set<IndexPath> = []
        var headersShown: Set<IndexPath> = []
        var log: [String] = []
        /// The common iOS pattern: a cell about to show fades in over 0.3 s.
        var fadesIn = false

        func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                            forItemAt indexPath: IndexPath) {
            #expect(!shown.contains(indexPath), "willDisplay twice for \(indexPath)")
            #expect(collectionView.indexPath(for: cell) == indexPath || cell.superview == nil)
            shown.insert(indexPath)
            log.append("+\(indexPath.item)")
            if fadesIn {
                cell.alpha = 0
                UIView.animate(withDuration: 0.3) { cell.alpha = 1 }
            }
        }
        func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
                            forItemAt indexPath: IndexPath) {
            #expect(shown.remove(indexPath) != nil, "didEndDisplaying without willDisplay for \(indexPath)")
            log.append("-\(indexPath.item)")
        }
        func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                            forElementKind elementKind: String, at indexPath: IndexPath) {
            headersShown.insert(indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                            forElementOfKind elementKind: String, at indexPath: IndexPath) {
            headersShown.remove(indexPath)
        }
    }

    @Test func theDelegateHearsEveryCellComeAndGoAsTheListScrolls() {
        let (window, collectionView, _) = makeWindow(items: 400, header: true)
        let spy = DisplaySpy()
        collectionView.delegate = spy
        collectionView.reloadData()
        var offset: CGFloat = 0
        while offset < 3000 {
            collectionView.contentOffset = CGPoint(x: 0, y: offset)
            collectionView.layoutIfNeeded()
            let visible = Set(collectionView.visibleCells.compactMap { collectionView.indexPath(for: $0) })
            #expect(spy.shown == visible, "at offset \(offset)")
            #expect(spy.headersShown == (offset < 40 ? [IndexPath(item: 0, section: 0)] : []), "at offset \(offset)")
            offset += 37
        }
        // The first row left and the rows under 3,000 pt arrived, in that order.
        #expect(spy.log.prefix(5) == ["+0", "+1", "+2", "+3", "+4"])
        #expect(spy.log.contains("-0"))
        let firstLeave = spy.log.firstIndex(of: "-0") ?? 0
        #expect(spy.log.dropFirst(firstLeave).prefix(5).allSatisfy { $0.hasPrefix("-") })
        collectionView.reloadData()
        #expect(spy.shown.isEmpty)
        withExtendedLifetime(window) {}
    }

    @Test func cellsFadeInFromWillDisplayOnTheWindowsClock() {
        let (window, collectionView, _) = makeWindow(items: 400)
        let spy = DisplaySpy()
        spy.fadesIn = true
        collectionView.delegate = spy
        collectionView.reloadData()
        window.advance(to: 1)
        let first = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect(first?.alpha == 1)
        // A row scrolled in at 1 s (its layout pass) is half-way through its fade at 1.15 s
        // (ease-in-out).
        collectionView.contentOffset = CGPoint(x: 0, y: 700)
        collectionView.layoutIfNeeded()
        window.advance(to: 1.15)
        let arrived = collectionView.visibleCells.filter { (collectionView.indexPath(for: $0)?.item ?? 0) >= 50 }
        #expect(!arrived.isEmpty)
        for cell in arrived {
            #expect(abs(cell.presentation(at: 1.15).alpha - 0.5) < 1e-6)
        }
    }

    // MARK: Fixtures

    private func makeWindow(items: Int, size: CGSize = CGSize(width: 390, height: 300),
                            header: Bool = false) -> (UIWindow, UICollectionView, NumberSource) {
        let window = HoldingWindow(frame: CGRect(origin: .zero, size: size))
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        if header { layout.headerReferenceSize = CGSize(width: 0, height: 40) }
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        collectionView.register(HeaderView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                withReuseIdentifier: "header")
        let source = NumberSource(count: items)
        collectionView.dataSource = source
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        collectionView.backgroundColor = .white
        window.keeps = source
        return (window, collectionView, source)
    }
}

/// Holds the data source, which the collection view only references weakly (as UIKit does).
private final class HoldingWindow: UIWindow {
    var keeps: AnyObject?
}

private final class NumberSource: UICollectionViewDataSource {
    var items: [Int]
    var configured = 0
    var reused = 0
    var headers = 0
    private var seen: Set<ObjectIdentifier> = []
    /// Distinct cells handed out.
    var made: Int { seen.count }

    init(count: Int) { items = Array(0..<count) }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath)
        if let cell = cell as? NumberCell {
            if cell.preparedForReuse > 0 && seen.contains(ObjectIdentifier(cell)) { reused += 1 }
            cell.label.text = String(items[indexPath.item])
        }
        seen.insert(ObjectIdentifier(cell))
        configured += 1
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        (view as? HeaderView)?.title.text = "Section \(indexPath.section)"
        headers += 1
        return view
    }
}

private final class NumberCell: UICollectionViewCell {
    let label = UILabel()
    var preparedForReuse = 0

    required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(label)
        label.highlightedTextColor = .white
        backgroundView = UIView()
        backgroundView?.backgroundColor = .systemGray5
        selectedBackgroundView = UIView()
        selectedBackgroundView?.backgroundColor = .systemBlue
    }

    required init?(coder: NSCoder) { nil }

    override func prepareForReuse() {
        super.prepareForReuse()
        preparedForReuse += 1
        label.text = nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }
}

private final class HeaderView: UICollectionReusableView {
    let title = UILabel()

    required init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(title)
    }

    required init?(coder: NSCoder) { nil }
}
