import Foundation
import Springframes

/// `springframes-bench autolayout`: a screen of 200 views placed by Auto Layout, as a settings
/// or feed screen pins them. 100 rows, each a label and a 44×20 pt badge: the label hangs from the
/// row above (top = previous bottom + 8) and the leading margin, the badge sits at the trailing
/// margin centred on the label, and the label stops 8 pt before the badge (an inequality). Each
/// timed pass changes the root's width (390 ↔ 375 pt, a rotation-sized change that moves every
/// badge and re-wraps nothing) and lays the screen out again: the solve per layout pass.
@MainActor
enum AutoLayoutBenchmark {
    static let rows = 100

    static func run(runs: Int) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        var above: NSLayoutYAxisAnchor = root.layoutMarginsGuide.topAnchor
        var constraints: [NSLayoutConstraint] = []
        for row in 0..<rows {
            let label = UILabel()
            label.text = "Row \(row)"
            label.font = .systemFont(ofSize: 15)
            let badge = UIView()
            for view in [label, badge] as [UIView] {
                view.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(view)
            }
            constraints += [
                label.topAnchor.constraint(equalTo: above, constant: 8),
                label.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                label.trailingAnchor.constraint(lessThanOrEqualTo: badge.leadingAnchor, constant: -8),
                badge.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
                badge.centerYAnchor.constraint(equalTo: label.centerYAnchor),
                badge.widthAnchor.constraint(equalToConstant: 44),
                badge.heightAnchor.constraint(equalToConstant: 20),
            ]
            above = label.bottomAnchor
        }
        let clock = ContinuousClock()
        var start = clock.now
        NSLayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        let first = (clock.now - start).inSeconds
        let passes = 50
        var durations: [Double] = []
        var pass = 0
        for run in 0...runs {
            start = clock.now
            for _ in 0..<passes {
                pass += 1
                root.bounds.size.width = pass % 2 == 0 ? 390 : 375
                root.layoutIfNeeded()
            }
            if run > 0 { durations.append((clock.now - start).inSeconds / Double(passes)) }   // run 0 warms up
        }
        durations.sort()
        let median = durations[durations.count / 2]
        print("autolayout: \(2 * rows) views, \(constraints.count) constraints, the root's width changed before each pass")
        print("  first layout (activation and solve): \(format(first * 1000, 2)) ms")
        print("  median of \(runs) runs: \(format(median * 1000, 3)) ms per layout pass (\(passes) passes a run)")
        print("  runs (ms/pass): \(durations.map { format($0 * 1000, 3) }.joined(separator: " "))")
    }
}
