import CollectionLayout
import Dynamics
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    static func physics(_ node: Node) throws -> Physics {
        let object = try node.object(keys: ["integrator", "step", "uikitRate", "resistance"])
        var physics = Physics()
        physics.integrator = try object.value("integrator", default: .exact) {
            UIDynamicAnimatorIntegrator(rawValue: try $0.choice(["exact", "uikit"]))!
        }
        physics.step = try object.value("step", default: physics.step) { try $0.number(in: 0.0001...(1.0 / 60), "a step in seconds") }
        physics.uikitStep = try object.value("uikitRate", default: physics.uikitStep) { node in
            let rate = try node.number(in: 60...120, "the uikit integrator's steps per second, 60 or 120")
            guard rate == 60 || rate == 120 else {
                throw node.error("expected the uikit integrator's steps per second, 60 or 120 (a display's refresh rate), found \(JSONValue.format(rate))")
            }
            return 1 / rate
        }
        physics.resistance = try object.value("resistance", default: physics.resistance) {
            UIDynamicAnimator.ResistanceModel(rawValue: try $0.choice(UIDynamicAnimator.ResistanceModel.allCases.map(\.rawValue)))!
        }
        return physics
    }
}
