import CollectionLayout
import Foundation
import DisplayList
import Raster
@testable import Recording
@testable import Scenes
import Testing

/// The built-in scenes of iOS 14-style collection views: a list, a compositional carousel over a
/// grid, and a list changed by batch updates.
@MainActor @Suite struct ListScenesTests {
    private func pixels(_ frame: RecordedFrame) -> Canvas {
        let canvas = Canvas(pointWidth: 390, pointHeight: 844, scale: 1, background: .white)
        ViewRenderer.draw(frame.snapshot, into: canvas)
        return canvas
    }

    /// Rows size themselves (65 pt with a subtitle, 44 without), a tap selects the row under it,
    /// which turns systemGray4, and each row has one cell.
    @Test func theSettingsListSizesItsRowsAndSelectsATappedOne() throws {
        let scene = try BuiltInScenes.named("settings-list")!.scene()
        let runner = SceneRunner(scene: scene, font: try Font.named())
        let player = runner.play(fps: scene.fps)
        let frame = player.frame(40)
        let collectionView = runner.collectionView
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 16, y: 38, width: 358, height: 65))
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 16, y: 168, width: 358, height: 44))
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        let canvas = pixels(frame)
        #expect(canvas.pixel(x: 300, y: 130) == UIColor.systemGray4.cgColor.rasterColor, "the tapped row")
        #expect(canvas.pixel(x: 300, y: 60) == UIColor.white.cgColor.rasterColor, "the row above")
        // One view per element: sizing rounds do not leave second cells behind.
        let cells = collectionView.subviews.compactMap { $0 as? UICollectionViewListCell }.filter { !$0.isHidden }
        let paths = cells.compactMap { collectionView.indexPath(for: $0) }
        #expect(cells.count == Set(cells.map { ObjectIdentifier($0) }).count)
        #expect(paths.count == Set(paths).count, "\(paths.count) cells for \(Set(paths).count) items")
    }

    /// A flick pages the carousel one card, centred (the card's middle at the canvas' middle).
    @Test func theCarouselPagesACentredCardAFlick() throws {
        let scene = try BuiltInScenes.named("carousel-grid")!.scene()
        let runner = SceneRunner(scene: scene, font: try Font.named())
        let player = runner.play(fps: scene.fps)
        func card(_ item: Int) -> CGRect? {
            runner.collectionView.cellForItem(at: IndexPath(item: item, section: 0))?.frame
        }
        _ = player.frame(0)
        #expect(card(0)?.minX == 16)
        _ = player.frame(80)   // 1.33 s: the first flick has settled
        #expect(abs((card(1)?.midX ?? 0) - 195) < 0.01, "\(String(describing: card(1)))")
        _ = player.frame(150)  // 2.5 s: the second
        #expect(abs((card(2)?.midX ?? 0) - 195) < 0.01)
        #expect(runner.collectionView.contentOffset.y == 0, "the grid did not scroll with the carousel")
        _ = player.frame(240)
        #expect(runner.collectionView.contentOffset.y > 200, "a drag in the grid scrolls it")
    }

    /// Deleted rows fade where they were while the rows below close up, halfway at half the
    /// animation; the final order is the updates' result.
    @Test func listUpdatesAnimateAsBatchUpdates() throws {
        let scene = try BuiltInScenes.named("list-updates")!.scene()
        let runner = SceneRunner(scene: scene, font: try Font.named())
        let player = runner.play(fps: 60)
        let collectionView = runner.collectionView
        func label(_ cell: UICollectionViewCell) -> String? {
            ((cell.contentView as? UIListContentView)?.configuration as? UIListContentConfiguration)?.text
        }
        func cell(_ text: String) -> UICollectionViewCell? {
            collectionView.subviews.compactMap { $0 as? UICollectionViewCell }.first { label($0) == text && !$0.isHidden }
        }
        _ = player.frame(0)
        let eggs = try #require(cell("Eggs")), bread = try #require(cell("Bread"))
        #expect(eggs.frame.minY == 44 && bread.frame.minY == 88)
        // The delete at 0.5 s lasts 0.3 s: at 0.65 s, ease-in-out is halfway.
        _ = player.frame(39)   // 0.65 s
        #expect(abs(eggs.alpha - 0.5) < 1e-6, "Eggs fades where it was")
        #expect(eggs.frame.minY == 44)
        #expect(abs(bread.frame.minY - 66) < 1e-6, "Bread halfway from 88 to 44: \(bread.frame)")
        _ = player.frame(210)
        let rows = collectionView.visibleCells.sorted { $0.frame.minY < $1.frame.minY }.compactMap(label)
        #expect(rows == ["Rice", "Oranges", "Milk", "Honey", "Butter", "Bread", "Coffee", "Tomatoes"])
    }
}

/// Scene format 1.2: list and compositional layouts and timed updates, and their errors.
@Suite struct ListSceneDecodingTests {
    private func message(_ text: String) -> String {
        do {
            _ = try Scene(data: Array(text.utf8), file: "s.json")
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    @Test func listsAndCompositionalLayoutsDecode() throws {
        let list = try Scene(data: Array(#"{"collection": {"items": 3, "layout": {"type": "list", "appearance": "plain", "accessory": "checkmark"}}}"#.utf8),
                             file: "s.json")
        #expect(list.collection.layout == .list(Scene.List(appearance: .plain, accessory: .checkmark, separators: true)))
        let grid = try Scene(data: Array(#"{"collection": {"items": 3, "layout": {"type": "compositional", "columns": 2, "sections": [{"scrolling": "paging"}, {}]}}}"#.utf8),
                             file: "s.json")
        guard case .compositional(let compositional) = grid.collection.layout else { Issue.record("not compositional"); return }
        #expect(compositional.section(0).scrolling == .paging && compositional.section(0).columns == 2, "a section inherits the layout's keys")
        #expect(compositional.section(5).scrolling == .none, "the last section's settings hold for the rest")
    }

    @Test func errorsNameThePathAndWhatWasFound() {
        #expect(message(#"{"collection": {"items": 3, "layout": {"type": "list", "appearance": "sidebar"}}}"#)
                == #"s.json: collection.layout.appearance: expected one of "plain", "grouped", "insetGrouped", found "sidebar""#)
        #expect(message(#"{"collection": {"items": 3, "layout": {"type": "compositional", "sections": [{"scrolling": "sideways"}]}}}"#)
                == #"s.json: collection.layout.sections[0].scrolling: expected one of "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered", found "sideways""#)
        #expect(message(#"{"collection": {"items": 3, "layout": {"type": "list"}}, "updates": [{"at": 1, "delete": [3]}]}"#)
                == "s.json: updates[0].delete[0]: expected an item that exists before this update (items per section: 3), found section 0, item 3")
        #expect(message(#"{"collection": {"items": 3, "layout": {"type": "list"}}, "updates": [{"at": 1, "delete": [0]}, {"at": 1.5, "insert": [3]}]}"#)
                == "s.json: updates[1].insert[0]: expected a place in an existing section (items per section after the deletes: 2), found section 0, item 3")
        #expect(message(#"{"collection": {"items": 3, "layout": {"type": "list"}}, "updates": [{"at": 2, "delete": [0]}, {"at": 1, "delete": [0]}]}"#)
                == "s.json: updates[1].at: expected updates in time order; this one is at 1 s, after one at 2 s")
        #expect(message(#"{"collection": {"items": 3, "layout": {"type": "list"}}, "updates": [{"at": 1, "insert": [0], "items": [{"text": "a"}, {"text": "b"}]}]}"#)
                == #"s.json: updates[0].items: expected one item object per insert (1), such as [{ "text": "New" }]"#)
        #expect(message(#"{"collection": {"items": 3, "layout": {"type": "list"}}, "updates": [{"at": 1}]}"#)
                == #"s.json: updates[0]: changes nothing; give "delete", "insert" or "move""#)
    }
}
