import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views

/// Styled text, every line break mode and font shrinking, as labels draw them.
@MainActor @Suite struct TextTests {
    private func lines(of label: UILabel) -> [String] {
        label.layOut(label.text ?? "", width: label.bounds.width, height: label.bounds.height)
    }

    @Test func everyLineBreakModeCutsWhereUIKitCuts() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        label.font = .systemFont(ofSize: 15)
        label.text = "The quick brown fox jumps over the lazy dog"
        label.lineBreakMode = .byTruncatingTail
        let tail = lines(of: label)[0]
        label.lineBreakMode = .byTruncatingHead
        let head = lines(of: label)[0]
        label.lineBreakMode = .byTruncatingMiddle
        let middle = lines(of: label)[0]
        #expect(tail.hasPrefix("The quick") && tail.hasSuffix("…"))
        #expect(head.hasPrefix("…") && head.hasSuffix("lazy dog"))
        #expect(middle.hasPrefix("The") && middle.hasSuffix("dog") && middle.contains("…"))
        for line in [tail, head, middle] { #expect(label.font.width(of: line) <= 120) }
        label.lineBreakMode = .byClipping
        #expect(lines(of: label) == [label.text!])
        label.numberOfLines = 0
        label.frame.size.height = 200
        label.lineBreakMode = .byCharWrapping
        let wrapped = lines(of: label)
        #expect(wrapped.joined() == label.text!.replacingOccurrences(of: " ", with: " ") || wrapped.count > 1)
        #expect(wrapped.dropLast().allSatisfy { label.font.width(of: $0) <= 120 && label.font.width(of: $0 + "W") > 110 })
    }

    @Test func aSingleLineShrinksItsFontToFit() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        label.text = "A rather long title"
        label.adjustsFontSizeToFitWidth = true
        let font = label.fittingFont(for: label.text!, width: 100)
        #expect(font.pointSize < 17 && font.width(of: label.text!) <= 100 && font.withSize(font.pointSize + 0.02).width(of: label.text!) > 100)
        label.minimumScaleFactor = 0.9
        #expect(label.fittingFont(for: label.text!, width: 100).pointSize == 17 * 0.9)
    }

    @Test func styledTextDrawsEachRunAndMeasures() {
        let text = NSMutableAttributedString(string: "Bold ", attributes: [.font: UIFont.boldSystemFont(ofSize: 20),
                                                                              .foregroundColor: UIColor.systemRed])
        text.append(NSAttributedString(string: "and spaced", attributes: [.font: UIFont.systemFont(ofSize: 14), .kern: 2,
                                                                          .foregroundColor: UIColor.systemBlue,
                                                                          .underlineStyle: NSUnderlineStyle.single.rawValue]))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 240, height: 40))
        label.attributedText = text
        #expect(label.text == "Bold and spaced")
        let plainWidth = UIFont.boldSystemFont(ofSize: 20).width(of: "Bold ") + UIFont.systemFont(ofSize: 14).width(of: "and spaced")
        let size = label.sizeThatFits(.zero)
        #expect(abs(size.width - (plainWidth + 20).rounded(.up)) <= 1)    // 10 characters × 2 pt of kerning
        let measured = (text as NSAttributedString).boundingRect(with: CGSize(width: 60, height: 0), options: .usesLineFragmentOrigin,
                                                                 context: nil)
        #expect(measured.width <= 60 && measured.height > UIFont.boldSystemFont(ofSize: 20).lineHeight)   // wraps
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 40))
        root.backgroundColor = .white
        root.addSubview(label)
        let canvas = Canvas(pointWidth: 240, pointHeight: 40, scale: 2)
        ViewRenderer.draw(root.snapshot(at: 0), into: canvas)
        var reds = 0, blues = 0
        for y in 0..<80 {
            for x in 0..<480 {
                let pixel = canvas.pixel(x: x, y: y)
                if pixel == Color(rgb: 0xFF3B30) { reds += 1 }
                if pixel == Color(rgb: 0x007AFF) { blues += 1 }
            }
        }
        #expect(reds > 100 && blues > 100)
        expectMatchesReference(canvas, area: "text", name: "attributed_label")
        label.text = "plain"
        #expect(label.attributedText == nil)
        #expect(("Hi" as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]).width
                == UIFont.systemFont(ofSize: 17).width(of: "Hi"))
    }
}
