import Foundation
import Vocabulary

/// A vector kept as its angle, its magnitude and the vector itself, in step, as UIKit keeps push
/// and gravity: "Whichever approach you use, the alternate, equivalent values update
/// automatically" (UIPushBehavior.angle). Angle and magnitude are stored apart so that either may
/// be set first: derived from the vector alone, an angle set while the magnitude is 0 is lost,
/// and so is the sign of a negative magnitude.
struct PolarVector {
    private(set) var angle: CGFloat
    private(set) var magnitude: CGFloat
    private(set) var vector: CGVector

    /// Starts at `vector`, given exactly (a default such as gravity's (0, 1) is not rebuilt from
    /// its angle, which would leave cos(π/2) ≈ 6e-17 in x).
    init(angle: CGFloat, magnitude: CGFloat, vector: CGVector) {
        self.angle = angle
        self.magnitude = magnitude
        self.vector = vector
    }

    /// Sets the vector, kept bit for bit (no round trip through cos and sin); a zero vector keeps
    /// the angle. True when the vector changed.
    mutating func set(vector newValue: CGVector) -> Bool {
        guard newValue != vector else { return false }
        let length = newValue.magnitude
        vector = newValue
        angle = length > 0 ? newValue.angle : angle
        magnitude = length
        return true
    }

    /// Sets angle and magnitude, and the vector from them. True when the vector changed.
    mutating func set(angle newAngle: CGFloat, magnitude newMagnitude: CGFloat) -> Bool {
        guard newAngle != angle || newMagnitude != magnitude else { return false }
        angle = newAngle
        magnitude = newMagnitude
        let newVector = CGVector(angle: newAngle, magnitude: newMagnitude)
        guard newVector != vector else { return false }
        vector = newVector
        return true
    }
}
