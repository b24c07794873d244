import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views
@testable import Controls

/// Stack views, buttons, autoresizing and the older Auto Layout spellings that ported code uses.
@MainActor @Suite struct StackAndControlTests {
    private let blue = Color(rgb: 0x007AFF)

    /// A view that asks for its size as a label or an image view does, through its intrinsic
    /// content size (hugging 250, compression resistance 750). Required width and height
    /// constraints would contradict `.fill` and `.fillEqually` in a stack wider than the views:
    /// UIKit logs such a set as unsatisfiable and breaks one of them.
    private final class IntrinsicBox: UIView {
        var size = CGSize.zero
        override var intrinsicContentSize: CGSize { size }
    }

    private func box(_ width: CGFloat, _ height: CGFloat) -> UIView {
        let view = IntrinsicBox(frame: .zero)
        view.size = CGSize(width: width, height: height)
        return view
    }

    /// `init(frame:)` is UIButton's designated initializer in the SDK (`initWithFrame:`
    /// `NS_DESIGNATED_INITIALIZER`) and `init(type:)` a convenience: a subclass that calls
    /// `super.init(frame:)`, as TagListView's TagView does, compiles and is a custom button.
    private final class TagButton: UIButton {
        init(title: String) {
            super.init(frame: .zero)
            setTitle(title, for: UIControl.State())
        }

        required init?(coder: NSCoder) { fatalError() }
    }

    @Test func buttonsInitializeAsTheSDKOrdersIt() {
        let tag = TagButton(title: "swift")
        #expect(tag.buttonType == .custom && tag.title(for: .normal) == "swift")
        #expect(UIButton(type: .system).buttonType == .system)
        #expect(UIButton(frame: CGRect(x: 1, y: 2, width: 30, height: 40)).frame == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(UIButton(type: .close, primaryAction: nil).buttonType == .close)
    }

    @Test func stackViewDistributesAlongAndAlignsAcross() {
        let stack = UIStackView(arrangedSubviews: [box(40, 20), box(60, 30), box(20, 10)])
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        stack.spacing = 10
        stack.alignment = .center
        stack.layoutIfNeeded()
        // .fill: the 60 spare points go to the first view (all hug at 250).
        #expect(stack.arrangedSubviews.map(\.frame) == [CGRect(x: 0, y: 15, width: 100, height: 20),
                                                        CGRect(x: 110, y: 10, width: 60, height: 30),
                                                        CGRect(x: 180, y: 20, width: 20, height: 10)])
        stack.distribution = .fillEqually
        stack.alignment = .fill
        stack.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.frame.width) == [60, 60, 60] && stack.arrangedSubviews[2].frame.minX == 140)
        #expect(stack.arrangedSubviews.allSatisfy { $0.frame.height == 50 })
        stack.distribution = .equalSpacing
        stack.alignment = .top
        stack.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.frame.minX) == [0, 80, 180] && stack.arrangedSubviews[1].frame.minY == 0)
        stack.arrangedSubviews[1].isHidden = true
        stack.setNeedsLayout()
        stack.layoutIfNeeded()
        #expect(stack.arrangedSubviews[2].frame.minX == 180 && stack.arrangedSubviews[0].frame.minX == 0)
        // A stack view has no intrinsic size of its own (UIKit's returns noIntrinsicMetric): its
        // arrangement's constraints size it.
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 70, height: 20))

        let column = UIStackView(arrangedSubviews: [box(40, 20), box(60, 30)])
        column.axis = .vertical
        column.spacing = 4
        column.alignment = .trailing
        column.frame = CGRect(x: 0, y: 0, width: 100, height: 54)
        column.layoutIfNeeded()
        #expect(column.arrangedSubviews.map(\.frame) == [CGRect(x: 60, y: 0, width: 40, height: 20), CGRect(x: 40, y: 24, width: 60, height: 30)])
    }

    /// An arranged view's own size constraint counts, whenever it was activated: a header of
    /// 120 pt in a column under a label (UIStackView's documentation: the stack view's layout
    /// is built from the arranged views' constraints, intrinsic sizes and priorities).
    @Test func anArrangedViewKeepsItsHeightConstraint() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        let header = UIView()
        header.heightAnchor.constraint(equalToConstant: 120).isActive = true
        let caption = UILabel()
        caption.text = "Caption"
        let column = UIStackView(arrangedSubviews: [header, caption])
        column.axis = .vertical
        column.spacing = 8
        column.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(column)
        NSLayoutConstraint.activate([
            column.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            column.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            column.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        ])
        root.layoutIfNeeded()
        #expect(header.frame == CGRect(x: 0, y: 0, width: 288, height: 120))
        let captionHeight = caption.intrinsicContentSize.height
        #expect(caption.frame == CGRect(x: 0, y: 128, width: 288, height: captionHeight))
        // The stack has no height constraint: its arrangement sizes it.
        #expect(column.frame == CGRect(x: 16, y: 20, width: 288, height: 128 + captionHeight))
        header.isHidden = true
        column.setNeedsLayout()
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        #expect(caption.frame.minY == 0 && column.frame.height == captionHeight)
    }

    @Test func aStackOfLabelsIsDrawn() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 80))
        root.backgroundColor = .white
        let colours: [UIColor] = [.systemRed, .systemGreen, .systemBlue]
        let labels = ["One", "Two", "Three"].enumerated().map { index, text -> UILabel in
            let label = UILabel(frame: .zero)
            label.text = text
            label.font = .systemFont(ofSize: CGFloat(14 + 6 * index))
            label.backgroundColor = colours[index].withAlphaComponent(0.3)
            return label
        }
        let stack = UIStackView(arrangedSubviews: labels)
        stack.alignment = .lastBaseline
        stack.distribution = .equalSpacing
        stack.isLayoutMarginsRelativeArrangement = true
        stack.frame = root.bounds
        root.addSubview(stack)
        let canvas = Canvas(pointWidth: 220, pointHeight: 80, scale: 2)
        ViewRenderer.draw(root.snapshot(at: 0), into: canvas)
        #expect(labels[0].frame.minX == 8 && labels[2].frame.maxX == 212)
        let baselines = labels.map { $0.frame.minY + $0.baselineOffsetFromTop(first: false) }
        #expect(baselines.allSatisfy { abs($0 - baselines[0]) < 1e-9 })
        expectMatchesReference(canvas, area: "controls", name: "stack_last_baseline")
    }

    @Test func labelsHugTheirTextAndAlignOnBaselines() {
        let small = UILabel(frame: .zero), large = UILabel(frame: .zero)
        small.text = "Small"
        small.font = .systemFont(ofSize: 12)
        large.text = "Large"
        large.font = .systemFont(ofSize: 30)
        let spacer = UIView(frame: .zero)
        let row = UIStackView(arrangedSubviews: [small, spacer, large])
        row.alignment = .firstBaseline
        row.frame = CGRect(x: 0, y: 0, width: 300, height: 60)
        row.layoutIfNeeded()
        // The spacer (hugging 250) takes the spare room; the labels (251) keep their widths.
        #expect(small.frame.width == small.intrinsicContentSize.width && large.frame.width == large.intrinsicContentSize.width)
        #expect(large.frame.maxX == 300)
        let smallBaseline = small.frame.minY + small.baselineOffsetFromTop(first: true)
        let largeBaseline = large.frame.minY + large.baselineOffsetFromTop(first: true)
        #expect(abs(smallBaseline - largeBaseline) < 1e-9)

        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let label = UILabel(frame: .zero), badge = UIView(frame: .zero)
        label.text = "Title"
        label.translatesAutoresizingMaskIntoConstraints = false
        badge.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        root.addSubview(badge)
        root.addConstraints([
            NSLayoutConstraint(item: label, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leading, multiplier: 1, constant: 16),
            NSLayoutConstraint(item: label, attribute: .top, relatedBy: .equal, toItem: root, attribute: .top, multiplier: 1, constant: 20),
            NSLayoutConstraint(item: badge, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 8),
            NSLayoutConstraint(item: badge, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 8),
            NSLayoutConstraint(item: badge, attribute: .leading, relatedBy: .equal, toItem: label, attribute: .trailing, multiplier: 1, constant: 4),
            // The badge sits on the label's baseline: its bottom there.
            badge.bottomAnchor.constraint(equalTo: label.firstBaselineAnchor),
            badge.widthAnchor.constraint(lessThanOrEqualToConstant: 100),
        ])
        root.layoutIfNeeded()
        #expect(root.constraints.count == 7 && label.frame.origin == CGPoint(x: 16, y: 20))
        #expect(abs(badge.frame.maxY - (20 + label.baselineOffsetFromTop(first: true))) < 1e-9 && badge.frame.minX == label.frame.maxX + 4)
        #expect(badge.frame.width == 8, "the inequality holds, so the equality decides")
    }

    @Test func autoresizingSharesTheChangeAmongFlexibleParts() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let fill = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 80))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let corner = UIView(frame: CGRect(x: 150, y: 60, width: 40, height: 30))
        corner.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        let centred = UIView(frame: CGRect(x: 50, y: 0, width: 100, height: 10))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        for view in [fill, corner, centred] { parent.addSubview(view) }
        parent.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 280, height: 180))
        #expect(corner.frame == CGRect(x: 250, y: 160, width: 40, height: 30))
        #expect(centred.frame == CGRect(x: 100, y: 0, width: 100, height: 10))     // margins 50 and 50 share 100
    }

    @Test func aButtonTapSendsItsActionsAndHighlights() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.makeKeyAndVisible()
        var events: [String] = []
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Continue"
        let button = UIButton(configuration: configuration, primaryAction: UIAction { _ in events.append("primary") })
        button.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
        button.sizeToFit()
        button.center = CGPoint(x: 100, y: 50)
        window.addSubview(button)
        #expect(button.bounds.height == ceil(UIFont.systemFont(ofSize: 17).lineHeight) + 14)
        window.send(Touch(.began, at: CGPoint(x: 100, y: 50), time: 0.1))
        #expect(button.isHighlighted && events == ["down"])
        window.send(Touch(.ended, at: CGPoint(x: 100, y: 50), time: 0.2))
        #expect(!button.isHighlighted && events == ["down", "primary"])
        window.send(Touch(.began, at: CGPoint(x: 100, y: 50), time: 0.3))
        window.send(Touch(.ended, at: CGPoint(x: 100, y: 190), time: 0.4))      // lifted beyond the 70 pt margin
        #expect(events == ["down", "primary", "down"])

        let canvas = Canvas(pointWidth: 200, pointHeight: 100, scale: 2, background: .white)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        #expect(canvas.pixel(x: Int(2 * (button.frame.minX + 3)), y: 100) == blue)     // the filled background
        #expect(canvas.pixel(x: Int(2 * button.frame.minX) - 2, y: 100) == .white)
        expectMatchesReference(canvas, area: "controls", name: "filled_button")
    }
}
