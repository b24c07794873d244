import Foundation

/// A field's force on the bodies it acts on, as a function of each body's state.
struct FieldForce {
    /// What a field sees of a body at the start of a step.
    struct Sample {
        /// Points, points per second.
        var position: Vec2
        var velocity: Vec2
        /// kg (0 for an immovable body); charge as UIKit's `charge`.
        var mass: Double
        var charge: Double
        /// Seconds since the animator started, and the step's length.
        var time: Double
        var step: Double
    }

    var bodies: [Int]
    /// kg·points/s².
    var force: (Sample) -> Vec2
}
