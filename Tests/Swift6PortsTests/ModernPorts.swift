// The five articles' view controllers as an iOS 18 app written in Swift 6 would hold them: the
// isolation spelled out (`@MainActor` types, `nonisolated` constants, main-actor closures,
// `Sendable` models, an isolated `deinit`), with only `import UIKit` changed. Their layouts are
// the articles' own, from the Examples target.

@testable import Examples
import Springframes

// MARK: Four-corner cluster drag

@MainActor
final class ClusterDragController: UIViewController {
    nonisolated static let cellIdentifier = "Cell"
    nonisolated static let itemCount = 1000

    /// Selected items, in the order they were tapped.
    private(set) var selectedIndexPaths: [IndexPath] = []

    private(set) lazy var collectionView: UICollectionView = {
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: DraggableLayout())
        collectionView.backgroundColor = .white
        collectionView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(collectionView)
        NSLayoutConstraint.activate([
            collectionView.topAnchor.constraint(equalTo: topLayoutGuide.bottomAnchor),
            collectionView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            collectionView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            collectionView.bottomAnchor.constraint(equalTo: bottomLayoutGuide.topAnchor),
        ])
        return collectionView
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
        collectionView.addGestureRecognizer(UILongPressGestureRecognizer(target: self, action: ClusterDragController.drag(_:)))
    }

    private func drag(_ gesture: UILongPressGestureRecognizer) {
        guard let layout = collectionView.collectionViewLayout as? DraggableLayout else { return }
        let location = gesture.location(in: collectionView)
        switch gesture.state {
        case .began: layout.startDragging(indexPaths: selectedIndexPaths, from: location)
        case .changed: layout.updateDragLocation(location)
        case .ended, .failed, .cancelled: layout.endDragging()
        case .possible: break
        }
    }
}

extension ClusterDragController: UICollectionViewDataSource, UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { Self.itemCount }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath)
        cell.backgroundColor = selectedIndexPaths.contains(indexPath) ? .red : .gray
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        if let index = selectedIndexPaths.firstIndex(of: indexPath) {
            selectedIndexPaths.remove(at: index)
        } else {
            selectedIndexPaths.append(indexPath)
        }
        collectionView.cellForItem(at: indexPath)?.backgroundColor = selectedIndexPaths.contains(indexPath) ? .red : .gray
    }
}

// MARK: Messages-style springy scrolling

/// One message of the conversation: a value that may cross to any task.
struct Message: Sendable, Hashable {
    let id: Int
    let text: String
}

@MainActor
final class ConversationController: UICollectionViewController {
    nonisolated static let cellIdentifier = "bubble"

    /// A bubble laid out by Auto Layout, configured from its message.
    final class BubbleCell: UICollectionViewCell {
        private let bubble = UIView()
        private let label = UILabel()

        required init(frame: CGRect) {
            super.init(frame: frame)
            bubble.backgroundColor = .systemBlue
            bubble.layer.cornerRadius = 18
            label.textColor = .white
            for view in [bubble, label] { view.translatesAutoresizingMaskIntoConstraints = false }
            contentView.addSubview(bubble)
            bubble.addSubview(label)
            NSLayoutConstraint.activate([
                bubble.topAnchor.constraint(equalTo: contentView.topAnchor),
                bubble.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                bubble.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                bubble.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                label.leadingAnchor.constraint(equalTo: bubble.leadingAnchor, constant: 12),
                label.trailingAnchor.constraint(equalTo: bubble.trailingAnchor, constant: -12),
                label.centerYAnchor.constraint(equalTo: bubble.centerYAnchor),
            ])
        }

        required init?(coder: NSCoder) { nil }

        func configure(with message: Message) {
            label.text = message.text
        }
    }

    private let messages: [Message]

    init(messages: [Message]) {
        self.messages = messages
        let layout = SpringyFlowLayout()
        layout.itemSize = CGSize(width: 370, height: 44)
        super.init(collectionViewLayout: layout)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(BubbleCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { messages.count }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath) as! BubbleCell
        cell.configure(with: messages[indexPath.item])
        return cell
    }
}

/// The springy layout with its teardown in an isolated deinit (Swift 6.2), where iOS code now
/// removes its behaviors on the main actor.
@MainActor
final class IsolatedSpringyLayout: UICollectionViewFlowLayout {
    let animator: UIDynamicAnimator

    override init() {
        animator = UIDynamicAnimator(referenceBounds: .zero)
        super.init()
    }

    required init?(coder: NSCoder) { nil }

    isolated deinit {
        animator.removeAllBehaviors()
    }
}

// MARK: Drag and rearrange (KDRearrangeableCollectionViewFlowLayout)

@MainActor
final class RearrangeController: UIViewController, UICollectionViewDataSource, KDRearrangeableCollectionViewDelegate {
    nonisolated static let cellIdentifier = "cell"

    private(set) var items = Array(0..<200)
    private let layout = KDRearrangeableCollectionViewFlowLayout()
    private(set) lazy var collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)

    override func viewDidLoad() {
        super.viewDidLoad()
        layout.itemSize = CGSize(width: 80, height: 80)
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
        layout.setup()
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath)
        cell.backgroundColor = UIColor(hue: CGFloat(items[indexPath.item] % 20) / 20, saturation: 0.6, brightness: 0.9, alpha: 1)
        return cell
    }

    func moveDataItem(_ fromIndexPath: IndexPath, toIndexPath: IndexPath) {
        items.insert(items.remove(at: fromIndexPath.item), at: toIndexPath.item)
    }
}

// MARK: Xamarin: a simple collection view, highlight and the cell menu

@MainActor
final class AnimalsController: UICollectionViewController {
    nonisolated static let cellIdentifier = "AnimalCell"
    nonisolated static let headerIdentifier = "Header"
    nonisolated static let names = ["alpaca", "bear", "cat", "dog", "elephant", "fox", "giraffe", "hippo", "iguana", "jaguar",
                                    "koala", "lion", "moose", "newt", "otter", "panda", "quail", "rabbit", "seal", "tiger"]

    private let animals = AnimalsController.names.map(Animal.init(name:))
    /// Called on the main actor with each menu action performed.
    var onAction: (@MainActor (Selector, IndexPath) -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(AnimalCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
        collectionView.register(Header.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                withReuseIdentifier: Self.headerIdentifier)
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { animals.count }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath) as! AnimalCell
        cell.image = animals[indexPath.item].image
        return cell
    }

    override func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                                 at indexPath: IndexPath) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.headerIdentifier,
                                                                     for: indexPath) as! Header
        header.text = "Supplementary View"
        return header
    }

    override func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        collectionView.cellForItem(at: indexPath)?.contentView.backgroundColor = .yellow
    }

    override func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        collectionView.cellForItem(at: indexPath)?.contentView.backgroundColor = .white
    }

    override func collectionView(_ collectionView: UICollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { true }

    override func collectionView(_ collectionView: UICollectionView, canPerformAction action: Selector, forItemAt indexPath: IndexPath,
                                 withSender sender: Any?) -> Bool {
        action == Selector("copy:") || action == Selector("paste:")
    }

    override func collectionView(_ collectionView: UICollectionView, performAction action: Selector, forItemAt indexPath: IndexPath,
                                 withSender sender: Any?) {
        onAction?(action, indexPath)
    }
}

// MARK: Xamarin: the waterfall, reordered by a long press

@MainActor
final class WaterfallController: UICollectionViewController {
    /// The storyboard's collection view, as the article's `loadView` builds it.
    override func loadView() {
        let collectionView = WaterfallCollectionView(coder: NSCoder())!
        collectionView.frame = UIScreen.main.bounds
        collectionView.backgroundColor = .white
        view = collectionView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = WaterfallCollectionLayout()
        layout.sizeForItem = { [unowned self] collectionView, _, indexPath in
            let heights = (collectionView as! WaterfallCollectionView).source.heights
            return CGSize(width: (view.bounds.width - 40) / 3, height: heights[indexPath.item])
        }
        collectionView.setCollectionViewLayout(layout, animated: false)
        collectionView.addGestureRecognizer(UILongPressGestureRecognizer { [unowned self] gesture in
            reorder(with: gesture)
        })
    }

    private func reorder(with gesture: UIGestureRecognizer) {
        switch gesture.state {
        case .began:
            if let indexPath = collectionView.indexPathForItem(at: gesture.location(in: view)) {
                collectionView.beginInteractiveMovementForItem(at: indexPath)
            }
        case .changed: collectionView.updateInteractiveMovementTargetPosition(gesture.location(in: view))
        case .ended: collectionView.endInteractiveMovement()
        default: collectionView.cancelInteractiveMovement()
        }
    }
}
