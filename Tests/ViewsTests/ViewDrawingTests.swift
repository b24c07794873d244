import Vocabulary
import Foundation
import DisplayList
import FrameIO
import Raster
import TestSupport
import Testing
@testable import Views

/// Each view feature drawn into a small canvas and compared exactly with a committed image in
/// `images/views/`, plus the pixel values that make the feature what it is.
@MainActor @Suite struct ViewDrawingTests {
    @Test func labelWrappingAndTruncation() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 170))
        root.backgroundColor = .white
        let wrapped = label("Springs pull every cell back home", frame: CGRect(x: 10, y: 10, width: 120, height: 70), lines: 0)
        let truncated = label("A long caption that cannot fit in two short lines at all", frame: CGRect(x: 10, y: 85, width: 120, height: 40), lines: 2)
        let single = label("Centred and truncated on one line", frame: CGRect(x: 10, y: 130, width: 180, height: 30), lines: 1)
        single.textAlignment = .center
        single.backgroundColor = .systemGray6
        for view in [wrapped, truncated, single] { root.addSubview(view) }

        #expect(wrapped.layOut(wrapped.text ?? "", width: 120, height: 70) == ["Springs pull", "every cell back", "home"])
        let twoLines = truncated.layOut(truncated.text ?? "", width: 120, height: 40)
        #expect(twoLines.count == 2 && twoLines[0] == "A long caption" && twoLines[1].hasSuffix("…"))
        #expect(single.layOut(single.text ?? "", width: 180, height: 30) == ["Centred and truncated…"])
        expectMatchesReference(draw(root), area: "views", name: "label_wrapping_and_truncation")
    }

    @Test func labelSizeThatFitsWrapsToTheWidth() {
        let label = UILabel()
        label.text = "Springs pull every cell back home"
        label.numberOfLines = 0
        let size = label.sizeThatFits(CGSize(width: 120, height: 0))
        let lineHeight = label.font.lineHeight
        #expect(size.height == (lineHeight * 3).rounded(.up))
        #expect(size.width <= 120 && size.width > 100)
        label.numberOfLines = 1
        #expect(label.sizeThatFits(.zero).height == lineHeight.rounded(.up))
    }

    @Test func imageContentModes() {
        let image = UIImage(canvas: twoToneImage())
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 280, height: 80))
        root.backgroundColor = .white
        let modes: [UIView.ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center]
        for (index, mode) in modes.enumerated() {
            let view = UIImageView(image: image)
            view.frame = CGRect(x: 10 + CGFloat(index) * 68, y: 10, width: 60, height: 60)
            view.contentMode = mode
            view.clipsToBounds = mode == .scaleAspectFill
            view.backgroundColor = .systemGray5
            root.addSubview(view)
        }
        let bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        #expect(UIImageView.imageRect(for: image.size, in: bounds, mode: .scaleAspectFit) == CGRect(x: 0, y: 15, width: 60, height: 30))
        #expect(UIImageView.imageRect(for: image.size, in: bounds, mode: .scaleAspectFill) == CGRect(x: -30, y: 0, width: 120, height: 60))
        #expect(UIImageView.imageRect(for: image.size, in: bounds, mode: .center) == CGRect(x: 10, y: 20, width: 40, height: 20))
        let canvas = draw(root)
        // Aspect fit: gray bars above and below, the image's left (red) half on the left.
        #expect(canvas.pixel(x: 2 * (78 + 30), y: 2 * 14) == Color(rgb: 0xE5E5EA))
        #expect(canvas.pixel(x: 2 * (78 + 5), y: 2 * 40) == Color(rgb: 0xFF3B30))
        // Aspect fill, clipped: nothing of the image outside its bounds.
        #expect(canvas.pixel(x: 2 * 145, y: 2 * 40) == .white)
        expectMatchesReference(canvas, area: "views", name: "image_content_modes")
    }

    @Test func roundedClipWithSubviews() {
        let root = plainRoot(width: 160, height: 120)
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 120, height: 80))
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 24
        card.clipsToBounds = true
        let overflowing = UIView(frame: CGRect(x: -20, y: -20, width: 80, height: 60))
        overflowing.backgroundColor = .systemOrange
        let stripe = UIView(frame: CGRect(x: 60, y: 50, width: 100, height: 50))
        stripe.backgroundColor = .systemGreen
        card.addSubview(overflowing)
        card.addSubview(stripe)
        root.addSubview(card)
        let canvas = draw(root)
        // Outside the rounded corner: background; inside: the subview.
        #expect(canvas.pixel(x: 2 * 22, y: 2 * 22) == .white)
        #expect(canvas.pixel(x: 2 * 40, y: 2 * 40) == Color(rgb: 0xFF9500))
        #expect(canvas.pixel(x: 2 * 150, y: 2 * 90) == .white)
        expectMatchesReference(canvas, area: "views", name: "rounded_clip_with_subviews")
    }

    @Test func borderIsDrawnInsideAboveSubviews() {
        let root = plainRoot(width: 120, height: 100)
        let view = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 60))
        view.backgroundColor = .systemGray6
        view.layer.cornerRadius = 12
        view.layer.borderWidth = 4
        view.layer.borderColor = UIColor.systemRed.cgColor
        let inner = UIView(frame: CGRect(x: 0, y: 20, width: 80, height: 20))
        inner.backgroundColor = .systemBlue
        view.addSubview(inner)
        root.addSubview(view)
        let canvas = draw(root)
        #expect(canvas.pixel(x: 2 * 60, y: 2 * 20 + 1) == Color(rgb: 0xFF3B30))     // the border's top edge, inside
        #expect(canvas.pixel(x: 2 * 60, y: 2 * 20 - 1) == .white)                   // nothing outside the bounds
        #expect(canvas.pixel(x: 2 * 21, y: 2 * 50) == Color(rgb: 0xFF3B30))         // over the subview
        #expect(canvas.pixel(x: 2 * 60, y: 2 * 50) == Color(rgb: 0x007AFF))
        expectMatchesReference(canvas, area: "views", name: "border_inside_above_subviews")
    }

    @Test func shadowOfARoundedCard() {
        let root = plainRoot(width: 140, height: 120)
        let card = UIView(frame: CGRect(x: 30, y: 20, width: 80, height: 60))
        card.backgroundColor = .white
        card.layer.cornerRadius = 10
        card.layer.shadowOpacity = 0.5
        card.layer.shadowRadius = 8
        card.layer.shadowOffset = CGSize(width: 0, height: 6)
        root.addSubview(card)
        let canvas = draw(root)
        let below = canvas.pixel(x: 2 * 70, y: 2 * 84)
        let above = canvas.pixel(x: 2 * 70, y: 2 * 16)
        #expect(below.red < 235 && below.red == below.green && below.green == below.blue)
        #expect(above.red > below.red)              // the offset pushes the shadow down
        #expect(canvas.pixel(x: 2 * 70, y: 2 * 50) == .white)
        expectMatchesReference(canvas, area: "views", name: "shadow_rounded_card")
    }

    @Test func alphaFadesAGroupAsOne() {
        let root = plainRoot(width: 120, height: 80)
        let group = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 60))
        group.alpha = 0.5
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        back.backgroundColor = .blue
        let front = UIView(frame: CGRect(x: 40, y: 0, width: 60, height: 60))
        front.backgroundColor = .red
        group.addSubview(back)
        group.addSubview(front)
        root.addSubview(group)
        let canvas = draw(root)
        // Where they overlap only the front shows, at half strength: no blue shows through.
        #expect(canvas.pixel(x: 2 * 60, y: 2 * 40) == Color(red: 255, green: 127, blue: 127))
        #expect(canvas.pixel(x: 2 * 20, y: 2 * 40) == Color(red: 127, green: 127, blue: 255))
        expectMatchesReference(canvas, area: "views", name: "alpha_group")
    }

    @Test func transformsNestAboutCentres() {
        let root = plainRoot(width: 160, height: 120)
        let outer = UIView(frame: CGRect(x: 40, y: 20, width: 80, height: 80))
        outer.backgroundColor = .systemTeal
        outer.transform = CGAffineTransform(rotationAngle: .pi / 8)
        let inner = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        inner.backgroundColor = .systemPink
        inner.transform = CGAffineTransform(scaleX: 0.5, y: 1.5)
        outer.addSubview(inner)
        root.addSubview(outer)
        // The inner view's centre is the outer view's centre.
        let centre = inner.convert(CGPoint(x: 20, y: 20), to: root)
        #expect(abs(centre.x - 80) < 1e-9 && abs(centre.y - 60) < 1e-9)
        let canvas = draw(root)
        #expect(canvas.pixel(x: 2 * 80, y: 2 * 60) == Color(rgb: 0xFF2D55))
        expectMatchesReference(canvas, area: "views", name: "nested_transforms")
    }

    @Test func drawRectWithBezierPaths() {
        let root = plainRoot(width: 140, height: 100)
        let custom = BadgeView(frame: CGRect(x: 10, y: 10, width: 120, height: 80))
        root.addSubview(custom)
        let canvas = draw(root)
        #expect(custom.drawCount == 1)
        #expect(canvas.pixel(x: 2 * 40, y: 2 * 50) == Color(rgb: 0x5856D6))   // the oval
        // Drawing is kept: a second frame does not call draw(_:) again.
        _ = draw(root)
        #expect(custom.drawCount == 1)
        custom.setNeedsDisplay()
        _ = draw(root)
        #expect(custom.drawCount == 2)
        expectMatchesReference(canvas, area: "views", name: "draw_rect_bezier_paths")
    }

    @Test func aSnapshotDrawsTheSameBytesOnAnyThread() {
        let root = plainRoot(width: 120, height: 80)
        let faded = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 60))
        faded.alpha = 0.6
        faded.layer.cornerRadius = 12
        faded.clipsToBounds = true
        faded.backgroundColor = .systemMint
        let text = label("Same bytes", frame: CGRect(x: -10, y: 10, width: 90, height: 30), lines: 1)
        text.transform = CGAffineTransform(rotationAngle: 0.2)
        faded.addSubview(text)
        root.addSubview(faded)
        let snapshot = root.snapshot(at: 0)
        let serial = draw(snapshot)
        // Each worker draws into a canvas of its own (a canvas never crosses threads) and hands
        // back its pixels.
        let drawn = LockBox<[Int: [UInt32]]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let canvas = Canvas(pointWidth: 120, pointHeight: 80, scale: 2)
            ViewRenderer.draw(snapshot, into: canvas)
            let pixels = Array(canvas.pixels)
            drawn.withLock { $0[index] = pixels }
        }
        #expect(drawn.current.count == 4)
        for pixels in drawn.current.values {
            #expect(pixels == Array(serial.pixels))
        }
    }

    // MARK: Fixtures

    private func label(_ text: String, frame: CGRect, lines: Int) -> UILabel {
        let label = UILabel(frame: frame)
        label.text = text
        label.numberOfLines = lines
        label.font = .systemFont(ofSize: 15)
        label.backgroundColor = .systemGray6
        return label
    }

    private func plainRoot(width: CGFloat, height: CGFloat) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        root.backgroundColor = .white
        return root
    }

    private func draw(_ view: UIView) -> Canvas {
        draw(view.snapshot(at: 0))
    }

    private func draw(_ snapshot: ViewSnapshot) -> Canvas {
        let canvas = Canvas(pointWidth: Double(snapshot.size.width), pointHeight: Double(snapshot.size.height), scale: 2)
        ViewRenderer.draw(snapshot, into: canvas)
        return canvas
    }

    /// 40 × 20 points: the left half system red, the right half system blue.
    private func twoToneImage() -> Canvas {
        let canvas = Canvas(pixelWidth: 40, pixelHeight: 20, scale: 1, background: Color(rgb: 0xFF3B30))
        canvas.fill(CGRect(x: 20, y: 0, width: 20, height: 20), with: Color(rgb: 0x007AFF))
        return canvas
    }
}

/// A view that draws with UIBezierPath in draw(_:), as iOS code does.
private final class BadgeView: UIView {
    var drawCount = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        drawCount += 1
        UIColor.systemGray6.setFill()
        UIBezierPath(roundedRect: rect, cornerRadius: 16).fill()
        UIColor.systemIndigo.setFill()
        UIBezierPath(ovalIn: CGRect(x: 10, y: 15, width: 50, height: 50)).fill()
        let wave = UIBezierPath()
        wave.move(to: CGPoint(x: 65, y: 60))
        wave.addCurve(to: CGPoint(x: 110, y: 20), controlPoint1: CGPoint(x: 80, y: 0), controlPoint2: CGPoint(x: 95, y: 80))
        wave.lineWidth = 3
        wave.lineCapStyle = .round
        UIColor.systemOrange.setStroke()
        wave.stroke()
        let arc = UIBezierPath(arcCenter: CGPoint(x: 35, y: 40), radius: 30, startAngle: 0, endAngle: .pi, clockwise: true)
        arc.lineWidth = 2
        UIColor.black.setStroke()
        arc.stroke()
    }
}

/// Tail truncation tries heads from the longest that could fit, not from the whole text: the same
/// answer as trying every head, at the cost of the visible characters (3,000 "W"s in a 200 × 20
/// label took 19 s and 3.7 GB).
@MainActor @Suite struct LabelTruncationTests {
    /// Every head from the longest down, as the label did before: the reference.
    private func everyHead(_ line: String, _ width: CGFloat, _ label: UILabel) -> String {
        guard label.font.width(of: line) > width + 1e-9 else { return line }
        var characters = Array(line)
        while !characters.isEmpty {
            characters.removeLast()
            let candidate = String(characters).trimmingCharacters(in: .whitespaces) + "…"
            if label.font.width(of: candidate) <= width + 1e-9 { return candidate }
        }
        return "…"
    }

    /// Greedy wrapping as the label did before: a long word's remainder measured whole each time.
    private func wrappedCharacterByCharacter(_ paragraph: String, _ width: CGFloat, _ label: UILabel) -> [String] {
        func fits(_ text: String) -> Bool { label.font.width(of: text) <= width + 1e-9 }
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if fits(candidate) { line = candidate; continue }
            if !line.isEmpty { lines.append(line) }
            line = String(word)
            while !fits(line), line.count > 1 {
                var head = ""
                for character in line {
                    if !head.isEmpty, !fits(head + String(character)) { break }
                    head.append(character)
                }
                lines.append(head)
                line = String(line.dropFirst(head.count))
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    @Test func truncationMatchesTryingEveryHead() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        let texts = ["Hello, world, this is long", "AVAVAVAVAVAVAVAVAV kerning", "a           b", "WWWWWWWWWWWWWWWWWWWW",
                     "Short", "iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii", "x", "Two words"]
        for text in texts {
            for width in [0, 5, 12, 30, 60, 99.5, 150] as [CGFloat] {
                #expect(label.truncated(text, width) == everyHead(text, width, label), "\(text) in \(width) pt")
            }
        }
    }

    /// Wrapping breaks a word wider than the line between characters, as before, and a long word
    /// costs its length (81 kB of title aborted under 8 GB).
    @Test func aLongWordWrapsBetweenCharactersInLinearTime() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 1000))
        label.numberOfLines = 0
        for text in ["tiny supercalifragilisticexpialidocious end", "WWWWWWWWWWWWWWWWWWWWWW", "a bb ccc dddddddddddddddddd e"] {
            for width in [8, 25, 60] as [CGFloat] {
                #expect(label.layOut(text, width: width, height: 1000) == wrappedCharacterByCharacter(text, width, label), "\(text) in \(width) pt")
            }
        }
        let word = String(repeating: "W", count: 20_000)
        let lines = label.layOut(word, width: 60, height: 1_000_000)
        #expect(lines.joined() == word && lines.dropLast().allSatisfy { label.font.width(of: $0) <= 60 + 1e-9 })
    }

    @Test func aVeryLongLineTruncatesInLinearTime() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
        label.text = String(repeating: "W", count: 3000)
        let lines = label.layOut(label.text ?? "", width: 200, height: 20)
        #expect(lines.count == 1 && lines[0].hasSuffix("…") && lines[0].count < 30, "\(lines)")
    }
}
