import Foundation
import Testing
@testable import Views

@MainActor @Suite struct AutoLayoutTests {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))

    private func constrained(_ view: UIView? = nil) -> UIView {
        let view = view ?? UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    @Test func edgesWithConstantsSetTheFrame() {
        let view = constrained()
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -30),
            view.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 10),
            view.heightAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 20, y: 10, width: 350, height: 44))
        root.bounds.size = CGSize(width: 300, height: 800)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 20, y: 10, width: 250, height: 44))
    }

    @Test func centreAndProportionalSize() {
        let view = constrained()
        NSLayoutConstraint.activate([
            view.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            view.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: 100),
            view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            view.heightAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.25, constant: 10),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 100, y: 445, width: 200, height: 110))
    }

    @Test func siblingsMarginsAndIntrinsicSize() {
        let label = constrained(UILabel())
        (label as? UILabel)?.text = "Hi"
        let box = constrained()
        NSLayoutConstraint.activate([
            // The sibling's constraint comes first; the second pass settles it.
            box.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
            box.leadingAnchor.constraint(equalTo: label.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 50),
            box.heightAnchor.constraint(equalToConstant: 50),
            label.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
        ])
        root.layoutIfNeeded()
        let size = label.intrinsicContentSize
        #expect(size.width > 0 && size.height > 0)
        #expect(label.frame == CGRect(origin: CGPoint(x: 8, y: 8), size: size))
        #expect(box.frame == CGRect(x: 8, y: 8 + size.height + 8, width: 50, height: 50))
    }

    @Test func constantChangesAndDeactivationRelayOut() {
        let view = constrained()
        let top = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 5)
        NSLayoutConstraint.activate([top, view.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(view.frame.minY == 5)
        top.constant = 50
        root.layoutIfNeeded()
        #expect(view.frame.minY == 50)
        top.isActive = false
        view.frame.origin.y = 7
        root.layoutIfNeeded()
        #expect(view.frame.minY == 7, "without a vertical position the view keeps its own")
    }

    @Test func viewsThatTranslateTheirMaskKeepTheirFrames() {
        let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        root.addSubview(view)
        view.topAnchor.constraint(equalTo: root.topAnchor, constant: 100).isActive = true
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }
}
