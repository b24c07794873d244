import Vocabulary
import Foundation
@testable import Views

/// A shown 400 × 300 window with one 100 × 100 view at its top-left corner: where the animation
/// tests move things.
@MainActor func makeWindowWithView() -> (UIWindow, UIView) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    window.makeKeyAndVisible()
    return (window, view)
}
