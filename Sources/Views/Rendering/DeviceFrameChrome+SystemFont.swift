import DisplayList
import Foundation

extension DeviceFrameChrome {
    /// The chrome of a frame whose status bar shows the time in the system font's semibold (the
    /// face is the same at the 12 and 17 pt the bar uses: Inter's text cut, below 20 pt).
    public init(device: Device, orientation: Device.Orientation, parts: DeviceChrome, content: StatusBarContent) {
        self.init(device: device, orientation: orientation, parts: parts, content: content,
                  timeFace: parts.contains(.statusBar) ? UIFont.systemFont(ofSize: 17, weight: .semibold).face : nil)
    }
}
