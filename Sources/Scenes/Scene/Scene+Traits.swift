import DisplayList
import Foundation
import Recording
import Views
import Vocabulary

// A scene's "traits": what the device's user has set (text size, direction, accessibility,
// locale, time zone), as `DeviceSettings` holds it:
//
//     "traits": { "contentSize": "AX5", "direction": "rtl", "reduceMotion": true, "locale": "ar_AE", "timeZone": "Asia/Dubai" }

extension Scene {
    static let traitKeys = ["contentSize", "direction", "reduceMotion", "reduceTransparency", "boldText", "increaseContrast",
                            "differentiateWithoutColor", "locale", "timeZone"]

    /// Reads a `"traits"` object; every key is optional, and an unknown one is an error that
    /// says what was meant.
    static func traits(_ node: Node) throws -> DeviceSettings {
        let object = try node.object(keys: traitKeys, expected: "the traits: an object such as { \"contentSize\": \"XXXL\", \"direction\": \"rtl\" }")
        var settings = DeviceSettings()
        settings.contentSizeCategory = try object.value("contentSize", default: .large) { node in
            let names = UIContentSizeCategory.shortNames.map(\.name)
            return UIContentSizeCategory(shortName: try node.choice(names))!
        }
        settings.layoutDirection = try object.value("direction", default: .leftToRight) { node in
            try node.choice(["ltr", "rtl"]) == "rtl" ? .rightToLeft : .leftToRight
        }
        for setting in AccessibilitySetting.allCases where try object.value(setting.rawValue, default: false, { try $0.bool() }) {
            setting.turnOn(in: &settings)
        }
        settings.locale = try object.value("locale", default: settings.locale) { node in
            let identifier = try node.string("a locale identifier such as \"en_US\" or \"ar_AE\"")
            guard !identifier.isEmpty, identifier.count <= 64,
                  identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "@" || $0 == "=") }) else {
                throw node.error("expected a locale identifier such as \"en_US\" or \"ar_AE\", found \(node.value.summary)")
            }
            return Locale(identifier: identifier)
        }
        settings.timeZone = try object.value("timeZone", default: settings.timeZone) { node in
            let identifier = try node.string("a time zone identifier such as \"Europe/Paris\"")
            guard let zone = TimeZone(identifier: identifier) else {
                throw node.error("expected a time zone identifier such as \"Europe/Paris\" or \"UTC\", found \(node.value.summary)")
            }
            return zone
        }
        return settings
    }

    /// This scene in `configuration`: on its device (the canvas takes the screen's size), in its
    /// appearance, with its settings, and named after it.
    public func configured(for configuration: Configuration) -> Scene {
        var scene = self
        if let device = configuration.device { scene.place(on: device, orientation: configuration.orientation) }
        if configuration.appearance != scene.appearance {
            scene.appearance = configuration.appearance
            // An unset background follows the appearance, as when the scene is read.
            if scene.canvas.background == (appearance == .dark ? .black : .white) {
                scene.canvas.background = configuration.appearance == .dark ? .black : .white
            }
        }
        scene.settings = configuration.settings
        scene.name = "\(name)-\(configuration.name)"
        return scene
    }
}
