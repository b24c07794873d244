import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views
@testable import Controls

/// Alerts and action sheets as apps write them: presented, drawn, an action tapped, its handler
/// run once the alert is gone.
@MainActor @Suite struct AlertTests: ControlSuite {
    private func window(_ style: UIUserInterfaceStyle = .light) -> (UIWindow, UIViewController) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.overrideUserInterfaceStyle = style
        let root = UIViewController()
        root.view.backgroundColor = .systemBackground
        window.rootViewController = root
        window.makeKeyAndVisible()
        return (window, root)
    }

    private func deleteAlert(_ log: @escaping (String) -> Void) -> UIAlertController {
        let alert = UIAlertController(title: "Delete Photo?", message: "This photo will be deleted from all your devices.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in log("delete") })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log("cancel") })
        return alert
    }

    @Test func anAlertIsCentredWithTwoButtonsSideBySideCancelOnTheLeft() throws {
        let (window, root) = window()
        let alert = deleteAlert { _ in }
        root.present(alert, animated: true)
        window.advance(to: 1)
        let card = try #require(alert.view.subviews.first)
        #expect(card.frame.width == 270 && abs(card.frame.midX - 160) < 1e-9 && abs(card.frame.midY - 240) < 1e-9)
        let buttons = card.subviews.compactMap { $0 as? AlertActionView }
        #expect(buttons.count == 2 && buttons[0].frame == CGRect(x: 0, y: card.frame.height - 44, width: 135, height: 44))
        let titles = buttons.map { ($0.subviews.first as? UILabel)?.text }
        #expect(titles == ["Cancel", "Delete"])
    }

    @Test func tappingAnActionDismissesThenRunsItsHandler() {
        let (window, root) = window()
        var log: [String] = []
        let alert = deleteAlert { log.append($0) }
        root.present(alert, animated: true)
        window.advance(to: 1)
        let delete = alert.view.subviews[0].subviews.compactMap { $0 as? AlertActionView }[1]
        let point = delete.convert(CGPoint(x: delete.bounds.midX, y: delete.bounds.midY), to: nil)
        window.send(Touch(.began, at: point, time: 1.1))
        window.send(Touch(.ended, at: point, time: 1.15))
        #expect(log.isEmpty && root.presentedViewController === alert, "the handler waits for the dismissal")
        window.advance(to: 1.15 + 0.2)
        #expect(log == ["delete"] && root.presentedViewController == nil && alert.view.window == nil)
    }

    @Test func theAlertFadesInWhileShrinkingToItsSize() throws {
        let (window, root) = window()
        root.present(deleteAlert { _ in }, animated: true)
        let card = try #require(root.presentedViewController?.view.subviews.first)
        let start = card.presentation(at: 0), end = card.presentation(at: 0.3)
        #expect(start.alpha == 0 && abs(start.transform.a - 1.2) < 1e-9)
        #expect(end.alpha == 1 && end.transform == .identity)
        window.advance(to: 0.3)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func alertsAndSheetsLookAsIOSDrawsThem(_ style: UIUserInterfaceStyle) {
        let (window, root) = window(style)
        root.present(deleteAlert { _ in }, animated: false)
        expectMatchesReference(draw(window, at: 1), area: "alerts", name: "alert_\(style == .dark ? "dark" : "light")")
        root.dismiss(animated: false)
        let sheet = UIAlertController(title: nil, message: "Share this album with people you choose.", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Share Album", style: .default))
        sheet.addAction(UIAlertAction(title: "Stop Sharing", style: .destructive))
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        root.present(sheet, animated: false)
        expectMatchesReference(draw(window, at: 2), area: "alerts", name: "sheet_\(style == .dark ? "dark" : "light")")
    }
}
