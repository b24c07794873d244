import Dynamics
import Foundation
import Recording
import Views

/// A card the finger drags 150 pt down and lets go: while the finger holds it, it follows the
/// finger exactly; on release a spring takes it home. The drag is the same whatever the spring,
/// so any change shows after the release only.
enum ReleaseFixture {
    /// What takes the card home.
    enum Spring {
        /// A zero-length `UIAttachmentBehavior` from the card's centre to its home (UIKit Dynamics).
        case attachment(frequency: Double, damping: Double)
        /// `UIView.animate(springDuration:bounce:)` to its home (iOS 17's spring).
        case animation(duration: Double, bounce: Double)
    }

    static let home = CGPoint(x: 150, y: 120)
    /// The finger lands at 0.1 s, moves over 0.5 s from 0.2 s, and lifts at 0.8 s.
    static let release = 0.8
    static let touches = TouchScript()
        .down(at: 0.1, home)
        .move(at: 0.2, to: CGPoint(x: 190, y: 270), duration: 0.5, curve: .easeInOut)
        .up(at: release)

    @MainActor static func recorder(_ spring: Spring, duration: Double = 3, name: String = "drag-release") -> Recorder {
        Recorder(name: name, fps: 60, duration: duration, scale: 1, touches: touches, size: CGSize(width: 300, height: 420)) {
            ReleaseView(spring: spring)
        }
    }
}

/// The stage: the card and the pan that moves it.
@MainActor
private final class ReleaseView: UIView {
    let card = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
    let spring: ReleaseFixture.Spring
    var animator: UIDynamicAnimator?
    var grabbed = CGPoint.zero

    init(spring: ReleaseFixture.Spring) {
        self.spring = spring
        super.init(frame: CGRect(x: 0, y: 0, width: 300, height: 420))
        backgroundColor = .white
        card.backgroundColor = .systemBlue
        card.center = ReleaseFixture.home
        // Traced as "view card".
        card.accessibilityIdentifier = "card"
        addSubview(card)
        let pan = UIPanGestureRecognizer { [unowned self] recognizer in self.panned(recognizer as! UIPanGestureRecognizer) }
        card.addGestureRecognizer(pan)
    }

    required init?(coder: NSCoder) { nil }

    func panned(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            grabbed = card.center
        case .changed:
            let translation = pan.translation(in: self)
            card.center = CGPoint(x: grabbed.x + translation.x, y: grabbed.y + translation.y)
        case .ended, .cancelled:
            let translation = pan.translation(in: self)
            card.center = CGPoint(x: grabbed.x + translation.x, y: grabbed.y + translation.y)
            switch spring {
            case let .attachment(frequency, damping):
                let animator = UIDynamicAnimator(referenceView: self)
                let attachment = UIAttachmentBehavior(item: card, attachedToAnchor: ReleaseFixture.home)
                attachment.length = 0
                attachment.frequency = CGFloat(frequency)
                attachment.damping = CGFloat(damping)
                animator.addBehavior(attachment)
                self.animator = animator
            case let .animation(duration, bounce):
                UIView.animate(springDuration: duration, bounce: CGFloat(bounce)) { self.card.center = ReleaseFixture.home }
            }
        default:
            break
        }
    }
}
