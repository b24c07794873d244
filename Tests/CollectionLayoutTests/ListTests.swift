import Foundation
import DisplayList
import Testing
@testable import CollectionLayout
import Vocabulary
import Raster

/// List layouts, list cells, content and background configurations, accessories and the
/// handlers of diffable data sources, against the metrics in `UICollectionLayoutListConfiguration`.
@MainActor @Suite struct ListTests {
    enum Section: Int, Hashable, Sendable { case first, second }

    /// A window of `width` × 600 pt showing a list of `counts` rows per section, each row's text its
    /// number; headers say "Header N".
    @MainActor final class Harness {
        let window: UIWindow
        let collectionView: UICollectionView
        let dataSource: UICollectionViewDiffableDataSource<Int, Int>
        var configure: (UICollectionViewListCell, Int) -> Void = { _, _ in }

        init(_ configuration: UICollectionLayoutListConfiguration, counts: [Int], width: CGFloat = 390,
             configure: @escaping (UICollectionViewListCell, Int) -> Void = { _, _ in }) {
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: 600))
            collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
            window.addSubview(collectionView)
            window.makeKeyAndVisible()
            self.configure = configure
            let cells = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, item in
                var content = cell.defaultContentConfiguration()
                content.text = "Row \(item)"
                cell.contentConfiguration = content
                configure(cell, item)
            }
            let headers = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
                elementKind: UICollectionView.elementKindSectionHeader) { header, _, indexPath in
                var content = header.defaultContentConfiguration()
                content.text = "Header \(indexPath.section)"
                header.contentConfiguration = content
            }
            dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
                collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: item)
            }
            dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in
                kind == UICollectionView.elementKindSectionHeader
                    ? collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath) : nil
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            var next = 0
            for (section, count) in counts.enumerated() {
                snapshot.appendSections([section])
                snapshot.appendItems(Array(next..<(next + count)), toSection: section)
                next += count
            }
            dataSource.apply(snapshot, animatingDifferences: false)
            collectionView.layoutIfNeeded()
        }

        func cell(_ item: Int, section: Int = 0) -> UICollectionViewListCell? {
            collectionView.cellForItem(at: IndexPath(item: item, section: section)) as? UICollectionViewListCell
        }

        func frame(_ item: Int, section: Int = 0) -> CGRect {
            collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame ?? .null
        }

        /// The window drawn at 1 px per point.
        func pixels() -> Canvas {
            let canvas = Canvas(pointWidth: Double(window.bounds.width), pointHeight: Double(window.bounds.height), scale: 1, background: .white)
            ViewRenderer.draw(window.snapshot(), into: canvas)
            return canvas
        }
    }

    private func color(_ color: UIColor) -> Color { color.cgColor.rasterColor }

    // MARK: Layout metrics

    @Test func plainRowsAreFullWidthAndSizeThemselves() {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [3])
        #expect(list.frame(0) == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(list.frame(2) == CGRect(x: 0, y: 88, width: 390, height: 44))
        #expect(list.collectionView.backgroundColor == .systemBackground)
        #expect(list.collectionView.contentSize.height == 132)
    }

    @Test func groupedSectionsAre35PointsApart() {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .grouped), counts: [2, 1])
        #expect(list.frame(0) == CGRect(x: 0, y: 35, width: 390, height: 44))
        #expect(list.frame(0, section: 1) == CGRect(x: 0, y: 35 + 88 + 35, width: 390, height: 44))
        #expect(list.collectionView.backgroundColor == .systemGroupedBackground)
    }

    /// Inset grouped: the margin is 16 pt on a 390 pt list and 20 pt on a 430 pt one.
    @Test func insetGroupedSectionsKeepTheMargin() {
        #expect(Harness(UICollectionLayoutListConfiguration(appearance: .insetGrouped), counts: [1]).frame(0)
                == CGRect(x: 16, y: 35, width: 358, height: 44))
        #expect(Harness(UICollectionLayoutListConfiguration(appearance: .insetGrouped), counts: [1], width: 430).frame(0)
                == CGRect(x: 20, y: 35, width: 390, height: 44))
    }

    @Test func plainHeadersArePinnedAndGroupedHeadersAreNot() throws {
        var plain = UICollectionLayoutListConfiguration(appearance: .plain)
        plain.headerMode = .supplementary
        let list = Harness(plain, counts: [20, 20])
        #expect(list.frame(0) == CGRect(x: 0, y: 28, width: 390, height: 44))
        list.collectionView.contentOffset = CGPoint(x: 0, y: 300)
        list.collectionView.layoutIfNeeded()
        let header = try #require(list.collectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(header.frame == CGRect(x: 0, y: 300, width: 390, height: 28), "pinned to the top while its section shows")
        var grouped = UICollectionLayoutListConfiguration(appearance: .grouped)
        grouped.headerMode = .supplementary
        let groupedList = Harness(grouped, counts: [20])
        groupedList.collectionView.contentOffset = CGPoint(x: 0, y: 300)
        let groupedHeader = try #require(groupedList.collectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(groupedHeader.frame == CGRect(x: 0, y: 0, width: 390, height: 38))
    }

    /// A row whose text wraps grows past 44 pt: 11 pt margins around its lines.
    @Test func aWrappingRowGrows() {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [2]) { cell, item in
            guard item == 0 else { return }
            var content = cell.defaultContentConfiguration()
            content.text = String(repeating: "A long line of text that wraps. ", count: 4)
            cell.contentConfiguration = content
        }
        let lines = ((list.frame(0).height - 22) / UIFont.preferredFont(forTextStyle: .body).lineHeight).rounded()
        #expect(lines >= 3, "\(list.frame(0))")
        #expect(abs(list.frame(0).height - (22 + (lines * UIFont.preferredFont(forTextStyle: .body).lineHeight).rounded(.up))) < 0.5)
        #expect(list.frame(1).minY == list.frame(0).maxY)
    }

    // MARK: Content configuration

    @Test func theContentViewIsTheConfigurationsView() throws {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [1])
        let cell = try #require(list.cell(0))
        let content = try #require(cell.contentView as? UIListContentView)
        #expect((content.configuration as? UIListContentConfiguration)?.text == "Row 0")
        // The text starts at the list's margin and is centred on the 44 pt row.
        let text = try #require(content.textLayoutGuide?.layoutFrame)
        #expect(text.minX == 16)
        #expect(abs(text.midY - 22) < 0.5)
        // A configuration of the same kind is applied to the same view.
        var next = UIListContentConfiguration.cell()
        next.text = "Changed"
        cell.contentConfiguration = next
        #expect(cell.contentView === content)
    }

    @Test func anImagePushesTheTextAndTheSeparator() throws {
        let image = UIImage(canvas: Canvas(pointWidth: 29, pointHeight: 29, scale: 1, background: .black))
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [2]) { cell, _ in
            var content = cell.defaultContentConfiguration()
            content.text = "Wi-Fi"
            content.image = image
            cell.contentConfiguration = content
        }
        let cell = try #require(list.cell(0))
        let content = try #require(cell.contentView as? UIListContentView)
        #expect(content.imageLayoutGuide?.layoutFrame == CGRect(x: 16, y: 7.5, width: 29, height: 29))
        #expect(content.textLayoutGuide?.layoutFrame.minX == 61, "16 + 29 + 16")
        #expect(cell.separatorLayoutGuide.layoutFrame.minX == 61)
    }

    @Test func aValueCellPutsItsSecondaryTextAtTheTrailingMargin() throws {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [1]) { cell, _ in
            var content = UIListContentConfiguration.valueCell()
            content.text = "Wi-Fi"
            content.secondaryText = "Home"
            cell.contentConfiguration = content
        }
        let content = try #require(list.cell(0)?.contentView as? UIListContentView)
        let secondary = try #require(content.secondaryTextLayoutGuide?.layoutFrame)
        #expect(secondary.maxX == 374, "390 - 16")
        #expect(abs(secondary.midY - 22) < 0.5)
    }

    // MARK: Separators, backgrounds, state

    /// Separators: a hairline under every row but the last, from the text to the trailing edge.
    @Test func separatorsRunUnderEveryRowButTheLast() throws {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [3])
        #expect(list.cell(0)?.separatorLayoutGuide.layoutFrame == CGRect(x: 16, y: 44 - 1.0 / 3, width: 374, height: 1.0 / 3))
        #expect(list.cell(2)?.separatorLayoutGuide.layoutFrame == .zero)
        var hidden = UICollectionLayoutListConfiguration(appearance: .plain)
        hidden.showsSeparators = false
        #expect(Harness(hidden, counts: [3]).cell(0)?.separatorLayoutGuide.layoutFrame == .zero)
        var handled = UICollectionLayoutListConfiguration(appearance: .plain)
        handled.itemSeparatorHandler = { indexPath, configuration in
            var configuration = configuration
            configuration.bottomSeparatorInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
            if indexPath.item == 1 { configuration.bottomSeparatorVisibility = .hidden }
            return configuration
        }
        let custom = Harness(handled, counts: [3])
        #expect(custom.cell(0)?.separatorLayoutGuide.layoutFrame.minX == 0)
        #expect(custom.cell(1)?.separatorLayoutGuide.layoutFrame == .zero)
    }

    /// The list's row background is drawn, turns systemGray4 while selected, and a chosen
    /// background colour stays as it is.
    @Test func rowBackgroundsFollowTheirState() throws {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .insetGrouped), counts: [3]) { cell, item in
            if item == 2 { cell.backgroundColor = .systemRed }
        }
        var pixels = list.pixels()
        #expect(pixels.pixel(x: 100, y: 35 + 22) == color(.secondarySystemGroupedBackground))
        #expect(pixels.pixel(x: 8, y: 35 + 22) == color(.systemGroupedBackground), "outside the inset section")
        list.collectionView.allowsMultipleSelection = true
        list.collectionView.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        list.collectionView.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        list.collectionView.layoutIfNeeded()
        pixels = list.pixels()
        #expect(pixels.pixel(x: 100, y: 35 + 22) == color(.systemGray4))
        #expect(pixels.pixel(x: 100, y: 35 + 44 + 22) == color(.secondarySystemGroupedBackground))
        #expect(pixels.pixel(x: 100, y: 35 + 88 + 22) == color(.systemRed))
    }

    /// The first and last rows of an inset-grouped section round their outer corners by 10 pt.
    @Test func insetGroupedSectionsHaveRoundedCorners() {
        let pixels = Harness(UICollectionLayoutListConfiguration(appearance: .insetGrouped), counts: [3]).pixels()
        let background = color(.systemGroupedBackground), row = color(.secondarySystemGroupedBackground)
        #expect(pixels.pixel(x: 16, y: 35) == background, "top left corner of the section")
        #expect(pixels.pixel(x: 373, y: 35 + 131) == background, "bottom right corner")
        #expect(pixels.pixel(x: 16, y: 35 + 60) == row, "rows between have square corners")
        #expect(pixels.pixel(x: 26, y: 45) == row)
    }

    @Test func configurationUpdateHandlerHearsEachState() throws {
        var states: [UICellConfigurationState] = []
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [2]) { cell, item in
            guard item == 0 else { return }
            cell.configurationUpdateHandler = { cell, state in
                states.append(state)
                var content = UIListContentConfiguration.cell().updated(for: state)
                content.text = state.isSelected ? "Selected" : "Not selected"
                cell.contentConfiguration = content
            }
        }
        let cell = try #require(list.cell(0))
        #expect(states.last?.isSelected == false)
        list.collectionView.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        list.collectionView.layoutIfNeeded()
        #expect(states.last?.isSelected == true)
        #expect(((cell.contentView as? UIListContentView)?.configuration as? UIListContentConfiguration)?.text == "Selected")
        list.collectionView.isEditing = true
        list.collectionView.layoutIfNeeded()
        #expect(states.last?.isEditing == true)
    }

    // MARK: Accessories

    @Test func accessoriesTakeTheirSidesAndShowWhenTheyShould() throws {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [1]) { cell, _ in
            cell.accessories = [.delete(), .disclosureIndicator(), .reorder()]
        }
        let cell = try #require(list.cell(0))
        let views = cell.subviews.compactMap { $0 as? CellAccessoryView }
        #expect(views.count == 3)
        #expect(views.map(\.isHidden) == [true, false, true], "delete and reorder show while editing")
        #expect(views[1].frame == CGRect(x: 390 - 16 - 8, y: 0, width: 8, height: 44))
        // The content view ends 8 pt short of the chevron, plus its own 16 pt margin: at 366 + 16 - 8.
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 374, height: 44))
        list.collectionView.isEditing = true
        list.collectionView.layoutIfNeeded()
        #expect(views.map(\.isHidden) == [false, false, false])
        #expect(views[0].frame == CGRect(x: 16, y: 0, width: 22, height: 44), "delete at the leading margin")
        #expect(views[2].frame.maxX == 374, "reorder at the trailing margin, 390 - 16")
        #expect(views[1].frame.maxX == 344, "the chevron before it: 374 - 18 - 12")
        #expect(cell.contentView.frame.minX == 38, "the content starts past the delete button")
    }

    @Test func theDisclosureChevronIsDrawnInTertiaryLabel() throws {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [1]) { cell, _ in
            cell.accessories = [.disclosureIndicator()]
        }
        let canvas = Canvas(pointWidth: 390, pointHeight: 600, scale: 4, background: .white)
        ViewRenderer.draw(list.window.snapshot(), into: canvas)
        // The chevron's tip, 8 pt wide and 13 tall, at 366…374 × 15.5…28.5 pt.
        let tip = canvas.pixel(x: Int((374 - 1.5) * 4), y: 22 * 4)
        #expect(tip.red < 235 && tip.red > 150, "drawn: \(tip)")
        #expect(canvas.pixel(x: Int(360 * 4), y: 22 * 4) == Color(red: 255, green: 255, blue: 255, alpha: 255))
    }

    // MARK: Diffable data source handlers

    @Test func anOutlineDisclosureExpandsAndCollapsesItsItem() throws {
        var expanding: [Int] = []
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [0]) { cell, item in
            cell.accessories = item < 100 ? [.outlineDisclosure()] : []
        }
        list.dataSource.sectionSnapshotHandlers.willExpandItem = { expanding.append($0) }
        var outline = NSDiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        outline.append([101, 102], to: 1)
        list.dataSource.apply(outline, to: 0, animatingDifferences: false)
        list.collectionView.layoutIfNeeded()
        #expect(list.dataSource.snapshot().itemIdentifiers == [1, 2])
        let chevron = try #require(list.cell(0)?.subviews.compactMap { $0 as? CellAccessoryView }.first)
        #expect(chevron.isExpanded == false)
        list.dataSource.toggleExpansion(at: IndexPath(item: 0, section: 0))
        #expect(expanding == [1])
        #expect(list.dataSource.snapshot().itemIdentifiers == [1, 101, 102, 2])
        list.collectionView.layoutIfNeeded()
        #expect(list.cell(0)?.configurationState.isExpanded == true)
        #expect(chevron.isExpanded == true)
        list.dataSource.toggleExpansion(at: IndexPath(item: 0, section: 0))
        #expect(list.dataSource.snapshot().itemIdentifiers == [1, 2])
    }

    @Test func reorderingNeedsAHandlerAndUpdatesTheSnapshot() throws {
        let list = Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [3, 2])
        let source = list.dataSource
        #expect(source.collectionView(list.collectionView, canMoveItemAt: IndexPath(item: 0, section: 0)) == false)
        var transactions: [NSDiffableDataSourceTransaction<Int, Int>] = []
        source.reorderingHandlers.canReorderItem = { $0 != 4 }
        source.reorderingHandlers.didReorder = { transactions.append($0) }
        #expect(source.collectionView(list.collectionView, canMoveItemAt: IndexPath(item: 0, section: 0)))
        #expect(source.collectionView(list.collectionView, canMoveItemAt: IndexPath(item: 1, section: 1)) == false)
        source.collectionView(list.collectionView, moveItemAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1))
        #expect(source.snapshot().itemIdentifiers(inSection: 0) == [1, 2])
        #expect(source.snapshot().itemIdentifiers(inSection: 1) == [3, 0, 4])
        let transaction = try #require(transactions.first)
        #expect(transaction.initialSnapshot.itemIdentifiers == [0, 1, 2, 3, 4])
        #expect(transaction.finalSnapshot.itemIdentifiers == [1, 2, 3, 0, 4])
        #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == [0, 1])
        #expect(Array(transaction.difference.removals.map { if case .remove(_, let item, _) = $0 { item } else { -1 } }) == [0])
    }
}

@MainActor @Suite struct ListTapTests {
    @Test func aTapSelectsARowAndItTurnsGray() throws {
        let list = ListTests.Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [3])
        list.window.send(Touch(.began, at: CGPoint(x: 100, y: 66), time: 0.1))
        list.window.send(Touch(.ended, at: CGPoint(x: 100, y: 66), time: 0.15))
        list.window.advance(to: 0.5)
        #expect(list.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(list.cell(1)?.isSelected == true)
        #expect(list.pixels().pixel(x: 200, y: 66) == UIColor.systemGray4.cgColor.rasterColor)
    }
}

extension ListTapTests {
    /// A cell moved by an interactive movement says so in its configuration state.
    @Test func aMovingCellsStateIsReordering() throws {
        let list = ListTests.Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [3])
        list.dataSource.reorderingHandlers.canReorderItem = { _ in true }
        var reordering: [Bool] = []
        let cell = try #require(list.cell(0))
        cell.configurationUpdateHandler = { _, state in reordering.append(state.isReordering) }
        list.collectionView.layoutIfNeeded()
        #expect(list.collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        list.collectionView.layoutIfNeeded()
        list.collectionView.endInteractiveMovement()
        list.collectionView.layoutIfNeeded()
        #expect(reordering == [false, true, false])
    }
}

/// Swiping a row reveals its actions, as on iOS.
@MainActor @Suite struct SwipeActionsTests {
    final class Log { var performed: [String] = [] }

    private func list(log: Log, fullSwipe: Bool = true) -> ListTests.Harness {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                log.performed.append("delete \(indexPath.item)")
                done(true)
            }
            let actions = UISwipeActionsConfiguration(actions: [delete])
            actions.performsFirstActionWithFullSwipe = fullSwipe
            return actions
        }
        return ListTests.Harness(configuration, counts: [20])
    }

    /// A drag from x to x + dx along row `row`'s middle over 0.3 s, held 0.2 s, then lifted;
    /// the list settles for a second.
    private func drag(_ list: ListTests.Harness, row: Int = 0, from x: CGFloat, by dx: CGFloat, dy: CGFloat = 0, start: TimeInterval) {
        let y = CGFloat(row) * 44 + 22
        list.window.send(Touch(.began, at: CGPoint(x: x, y: y), time: start))
        for step in 1...15 {
            let p = CGFloat(step) / 15
            list.window.send(Touch(.moved, at: CGPoint(x: x + dx * p, y: y + dy * p), time: start + 0.3 * Double(p)))
        }
        list.window.send(Touch(.ended, at: CGPoint(x: x + dx, y: y + dy), time: start + 0.5))
        list.window.advance(to: start + 1.5)
    }

    /// The Delete button's width: its title and 15 pt a side, at least 74 pt.
    private var deleteWidth: CGFloat {
        let title = UILabel()
        title.text = "Delete"
        title.font = .systemFont(ofSize: 15, weight: .semibold)
        return max(74, title.sizeThatFits(.zero).width + 30)
    }

    @Test func aSwipePastHalfTheButtonsLeavesTheRowOpen() throws {
        let log = Log()
        let list = list(log: log)
        drag(list, from: 300, by: -100, start: 0.1)
        let cell = try #require(list.cell(0))
        // The pan begins 10 pt in, so the content moved 90 pt: past half the button, so once let
        // go it rests at the button's width.
        #expect(deleteWidth > 45 && deleteWidth < 90)
        #expect(cell.swipeShift == deleteWidth)
        #expect(cell.configurationState.isSwiped)
        #expect(cell.contentView.frame.minX == -deleteWidth)
        let pixels = list.pixels()
        #expect(pixels.pixel(x: 388, y: 3) == UIColor.systemRed.cgColor.rasterColor, "the Delete button")
        #expect(pixels.pixel(x: Int(390 - deleteWidth) - 3, y: 3) == UIColor.white.cgColor.rasterColor, "the row, moved aside")
        #expect(log.performed.isEmpty)
        #expect(list.collectionView.contentOffset == .zero, "the list did not scroll")
        // Tapping the button performs the action; its completion closes the row.
        list.window.send(Touch(.began, at: CGPoint(x: 380, y: 22), time: 2))
        list.window.send(Touch(.ended, at: CGPoint(x: 380, y: 22), time: 2.05))
        list.window.advance(to: 3)
        #expect(log.performed == ["delete 0"])
        #expect(list.collectionView.indexPathsForSelectedItems == [], "a tap on a button does not select the row")
        #expect(cell.swipeShift == 0)
        #expect(!cell.configurationState.isSwiped)
    }

    @Test func aShortSwipeClosesAgain() throws {
        let list = list(log: Log())
        drag(list, from: 300, by: -40, start: 0.1)
        #expect(try #require(list.cell(0)).swipeShift == 0, "30 pt, less than half the button: closed")
    }

    @Test func aFullSwipePerformsTheFirstAction() throws {
        let log = Log()
        let list = list(log: log)
        drag(list, row: 2, from: 370, by: -260, start: 0.1)
        #expect(log.performed == ["delete 2"])
        #expect(try #require(list.cell(2)).swipeShift == 0)
        let noFull = self.list(log: log, fullSwipe: false)
        drag(noFull, row: 1, from: 370, by: -260, start: 0.1)
        #expect(log.performed == ["delete 2"], "not without performsFirstActionWithFullSwipe")
        #expect(try #require(noFull.cell(1)).swipeShift == deleteWidth)
    }

    @Test func aDragAlongTheListScrollsIt() throws {
        let list = list(log: Log())
        drag(list, row: 8, from: 200, by: 0, dy: -200, start: 0.1)
        #expect(list.collectionView.contentOffset.y > 150)
        #expect(list.collectionView.visibleCells.allSatisfy { ($0 as? UICollectionViewListCell)?.swipeShift == 0 })
    }

    @Test func rowsWithoutActionsDoNotSwipe() throws {
        let list = ListTests.Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [3])
        drag(list, from: 300, by: -100, start: 0.1)
        #expect(try #require(list.cell(0)).swipeShift == 0)
    }
}

extension SwipeActionsTests {
    /// A list cell's own swipe actions configuration serves when the list gives none.
    @Test func aCellsOwnSwipeActionsServe() throws {
        let log = Log()
        let list = ListTests.Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [3]) { cell, item in
            cell.trailingSwipeActionsConfiguration = UISwipeActionsConfiguration(actions: [
                UIContextualAction(style: .normal, title: "Flag") { _, _, done in log.performed.append("flag \(item)"); done(true) }])
        }
        drag(list, from: 300, by: -100, start: 0.1)
        #expect(try #require(list.cell(0)).swipeShift > 0)
    }
}

extension ListTapTests {
    /// A custom view's placement puts it among its side's accessories: before the disclosure
    /// indicator, here.
    @Test func aCustomViewGoesWhereItsPlacementSays() throws {
        let star = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let list = ListTests.Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [1]) { cell, _ in
            cell.accessories = [.disclosureIndicator(),
                                .customView(configuration: .init(customView: star, placement: .trailing(at: UICellAccessory.position(before: .disclosureIndicator())),
                                                                 reservedLayoutWidth: .actual))]
        }
        let views = try #require(list.cell(0)).subviews.compactMap { $0 as? CellAccessoryView }
        // The chevron at the trailing margin (366…374), the star 12 pt before it.
        #expect(views[0].frame.maxX == 374)
        #expect(views[1].frame == CGRect(x: 334, y: 0, width: 20, height: 44))
    }
}

extension ListTapTests {
    /// A row that wraps is measured again when the list's width changes: narrower, it is taller.
    @Test func rowsAreMeasuredAgainAtANewWidth() throws {
        let list = ListTests.Harness(UICollectionLayoutListConfiguration(appearance: .plain), counts: [2]) { cell, item in
            guard item == 0 else { return }
            var content = cell.defaultContentConfiguration()
            content.text = String(repeating: "A line that wraps. ", count: 6)
            cell.contentConfiguration = content
        }
        let wide = list.frame(0).height
        list.collectionView.frame = CGRect(x: 0, y: 0, width: 250, height: 600)
        list.collectionView.layoutIfNeeded()
        let narrow = list.frame(0).height
        #expect(narrow > wide, "\(wide) pt at 390 pt wide, \(narrow) pt at 250")
        #expect(list.frame(1).minY == list.frame(0).maxY)
        // And back: the first height again.
        list.collectionView.frame = CGRect(x: 0, y: 0, width: 390, height: 600)
        list.collectionView.layoutIfNeeded()
        #expect(list.frame(0).height == wide)
    }
}

extension ListTapTests {
    /// A cell's state carries its traits, and a change of appearance updates its configuration;
    /// the dark list draws its rows in the dark grouped colours.
    @Test func aDarkListUpdatesItsCellsAndDrawsInDarkColours() throws {
        let list = ListTests.Harness(UICollectionLayoutListConfiguration(appearance: .insetGrouped), counts: [2])
        var styles: [UIUserInterfaceStyle] = []
        let cell = try #require(list.cell(0))
        cell.configurationUpdateHandler = { _, state in styles.append(state.traitCollection.userInterfaceStyle) }
        list.collectionView.layoutIfNeeded()
        list.collectionView.overrideUserInterfaceStyle = .dark
        list.collectionView.layoutIfNeeded()
        #expect(styles == [.light, .dark])
        let pixels = list.pixels()
        #expect(pixels.pixel(x: 200, y: 60) == Color(rgb: 0x1C1C1E), "a row: secondarySystemGroupedBackground, dark")
        #expect(pixels.pixel(x: 4, y: 60) == Color(rgb: 0x000000), "around the section: systemGroupedBackground, dark")
    }
}

