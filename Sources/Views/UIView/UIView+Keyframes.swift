import Vocabulary
import Foundation

extension UIView {
    /// How keyframes are timed between each other (`animateKeyframes`), with the shared options.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: UInt { (rawValue >> 10) & 7 }
    }

    /// Keyframes: each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` in the
    /// block animates its changes linearly over its part of `duration` (a change made in the
    /// block itself spans the whole), and one keyframe's change follows another's: the views
    /// pass through every keyframe's value. `.calculationModeDiscrete` jumps at each keyframe's
    /// start; the paced and cubic modes are drawn as linear, and a debug build says so.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        if options.calculationMode >= 2 {
            UIKitCompatibility.notHonoured("UIView.KeyframeAnimationOptions paced and cubic calculation modes",
                                           "keyframes are joined linearly")
        }
        if options.contains(.repeat) || options.contains(.autoreverse) {
            UIKitCompatibility.notHonoured("UIView.KeyframeAnimationOptions.repeat/.autoreverse", "the keyframes run once, forwards")
        }
        let clock = SimulatedClock.current
        let progress: AnimationTiming.Progress = options.calculationMode == 1 ? .discrete : .curve(.linear)
        let parent = AnimationGroup(timing: AnimationTiming(duration: duration, delay: delay, progress: progress),
                                    clock: clock, begin: clock.currentTime)
        let previous = AnimationGroup.current
        AnimationGroup.current = parent
        animations()
        AnimationGroup.current = previous
        parent.finishDeclaring(completion: completion, lasting: true)
    }

    /// A keyframe inside `animateKeyframes`: its changes run from `frameStartTime` for
    /// `frameDuration`, both fractions (0…1) of the whole. Outside a keyframe block it animates
    /// nothing and runs the changes at once, as UIKit does.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: () -> Void) {
        guard let parent = AnimationGroup.current else { return animations() }
        let whole = parent.timing.duration
        let timing = AnimationTiming(duration: max(0, frameDuration) * whole, delay: parent.timing.delay + max(0, frameStartTime) * whole,
                                     progress: parent.timing.progress)
        let keyframe = AnimationGroup(timing: timing, clock: parent.clock, begin: parent.begin)
        keyframe.parent = parent
        AnimationGroup.current = keyframe
        animations()
        AnimationGroup.current = parent
        parent.adopt(keyframe)
        keyframe.finishDeclaring(completion: nil)
    }

    /// A transition of `view`'s content: the changes in `animations` show at once under a picture
    /// of the view as it was, which fades out over `duration` along the options' curve: a
    /// cross-dissolve (`.transitionCrossDissolve`). The flips and curls are drawn as that
    /// cross-dissolve, and a debug build says so.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        warnAboutTransition(options)
        let picture = view.snapshotView(afterScreenUpdates: false) ?? UIView(frame: .zero)
        picture.frame = view.bounds
        performWithoutAnimation { animations?() }
        view.addSubview(picture)
        animate(withDuration: duration, delay: 0, options: options, animations: { picture.alpha = 0 }, completion: { finished in
            picture.removeFromSuperview()
            completion?(finished)
        })
    }

    /// Replaces `fromView` by `toView` in its superview with a cross-dissolve (removing `fromView`,
    /// or hiding it with `.showHideTransitionViews`).
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 completion: ((Bool) -> Void)? = nil) {
        warnAboutTransition(options)
        let showHide = options.contains(.showHideTransitionViews)
        if !showHide, toView.superview == nil, let superview = fromView.superview {
            superview.insertSubview(toView, aboveSubview: fromView)
        }
        performWithoutAnimation {
            toView.isHidden = false
            toView.alpha = 0
        }
        animate(withDuration: duration, delay: 0, options: options, animations: {
            toView.alpha = 1
            fromView.alpha = 0
        }, completion: { finished in
            performWithoutAnimation { fromView.alpha = 1 }
            if showHide { fromView.isHidden = true } else { fromView.removeFromSuperview() }
            completion?(finished)
        })
    }

    private static func warnAboutTransition(_ options: AnimationOptions) {
        let kind = (options.rawValue >> 20) & 7
        if kind != 0 && kind != 5 {
            UIKitCompatibility.notHonoured("UIView.AnimationOptions transition flips and curls", "the transition is drawn as a cross-dissolve")
        }
    }
}

extension UIView.AnimationOptions {
    public static let transitionFlipFromLeft = UIView.AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = UIView.AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = UIView.AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = UIView.AnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = UIView.AnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = UIView.AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = UIView.AnimationOptions(rawValue: 7 << 20)
}
