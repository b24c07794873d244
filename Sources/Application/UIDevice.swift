import Vocabulary
import Foundation
import Views

/// The device: an iPhone running iOS 17, or the device of the screen a recording is made on.
/// Its name, model and system never change; the battery is not monitored (level -1, state
/// unknown), the orientation is the screen's, and `identifierForVendor` is one fixed UUID so that
/// runs stay byte-identical.
@preconcurrency @MainActor
open class UIDevice {
    public static var current: UIDevice { shared }
    private static let shared = UIDevice()

    public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }

    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")

    private init() {}

    open var name: String { model }
    open var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
    open var localizedModel: String { model }
    open var systemName: String { "iOS" }
    open var systemVersion: String { "17.0" }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { UIScreen.main.traitCollection.userInterfaceIdiom }
    open var orientation: UIDeviceOrientation {
        UIScreen.main.orientation == .landscape ? .landscapeLeft : .portrait
    }
    open var isMultitaskingSupported: Bool { true }
    open var identifierForVendor: UUID? { UUID(uuidString: "5F1A2B3C-0000-4000-8000-0000000000F5") }
    open var isBatteryMonitoringEnabled = false
    open var batteryLevel: Float { -1 }
    open var batteryState: BatteryState { .unknown }
    open var isProximityMonitoringEnabled = false
    open var proximityState: Bool { false }
    open private(set) var isGeneratingDeviceOrientationNotifications = false

    /// The orientation never changes headless, so no notification follows.
    open func beginGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = true }
    open func endGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = false }
    /// There is no sound headless.
    open func playInputClick() {}
}

/// The base of UIKit's haptic feedback generators. There is no Taptic Engine headless: preparing
/// and every `…Occurred` call are correct as no-ops (a device without haptics does the same), and
/// nothing warns.
@preconcurrency @MainActor
open class UIFeedbackGenerator {
    public init() {}
    open func prepare() {}
}

@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    public override convenience init() { self.init(style: .medium) }

    open func impactOccurred() {}
    open func impactOccurred(intensity: CGFloat) {}
}

@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    open func selectionChanged() {}
}

@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    open func notificationOccurred(_ notificationType: FeedbackType) {}
}
