import Foundation

/// Where a UIKit member is declared but cannot be honoured, it says so: the member's
/// documentation explains why, and in a debug build the first use prints one warning to standard
/// error naming it, so that ported code never silently does something other than on iOS.
///
///     springframes: UITapGestureRecognizer.numberOfTapsRequired = 2 is not honoured: touch
///     scripts have one tap per touch sequence; the recognizer recognizes single taps.
///
/// Release builds print nothing (a recording's output must not change with the build), and every
/// use is still counted in `reported`, which tests read.
public enum UIKitCompatibility {
    /// Reports that `member` is not honoured, once per member per process (debug builds only).
    public static func notHonoured(_ member: String, _ why: String) {
        let first = state.withLock { state in state.insert(member).inserted }
        guard first else { return }
        #if DEBUG
        FileHandle.standardError.write(Data("springframes: \(member) is not honoured: \(why)\n".utf8))
        #endif
    }

    /// The members reported so far, in no particular order.
    public static var reported: Set<String> { state.current }

    private static let state = LockBox<Set<String>>([])
}
