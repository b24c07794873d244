import Foundation
import DisplayList
import Vocabulary
import Raster
import TestSupport
import Testing
@testable import Views

/// Materials: a blur effect view blurs and tints what is drawn behind it, inside its rounded
/// bounds; vibrancy recolours content; Reduce Transparency makes a material opaque.
@MainActor @Suite struct VisualEffectTests {
    /// Something like a photo: a sky, a sun, hills and hard-edged stripes of colour.
    final class PhotoView: UIView {
        override func draw(_ rect: CGRect) {
            UIColor(rgb: 0x4A90D9).setFill()
            UIBezierPath(rect: rect).fill()
            UIColor(rgb: 0xFFD23F).setFill()
            UIBezierPath(ovalIn: CGRect(x: 150, y: 20, width: 60, height: 60)).fill()
            UIColor(rgb: 0x3BB273).setFill()
            UIBezierPath(ovalIn: CGRect(x: -60, y: 100, width: 260, height: 140)).fill()
            for (index, colour) in [0xE15554, 0xFFFFFF, 0x7768AE, 0x222222].enumerated() {
                UIColor(rgb: UInt32(colour)).setFill()
                UIBezierPath(rect: CGRect(x: 60 + CGFloat(index) * 30, y: 40, width: 15, height: 100)).fill()
            }
        }
    }

    static let card = CGRect(x: 40, y: 30, width: 160, height: 100)

    /// A 240 × 160 window showing the photo, with a card of `effect` over it, drawn at scale 2.
    private func drawCard(_ effect: UIVisualEffect?, style: UIUserInterfaceStyle, label: Bool = true, alpha: CGFloat = 1) -> Canvas {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 160))
        window.overrideUserInterfaceStyle = style
        let photo = PhotoView(frame: window.bounds)
        window.addSubview(photo)
        let card = UIVisualEffectView(effect: effect)
        card.frame = Self.card
        card.layer.cornerRadius = 16
        card.clipsToBounds = true
        if label {
            let text = UILabel(frame: CGRect(x: 16, y: 12, width: 128, height: 24))
            text.text = "Material"
            text.font = .systemFont(ofSize: 17, weight: .semibold)
            card.contentView.addSubview(text)
        }
        card.alpha = alpha
        window.addSubview(card)
        window.makeKeyAndVisible()
        let canvas = Canvas(pointWidth: 240, pointHeight: 160, scale: 2, background: .white)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        return canvas
    }

    /// The largest step between horizontal neighbours along row `y` (pixels) from `x0` to `x1`.
    private func largestStep(_ canvas: Canvas, y: Int, from x0: Int, to x1: Int) -> Int {
        (x0..<x1).map { x in
            let a = canvas.pixel(x: x, y: y), b = canvas.pixel(x: x + 1, y: y)
            return max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
        }.max() ?? 0
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func aMaterialCardBlursThePhotoBehindIt(style: UIUserInterfaceStyle) {
        let blurred = drawCard(UIBlurEffect(style: .systemThinMaterial), style: style)
        let plain = drawCard(nil, style: style)
        // Inside the card, below the label: the stripes' hard edges (steps of up to 255) are gone.
        let row = 2 * 110
        #expect(largestStep(plain, y: row, from: 2 * 50, to: 2 * 190) > 150)
        #expect(largestStep(blurred, y: row, from: 2 * 50, to: 2 * 190) <= 10)
        var changed = 0, total = 0
        for y in stride(from: 2 * 45, to: 2 * 125, by: 3) {
            for x in stride(from: 2 * 45, to: 2 * 195, by: 3) {
                total += 1
                if blurred.premultipliedPixel(x: x, y: y) != plain.premultipliedPixel(x: x, y: y) { changed += 1 }
            }
        }
        #expect(changed > total * 95 / 100, "\(changed) of \(total) pixels changed")
        // Outside the card, and in the tip of its rounded corner, nothing changes.
        #expect(blurred.premultipliedPixel(x: 2 * 20, y: 2 * 20) == plain.premultipliedPixel(x: 2 * 20, y: 2 * 20))
        #expect(blurred.premultipliedPixel(x: 2 * 40 + 1, y: 2 * 30 + 1) == plain.premultipliedPixel(x: 2 * 40 + 1, y: 2 * 30 + 1))
        expectMatchesReference(blurred, area: "materials", name: "thin_material_card_\(style == .dark ? "dark" : "light")")
    }

    @Test(arguments: [(UIBlurEffect.Style.systemMaterialDark, UIUserInterfaceStyle.light, 0x1C1C1E, 186),
                      (.systemMaterial, .light, 0xFFFFFF, 184), (.systemMaterial, .dark, 0x1C1C1E, 186),
                      (.systemChromeMaterial, .dark, 0x161616, 204)])
    func theTintLiesOverAnEvenBackdrop(style: UIBlurEffect.Style, appearance: UIUserInterfaceStyle, tint: Int, alpha: Int) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.overrideUserInterfaceStyle = appearance
        window.backgroundColor = UIColor(rgb: 0x808080)
        let card = UIVisualEffectView(effect: UIBlurEffect(style: style))
        card.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        window.addSubview(card)
        window.makeKeyAndVisible()
        let canvas = Canvas(pointWidth: 100, pointHeight: 100, scale: 1, background: .white)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        // A blurred and saturated even grey is that grey; the tint goes over it source-over.
        for shift in [16, 8, 0] {
            let channel = Double((tint >> shift) & 0xFF), a = Double(alpha) / 255
            let expected = (channel * a).rounded() + (128 * (1 - a)).rounded()
            let shown = canvas.pixel(x: 50, y: 50)
            let value = shift == 16 ? shown.red : shift == 8 ? shown.green : shown.blue
            #expect(abs(Double(value) - expected) <= 1, "channel \(shift): \(value), expected \(expected)")
        }
    }

    @Test func vibrantContentTakesTheVibrancyColour() {
        let blur = UIBlurEffect(style: .systemMaterial)
        let vibrancy = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur, style: .secondaryLabel))
        vibrancy.frame = CGRect(x: 0, y: 0, width: 160, height: 100)
        let text = UILabel(frame: CGRect(x: 10, y: 10, width: 140, height: 40))
        text.text = "Vibrant"
        text.font = .systemFont(ofSize: 30, weight: .bold)
        text.textColor = .systemRed
        vibrancy.contentView.addSubview(text)
        let node = vibrancy.snapshot().root
        // The red text is drawn in secondaryLabel (3C3C43 at 60 % in light appearance).
        let colours = Self.textColours(in: node)
        #expect(!colours.isEmpty && colours.allSatisfy { $0 == Color(rgb: 0x3C3C43, alpha: 153) })
    }

    private static func textColours(in node: ViewSnapshot.Node?) -> [Color] {
        guard let node else { return [] }
        let own = node.content.compactMap { command -> Color? in
            if case let .text(_, _, _, _, colour) = command { return colour }
            return nil
        }
        return own + node.children.flatMap { textColours(in: $0) }
    }

    @Test func reducingTransparencyLeavesTheTintOpaqueAndNothingBehind() {
        let shape = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let material = Material(.systemThickMaterial, dark: true)
        #expect(material.commands(in: shape, reducingTransparency: true) == [.fill(shape, color: Color(rgb: 0x1C1C1E), rule: .nonZero)])
        let translucent = material.commands(in: shape, reducingTransparency: false)
        #expect(translucent.count == 2)
        if case .backdrop(_, let filter)? = translucent.first { #expect(filter.blurRadius == 20) } else { Issue.record("no backdrop first") }
    }

    @Test func everyStyleHasAMaterialAndThickerMeansMoreOpaque() {
        for dark in [false, true] {
            let alphas = [UIBlurEffect.Style.systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial]
                .map { Material($0, dark: dark).tint.alpha }
            #expect(alphas == alphas.sorted() && Set(alphas).count == 4)
        }
        // The fixed styles ignore the appearance; the adaptive ones follow it.
        #expect(Material(.systemMaterialDark, dark: false) == Material(.systemMaterial, dark: true))
        #expect(Material(.systemChromeMaterialLight, dark: true) == Material(.systemChromeMaterial, dark: false))
        #expect(Material(.regular, dark: true) == Material(.systemMaterial, dark: true))
        #expect(Material(.prominent, dark: false) == Material(.systemThickMaterial, dark: false))
    }

    @Test func aFadedCardStillBlursTheFrameBeneathIt() {
        let faded = drawCard(UIBlurEffect(style: .systemThinMaterial), style: .light, label: false, alpha: 0.5)
        let plain = drawCard(nil, style: .light, label: false)
        // Drawn as a group, the card would blur an empty layer and only its tint (white at 55 %)
        // would fade in: a stripe's edge would keep (1 − ½·0.55) = 0.725 of its step. Blurring the
        // photo at half opacity keeps half of it under the half-faded tint: ½·0.725 = 0.3625.
        let sharp = Double(largestStep(plain, y: 2 * 110, from: 2 * 50, to: 2 * 190))
        let step = Double(largestStep(faded, y: 2 * 110, from: 2 * 50, to: 2 * 190))
        #expect(sharp > 150 && abs(step - 0.3625 * sharp) <= 4, "step \(step) of \(sharp)")
        #expect(faded.premultipliedPixel(x: 2 * 75 + 1, y: 2 * 110) != plain.premultipliedPixel(x: 2 * 75 + 1, y: 2 * 110))
    }
}
