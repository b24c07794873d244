// The first half of the Xamarin article "Collection views in Xamarin.iOS" (C#), in Swift: the
// animal grid with its cell, header and decoration view, highlight, cell menus, and the layouts it
// switches between (flow, `LineLayout`, a circle with a red decoration view behind it).
//
// The article's C# is shown in pieces; every piece is here, in the order the article gives it.
// Differences, each forced by the language or by having no Objective-C runtime:
// - `using UIKit` → `import Springframes`; `[Export ("initWithFrame:")]` constructors →
//   `required override init(frame:)` (Swift makes registered classes through a required init);
//   C# object initialisers (`new UIView{BackgroundColor = …}`) → a closure that configures.
// - C# methods → UIKit's Swift names: `GetCell` → `collectionView(_:cellForItemAt:)`,
//   `GetViewForSupplementaryElement` → `collectionView(_:viewForSupplementaryElementOfKind:at:)`,
//   `ItemHighlighted`/`ItemUnhighlighted` → `didHighlightItemAt`/`didUnhighlightItemAt`,
//   `ShouldShowMenu`/`CanPerformAction`/`PerformAction` → `shouldShowMenuForItemAt`,
//   `canPerformAction(_:forItemAt:withSender:)`, `performAction(_:forItemAt:withSender:)`;
//   `CGAffineTransform.MakeScale` → `CGAffineTransform(scaleX:y:)`; `UIColor.Orange` → `.orange`.
// - Actions are compared as `Selector("copy:")` (the article's "cut, copy or paste"); Swift on
//   iOS would write `#selector(copy(_:))`, which needs the Objective-C runtime.
// - `UIImage.FromBundle ("placeholder.png")` → `UIImage(named: "placeholder.png")`; headless there
//   is no bundle, so the app (here, the test) registers its images with `UIImage.register`.
// - The article only describes the menu (show it, allow cut/copy/paste, perform the action); the
//   three overrides below are the smallest code that does what it describes. Likewise `Animal`,
//   `Header`'s body and the circle's decoration view registration are not printed in the article;
//   they follow the Xamarin sample the article is taken from.
import Springframes

/// An animal of the grid: a name and its picture.
final class Animal {
    let name: String
    let image: UIImage?

    init(name: String) {
        self.name = name
        image = UIImage(named: name + ".png")
    }
}

public class AnimalCell: UICollectionViewCell {
    var imageView: UIImageView!

    public required init(frame: CGRect) {
        super.init(frame: frame)
        backgroundView = { let view = UIView(); view.backgroundColor = UIColor.orange; return view }()
        selectedBackgroundView = { let view = UIView(); view.backgroundColor = UIColor.green; return view }()

        contentView.layer.borderColor = UIColor.lightGray.cgColor
        contentView.layer.borderWidth = 2.0
        contentView.backgroundColor = UIColor.white
        contentView.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)

        imageView = UIImageView(image: UIImage(named: "placeholder.png"))
        imageView.center = contentView.center
        imageView.transform = CGAffineTransform(scaleX: 0.7, y: 0.7)

        contentView.addSubview(imageView)
    }

    public required init?(coder: NSCoder) { nil }

    public var image: UIImage? {
        get { imageView.image }
        set { imageView.image = newValue }
    }
}

public class Header: UICollectionReusableView {
    let label: UILabel

    public var text: String? {
        get { label.text }
        set { label.text = newValue; setNeedsDisplay() }
    }

    public required init(frame: CGRect) {
        label = { let label = UILabel(); label.frame = CGRect(x: 0, y: 0, width: 300, height: 50); label.backgroundColor = UIColor.yellow; return label }()
        super.init(frame: frame)
        addSubview(label)
    }

    public required init?(coder: NSCoder) { nil }
}

public class MyDecorationView: UICollectionReusableView {
    public required init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.red
    }

    public required init?(coder: NSCoder) { nil }
}

public class SimpleCollectionViewController: UICollectionViewController {
    static let animalCellId = "AnimalCell"
    static let headerId = "Header"

    var animals: [Animal]
    /// The menu actions performed, in order (the article leaves what they do to the app).
    public private(set) var performedActions: [(action: Selector, item: Int)] = []

    public init(_ layout: UICollectionViewLayout) {
        animals = []
        for name in ["alpaca", "bear", "cat", "dog", "elephant", "fox", "giraffe", "hippo", "iguana", "jaguar",
                     "koala", "lion", "moose", "newt", "otter", "panda", "quail", "rabbit", "seal", "tiger"] {
            animals.append(Animal(name: name))
        }
        super.init(collectionViewLayout: layout)
    }

    public required init?(coder: NSCoder) { nil }

    public override func viewDidLoad() {
        super.viewDidLoad()

        collectionView.register(AnimalCell.self, forCellWithReuseIdentifier: SimpleCollectionViewController.animalCellId)
        collectionView.register(Header.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                withReuseIdentifier: SimpleCollectionViewController.headerId)
    }

    public override func numberOfSections(in collectionView: UICollectionView) -> Int {
        1
    }

    public override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        animals.count
    }

    public override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let animalCell = collectionView.dequeueReusableCell(withReuseIdentifier: SimpleCollectionViewController.animalCellId,
                                                            for: indexPath) as! AnimalCell

        let animal = animals[indexPath.row]

        animalCell.image = animal.image

        return animalCell
    }

    public override func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind elementKind: String,
                                        at indexPath: IndexPath) -> UICollectionReusableView {
        let headerView = collectionView.dequeueReusableSupplementaryView(ofKind: elementKind, withReuseIdentifier: SimpleCollectionViewController.headerId,
                                                                         for: indexPath) as! Header
        headerView.text = "Supplementary View"
        return headerView
    }

    public override func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        let cell = collectionView.cellForItem(at: indexPath)
        cell?.contentView.backgroundColor = UIColor.yellow
    }

    public override func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        let cell = collectionView.cellForItem(at: indexPath)
        cell?.contentView.backgroundColor = UIColor.white
    }

    public override func collectionView(_ collectionView: UICollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
        true
    }

    public override func collectionView(_ collectionView: UICollectionView, canPerformAction action: Selector,
                                        forItemAt indexPath: IndexPath, withSender sender: Any?) -> Bool {
        // Setting this enables whichever menu items are to be shown: cut, copy or paste.
        action == Selector("copy:") || action == Selector("paste:")
    }

    public override func collectionView(_ collectionView: UICollectionView, performAction action: Selector,
                                        forItemAt indexPath: IndexPath, withSender sender: Any?) {
        performedActions.append((action, indexPath.row))
    }
}

/// Apple's circle layout with the article's `MyDecorationView` behind the circle: the layout
/// registers the view's class and places one decoration element over the whole bounds.
public class DecoratedCircleLayout: CircleLayout {
    static let decorationKind = "MyDecorationView"

    public override init() {
        super.init()
        register(MyDecorationView.self, forDecorationViewOfKind: DecoratedCircleLayout.decorationKind)
    }

    public required init?(coder: NSCoder) { nil }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var attributes = super.layoutAttributesForElements(in: rect) ?? []
        if let decoration = layoutAttributesForDecorationView(ofKind: DecoratedCircleLayout.decorationKind,
                                                              at: IndexPath(item: 0, section: 0)) {
            attributes.append(decoration)
        }
        return attributes
    }

    public override func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                           at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard elementKind == DecoratedCircleLayout.decorationKind, let collectionView else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        attributes.frame = CGRect(origin: .zero, size: collectionView.bounds.size)
        attributes.zIndex = -1
        return attributes
    }
}
