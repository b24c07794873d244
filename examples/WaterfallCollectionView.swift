// The second half of the Xamarin article (C#), in Swift: iOS 9 interactive movement in a
// storyboard-born collection view, its data source and delegate, then the waterfall layout and a
// custom long press driving the movement.
//
// Differences, each forced by the language, by Swift's UIKit names or by having no storyboard:
// - `using UIKit` → `import Springframes`; `[Register]` and `partial` are dropped; the
//   `(IntPtr handle)` constructors a storyboard calls → `required init?(coder:)`.
// - The storyboard's part, in code: `TextCollectionViewCell` makes the centred `TextLabel` outlet
//   and the blue background the article sets in the designer; `WaterfallViewController.awakeFromNib`
//   gets its `WaterfallCollectionView` from `makeCollectionView()`, as the storyboard would connect
//   it (`init(coder:)` then `awakeFromNib()`).
// - C# methods → UIKit's Swift names: `GetItemsCount` → `numberOfItemsInSection`, `GetCell` →
//   `cellForItemAt`, `CanMoveItem`/`MoveItem` → `canMoveItemAt`/`moveItemAt`, `ShouldHighlightItem`/
//   `ItemHighlighted`/`ItemUnhighlighted` → `shouldHighlightItemAt`/`didHighlightItemAt`/
//   `didUnhighlightItemAt`; `UICollectionViewDataSource`/`UICollectionViewDelegate` are protocols,
//   so the two C# subclasses of them are `NSObject` subclasses conforming to them.
// - UIKit holds `dataSource` and `delegate` weakly, where Xamarin keeps its managed objects alive:
//   `WaterfallCollectionView` keeps them in two private properties as well.
// - `Random.Next(0, 100)` → a seeded generator, so every run draws the same heights.
// - The long press's C# lambda → `UILongPressGestureRecognizer { gesture in … }`;
//   `IndexPathForItemAtPoint`/`LocationInView` → `indexPathForItem(at:)`/`location(in:)`;
//   `UIGestureRecognizerState.Began` → `.began`.
// - `waterfallLayout.SizeForItem += (…) => {…}` → `waterfallLayout.sizeForItem = { … }`.
import Springframes

public class TextCollectionViewCell: UICollectionViewCell {
    // MARK: Outlets (the storyboard's label, centred by constraints)
    var textLabel: UILabel!

    // MARK: Computed Properties
    public var title: String? {
        get { textLabel.text }
        set { textLabel.text = newValue }
    }

    // MARK: Constructors
    public required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = UIColor(red: 164 / 255.0, green: 205 / 255.0, blue: 255 / 255.0, alpha: 1)
        textLabel = UILabel()
        textLabel.textAlignment = .center
        textLabel.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(textLabel)
        textLabel.centerXAnchor.constraint(equalTo: contentView.centerXAnchor).isActive = true
        textLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor).isActive = true
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

public class WaterfallCollectionSource: NSObject, UICollectionViewDataSource {
    // MARK: Computed Properties
    public unowned var collectionView: WaterfallCollectionView
    public var numbers: [Int] = []
    public var heights: [CGFloat] = []
    private var rnd = SeededRandom(seed: 42)

    // MARK: Constructors
    public init(_ collectionView: WaterfallCollectionView) {
        // Initialize
        self.collectionView = collectionView

        super.init()

        // Init numbers collection
        for n in 0..<100 {
            numbers.append(n)
            heights.append(CGFloat(rnd.next(0, 100)) + 40.0)
        }
    }

    // MARK: Override Methods
    public func numberOfSections(in collectionView: UICollectionView) -> Int {
        // We only have one section
        1
    }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        // Return the number of items
        numbers.count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        // Get a reusable cell and set its title from the item
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath) as? TextCollectionViewCell
        cell!.title = String(numbers[indexPath.item])

        return cell!
    }

    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        // We can always move items
        true
    }

    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                               to destinationIndexPath: IndexPath) {
        // Reorder our list of items
        let item = numbers[sourceIndexPath.item]
        numbers.remove(at: sourceIndexPath.item)
        numbers.insert(item, at: destinationIndexPath.item)
    }
}

public class WaterfallCollectionDelegate: NSObject, UICollectionViewDelegate {
    // MARK: Computed Properties
    public unowned var collectionView: WaterfallCollectionView

    // MARK: Constructors
    public init(_ collectionView: WaterfallCollectionView) {
        // Initialize
        self.collectionView = collectionView
    }

    // MARK: Overrides Methods
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        // Always allow for highlighting
        true
    }

    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        // Get cell and change to green background
        let cell = collectionView.cellForItem(at: indexPath)
        cell?.contentView.backgroundColor = UIColor(red: 183 / 255.0, green: 208 / 255.0, blue: 57 / 255.0, alpha: 1)
    }

    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        // Get cell and return to blue background
        let cell = collectionView.cellForItem(at: indexPath)
        cell?.contentView.backgroundColor = UIColor(red: 164 / 255.0, green: 205 / 255.0, blue: 255 / 255.0, alpha: 1)
    }
}

public class WaterfallCollectionView: UICollectionView {
    // Strong references: the collection view's own are weak.
    private var keptSource: WaterfallCollectionSource?
    private var keptDelegate: WaterfallCollectionDelegate?

    // MARK: Computed Properties
    public var source: WaterfallCollectionSource {
        dataSource as! WaterfallCollectionSource
    }

    // MARK: Constructors
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Override Methods
    public override func awakeFromNib() {
        super.awakeFromNib()

        // Initialize
        register(TextCollectionViewCell.self, forCellWithReuseIdentifier: "Cell")   // the storyboard's prototype cell
        keptSource = WaterfallCollectionSource(self)
        keptDelegate = WaterfallCollectionDelegate(self)
        dataSource = keptSource
        delegate = keptDelegate
    }
}

public class WaterfallViewController: UICollectionViewController {
    // MARK: Constructors
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The storyboard's collection view: a `WaterfallCollectionView` with the designer's flow
    /// metrics (cells 60 × 60, spacing 8, section insets 16).
    public override func loadView() {
        let collectionView = WaterfallCollectionView(coder: NSCoder())!
        collectionView.frame = UIScreen.main.bounds
        collectionView.backgroundColor = .white
        let flow = collectionView.collectionViewLayout as! UICollectionViewFlowLayout
        flow.itemSize = CGSize(width: 60, height: 60)
        flow.minimumInteritemSpacing = 8
        flow.minimumLineSpacing = 8
        flow.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        view = collectionView
    }

    // MARK: Override Methods
    public override func viewDidLoad() {
        super.viewDidLoad()

        // Create a custom gesture recognizer
        let longPressGesture = UILongPressGestureRecognizer { gesture in
            // Take action based on state
            switch gesture.state {
            case .began:
                let selectedIndexPath = self.collectionView.indexPathForItem(at: gesture.location(in: self.view))
                if selectedIndexPath != nil {
                    self.collectionView.beginInteractiveMovementForItem(at: selectedIndexPath!)
                }
            case .changed:
                self.collectionView.updateInteractiveMovementTargetPosition(gesture.location(in: self.view))
            case .ended:
                self.collectionView.endInteractiveMovement()
            default:
                self.collectionView.cancelInteractiveMovement()
            }
        }

        // Add the custom recognizer to the collection view
        collectionView.addGestureRecognizer(longPressGesture)
    }

    public override func awakeFromNib() {
        super.awakeFromNib()

        let waterfallLayout = WaterfallCollectionLayout()

        // Wireup events
        waterfallLayout.sizeForItem = { collectionView, layout, indexPath in
            let collection = collectionView as! WaterfallCollectionView
            return CGSize(width: (self.view.bounds.width - 40) / 3, height: collection.source.heights[indexPath.item])
        }

        // Attach the custom layout to the collection
        collectionView.setCollectionViewLayout(waterfallLayout, animated: false)
    }
}

/// The C# `Random`'s role, reproducibly: a 64-bit linear congruential generator (Knuth's MMIX
/// constants) giving integers in `low..<high`.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ low: Int, _ high: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return low + Int((state >> 33) % UInt64(high - low))
    }
}
