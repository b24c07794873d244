import Vocabulary
import Foundation

extension UICollectionView {
    /// How to make and configure a cell for an item, as UIKit's (iOS 14): the cell class is
    /// registered under an identifier of its own the first time it is dequeued.
    ///
    /// ```swift
    /// let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, indexPath, name in
    ///     var content = cell.defaultContentConfiguration()
    ///     content.text = name
    ///     cell.contentConfiguration = content
    /// }
    /// let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { view, indexPath, name in
    ///     view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
    /// }
    /// ```
    @MainActor
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (Cell, IndexPath, Item) -> Void

        let reuseIdentifier: String
        let handler: Handler

        public init(handler: @escaping Handler) {
            reuseIdentifier = RegistrationIdentifiers.next("cell", Cell.self)
            self.handler = handler
        }

        /// Nibs are not loaded here (build cells in code): the cell class is used as it is.
        public init(cellNib: UINib, handler: @escaping Handler) {
            UIKitCompatibility.notHonoured("UICollectionView.CellRegistration(cellNib:handler:)",
                                           "nibs are not loaded; the cell is made with init(frame:)")
            self.init(handler: handler)
        }
    }

    /// How to make and configure a supplementary view of one kind, as UIKit's (iOS 14).
    @MainActor
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = (Supplementary, String, IndexPath) -> Void

        public let elementKind: String
        let reuseIdentifier: String
        let handler: Handler

        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            reuseIdentifier = RegistrationIdentifiers.next("supplementary", Supplementary.self)
            self.handler = handler
        }

        /// Nibs are not loaded here (build views in code): the view class is used as it is.
        public init(supplementaryNib: UINib, elementKind: String, handler: @escaping Handler) {
            UIKitCompatibility.notHonoured("UICollectionView.SupplementaryRegistration(supplementaryNib:elementKind:handler:)",
                                           "nibs are not loaded; the view is made with init(frame:)")
            self.init(elementKind: elementKind, handler: handler)
        }
    }

    /// A cell from `registration`, configured by its handler for `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath,
                                                          item: Item?) -> Cell {
        if reuse.cellClasses[registration.reuseIdentifier] == nil {
            register(Cell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
        }
        guard let cell = dequeueReusableCell(withReuseIdentifier: registration.reuseIdentifier, for: indexPath) as? Cell else {
            preconditionFailure("dequeueConfiguredReusableCell: the registration's cell is not a \(Cell.self)")
        }
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view from `registration`, configured by its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(using registration: SupplementaryRegistration<Supplementary>,
                                                                     for indexPath: IndexPath) -> Supplementary {
        let key = ReusePools.supplementaryKey(registration.elementKind, registration.reuseIdentifier)
        if reuse.supplementaryClasses[key] == nil {
            register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier)
        }
        guard let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier,
                                                          for: indexPath) as? Supplementary else {
            preconditionFailure("dequeueConfiguredReusableSupplementary: the registration's view is not a \(Supplementary.self)")
        }
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}

/// Reuse identifiers for registrations: each registration its own, in the order they are made
/// (the same on every run).
@MainActor
enum RegistrationIdentifiers {
    private static var count = 0

    static func next(_ kind: String, _ type: Any.Type) -> String {
        count += 1
        return "springframes.registration.\(kind).\(count).\(type)"
    }
}
