import Foundation
import Vocabulary
import Testing
@testable import Views

/// The visual format language, with the examples of Apple's Auto Layout Guide ("Visual Format
/// Language": standard space, width constraint, connection to superview, vertical layout, flush
/// views, priority, equal widths, multiple predicates, a complete line of layout) solved and the
/// frames checked; standard spaces are the guide's 8 pt between siblings and 20 pt to the
/// superview's edge.
@MainActor @Suite struct VisualFormatTests {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))

    private func boxes(_ names: String...) -> [String: UIView] {
        var views: [String: UIView] = [:]
        for name in names {
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            views[name] = view
        }
        return views
    }

    private func layOut(_ formats: [String], options: NSLayoutConstraint.FormatOptions = [], metrics: [String: Any]? = nil,
                        views: [String: UIView]) {
        for format in formats {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, options: options,
                                                                        metrics: metrics, views: views))
        }
        root.layoutIfNeeded()
    }

    @Test func aCompleteLineWithStandardSpacesFillsTheSuperview() {
        let views = boxes("find", "findNext", "findField")
        layOut(["|-[find(60)]-[findNext(80)]-[findField(>=20)]-|", "V:|-[find(30)]", "V:|-[findNext(30)]", "V:|-[findField(30)]"],
               views: views)
        #expect(views["find"]!.frame == CGRect(x: 20, y: 20, width: 60, height: 30))
        #expect(views["findNext"]!.frame == CGRect(x: 88, y: 20, width: 80, height: 30))
        // 400 − 20 − 60 − 8 − 80 − 8 − 20 = 204 pt left for the field.
        #expect(views["findField"]!.frame == CGRect(x: 176, y: 20, width: 204, height: 30))
    }

    @Test func explicitSpacesMetricsAndFlushViews() {
        let views = boxes("purpleBox", "maroonView", "blueView")
        layOut(["H:|-50-[purpleBox]-50-|", "V:|-pad-[purpleBox(height)][maroonView(==purpleBox)]-(spacing)-[blueView(10)]",
                "H:|[maroonView]|", "H:|[blueView]|"],
               metrics: ["pad": 12, "height": 40.5, "spacing": 6.0], views: views)
        #expect(views["purpleBox"]!.frame == CGRect(x: 50, y: 12, width: 300, height: 40.5))
        #expect(views["maroonView"]!.frame == CGRect(x: 0, y: 52.5, width: 400, height: 40.5))
        #expect(views["blueView"]!.frame == CGRect(x: 0, y: 99, width: 400, height: 10))
    }

    @Test func prioritiesAndSeveralPredicatesOfOneView() {
        let views = boxes("flexibleButton", "button")
        // 300 @ 20 loses to the required ≤ 100; 100 @ 20 wins against nothing.
        layOut(["|[flexibleButton(>=70,<=100,300@20)]", "|[button(100@20)]", "V:|[flexibleButton(10)][button(10)]"], views: views)
        #expect(views["flexibleButton"]!.frame.width == 100)
        #expect(views["button"]!.frame.width == 100)
        let constraints = NSLayoutConstraint.constraints(withVisualFormat: "[button(100@20)]", metrics: nil, views: views)
        #expect(constraints.count == 1)
        #expect(constraints[0].priority == UILayoutPriority(20))
        #expect(constraints[0].firstAttribute == .width && constraints[0].constant == 100)
        #expect(constraints[0].isActive == false, "returned inactive, as UIKit returns them")
    }

    @Test func equalWidthsAndInequalSpaces() {
        let views = boxes("button1", "button2")
        layOut(["|-[button1(==button2)]-(>=10)-[button2]-|", "H:[button1(120)]", "V:|[button1(10)]", "V:|[button2(10)]"],
               views: views)
        #expect(views["button1"]!.frame.width == 120)
        #expect(views["button2"]!.frame == CGRect(x: 260, y: 0, width: 120, height: 10))
    }

    @Test func alignmentOptionsAlignEachViewWithTheOneBefore() {
        let views = boxes("a", "b", "c")
        layOut(["|-[a(50)]-[b(50)]-[c(50)]"], options: .alignAllCenterY, views: views)
        layOut(["V:|-30-[a(40)]", "V:[b(20)]", "V:[c(60)]"], views: views)
        #expect(views["a"]!.frame.midY == 50)
        #expect(views["b"]!.frame.midY == 50)
        #expect(views["c"]!.frame == CGRect(x: 136, y: 20, width: 50, height: 60))
    }

    @Test func leftToRightAndRightToLeftDirections() {
        let views = boxes("a")
        let leading = NSLayoutConstraint.constraints(withVisualFormat: "|-10-[a]", metrics: nil, views: views)
        #expect(leading.map(\.firstAttribute) == [.leading])
        let left = NSLayoutConstraint.constraints(withVisualFormat: "|-10-[a]", options: .directionLeftToRight, metrics: nil, views: views)
        #expect(left.map(\.firstAttribute) == [.left])
        let right = NSLayoutConstraint.constraints(withVisualFormat: "|-10-[a]", options: .directionRightToLeft, metrics: nil, views: views)
        #expect(right.map(\.firstAttribute) == [.right])
        #expect(right.first?.constant == -10, "right to left, the view sits 10 pt left of the superview's right edge")
    }

    /// Formats UIKit refuses, with the reason and a caret under the place, as its exception says.
    @Test(arguments: [
        ("|-[missing]", "missing is not a key in the views dictionary.", 3),
        ("|-[a(width)]", "width is not a key in the views or metrics dictionary.", 5),
        ("|-[a(>=10@2000)]", "A priority must be from 1 to 1000", 14),
        ("|-[a]-|-", "Expected the end of the format after '|'", 7),
        ("X:[a]", "Expected 'H:' or 'V:' at the start of the format", 0),
        ("[a]-(10", "Expected ')' or ','", 7),
    ])
    func malformedFormatsNameTheReasonAndThePlace(format: String, reason: String, offset: Int) {
        let views = boxes("a")
        #expect(throws: VisualFormat.ParseError.self) {
            _ = try VisualFormat.constraints(format, options: [], metrics: [:], views: views)
        }
        do {
            _ = try VisualFormat.constraints(format, options: [], metrics: [:], views: views)
        } catch let error as VisualFormat.ParseError {
            #expect(error.reason == reason)
            #expect(error.offset == offset, "\(error)")
            #expect(error.description.hasSuffix("\n\(format) \n" + String(repeating: " ", count: offset) + "^"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aVerticalLineCannotAlignOnAVerticalEdge() {
        let views = boxes("a", "b")
        #expect(throws: VisualFormat.ParseError.self) {
            _ = try VisualFormat.constraints("V:[a][b]", options: .alignAllTop, metrics: [:], views: views)
        }
    }

    @Test func aSuperviewBarNeedsASuperview() {
        let loose = UIView()
        #expect(throws: VisualFormat.ParseError.self) {
            _ = try VisualFormat.constraints("|-[loose]", options: [], metrics: [:], views: ["loose": loose])
        }
    }
}
