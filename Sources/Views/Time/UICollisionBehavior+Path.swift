import Dynamics
import Vocabulary
import Foundation

extension UICollisionBehavior {
    /// Adds a boundary along `bezierPath` (the reference view's coordinates), replacing any
    /// boundary with the same identifier: walls along each subpath, curves flattened into 16
    /// pieces each. Items are kept on whichever side they start.
    public func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        addBoundary(withIdentifier: Self.hashable(identifier), polylines: bezierPath.polylines(), source: bezierPath)
    }

    /// The boundary with `identifier` as a path: the one it was made from, or the line between
    /// the two points of `addBoundary(withIdentifier:from:to:)`; nil when there is none.
    public func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        guard let boundary = boundarySource(withIdentifier: Self.hashable(identifier)) else { return nil }
        if let path = boundary.source as? UIBezierPath { return path }
        let path = UIBezierPath()
        for (start, end) in boundary.walls {
            path.move(to: start)
            path.addLine(to: end)
        }
        return path
    }
}
