import Foundation
import FrameIO
import Recording

/// A check's report as one web page, `report.html`, beside the images it shows: open it in any
/// browser, offline. It loads nothing from the network and runs only its own inline script: a
/// Content-Security-Policy allows that script and that style sheet by their SHA-256 and images
/// from files, nothing else, so even a name that slipped past escaping could not run.
///
/// For the recording checked it shows what to run to record the golden again; the motion
/// metrics table; per differing element a plot of x, y, scale, rotation and alpha over time
/// (a scroll view's content offset), golden against now, with the rest position, the overshoot
/// peak and the settling instant marked; the labelled sheet of failing frames; and per failing
/// frame the golden and the frame now under a slider and in a flip view, beside the diff.
///
/// Opened with `#selftest`, the page checks itself once loaded (its images are decoded, the
/// slider and the flip view respond, no script error) and writes the outcome as JSON into
/// `<pre id="selftest">`, which `chromium --headless --dump-dom` prints.
struct HTMLReport {
    var result: GoldenCheckResult
    var rerecord: String?
    /// Where the page is written.
    var directory: URL
    /// The phase shown first: see ``GoldenCheck/focus``.
    var focus: String?

    /// The two traces' colours: golden blue, now orange (iOS's system blue and orange).
    static let goldenColor = "#0A84FF", nowColor = "#FF9F0A"

    var html: String {
        let title = result.passes ? "\"\(result.scene)\" matches its golden" : "\"\(result.scene)\" does not match its golden"
        var body = "<header><h1>\(escape(title))</h1><p class=\"where\">Golden: <code>\(escape(result.directory.path))</code>"
        if let canvas = result.canvas {
            body += " · \(counted(result.frameCount, "frame")) · \(format(canvas.width))×\(format(canvas.height)) pt at scale \(format(canvas.scale))"
        }
        body += "</p></header>\n"
        if !result.passes { body += rerecordSection }
        body += motionSection + framesSection
        body += "<section><h2>The report in full</h2><pre class=\"summary\">\(escape(result.summary(limit: .max)))</pre></section>\n"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <title>\(escape(title))</title>
            <style>\(Self.style)</style>
            <script>\(Self.script)</script>
            </head><body>
            \(body)<pre id="selftest" hidden></pre>
            </body></html>

            """
    }

    // MARK: Sections

    private var rerecordSection: String {
        let command = rerecord ?? "springframes check … --record failed   (in a test: \(RecordMode.environmentVariable)=failed swift test)"
        return "<section id=\"rerecord\"><h2>If the change is intended</h2><p>Record the golden again, review it and commit it:</p>"
            + "<pre class=\"command\"><code>\(escape(command))</code></pre></section>\n"
    }

    private var motionSection: String {
        var html = "<section id=\"motion\"><h2>Motion</h2>"
        guard let motion = result.motion else {
            let why = result.recordedTrace ? "The golden trace was recorded by this run; nothing was compared."
                : "The motion was not checked."
            return html + "<p>\(why)</p></section>\n"
        }
        // The first line: the table and the plots say the rest.
        html += "<p>\(escape(String(motion.report(limit: 0).prefix { $0 != "\n" })))</p>"
        guard let phase = focusedPhase(motion) else { return html + wholeRecording(motion) + "</section>\n" }
        // The phase in focus, then the whole recording one click away.
        html += "<h3 class=\"phase\">In focus: \(escape(phase.label))</h3>"
        html += phaseList(motion, focused: phase)
        html += phaseTable(motion.changes, phase: phase)
        if !motion.motions.isEmpty {
            html += legend
            for element in motion.motions { html += plots(of: element.restricted(to: phase), suffix: "phase", origin: phase.start) }
        }
        html += "<details class=\"whole\"><summary>The whole recording</summary>" + wholeRecording(motion) + "</details>"
        return html + "</section>\n"
    }

    private var legend: String {
        "<p class=\"legend\"><span class=\"swatch golden\"></span>golden "
            + "<span class=\"swatch now\"></span>now · dotted: rest · ○ overshoot peak · "
            + "dashed: settled (within 2 %)</p>"
    }

    /// The table and plots over the whole recording.
    private func wholeRecording(_ motion: MotionComparison) -> String {
        var html = ""
        if !motion.changes.isEmpty { html += metricsTable(motion.changes) }
        if !motion.motions.isEmpty {
            html += legend
            for element in motion.motions { html += plots(of: element) }
        }
        if motion.differingItems > MotionComparison.metricItemLimit {
            html += "<p>Plots of the first \(MotionComparison.metricItemLimit) of \(motion.differingItems) differing elements.</p>"
        }
        return html
    }

    /// The phase named by `focus`; else the first release or mark in which an element changed,
    /// else the first phase that changed; nil when no phase but the whole recording is measured.
    func focusedPhase(_ motion: MotionComparison) -> MotionPhase? {
        let measured = motion.phases.filter { $0.kind != .whole }
        if let focus, let named = measured.first(where: { $0.name == focus }) { return named }
        let changed = measured.filter { phase in motion.changes.contains { $0.phases.contains { $0.phase == phase && $0.changed } } }
        return changed.first { $0.isResponse } ?? changed.first
    }

    /// Every measured phase, marking those in which something changed.
    private func phaseList(_ motion: MotionComparison, focused: MotionPhase) -> String {
        var html = "<ul class=\"phases\">"
        for phase in motion.phases where phase.kind != .whole {
            let changed = motion.changes.filter { $0.phases.contains { $0.phase == phase && $0.changed } }.count
            let state = changed == 0 ? "no change" : "\(counted(changed, "element")) changed"
            html += "<li\(phase == focused ? " class=\"focused\"" : "")>\(escape(phase.label)): \(escape(state))</li>"
        }
        return html + "</ul>"
    }

    /// Per changed element, its metrics in `phase` and the fitted spring, golden → now.
    private func phaseTable(_ changes: [MotionComparison.ItemChange], phase: MotionPhase) -> String {
        func n(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        func cell(_ golden: String?, _ now: String?) -> String {
            let g = golden ?? "–", a = now ?? "–"
            return g == a ? "<td>\(escape(a))</td>" : "<td class=\"changed\">\(escape(g)) → \(escape(a))</td>"
        }
        var html = "<table class=\"metrics phase\"><thead><tr><th>element</th><th>overshoot</th><th>settles</th><th>bounce</th>"
            + "<th>duration</th><th>fitted ζ</th><th>fitted frequency</th><th>fit residual</th></tr></thead><tbody>"
        for change in changes {
            guard let measured = change.phases.first(where: { $0.phase == phase }) else { continue }
            let r = measured.reference, a = measured.actual
            html += "<tr><th><a href=\"#\(anchor(change.key))-phase\">\(escape(change.element))</a></th>"
                + cell(r.map { "\(n($0.motion.overshoot, 1)) %" }, a.map { "\(n($0.motion.overshoot, 1)) %" })
                + cell(r.map { $0.motion.settlingTime.map { "\(n($0, 2)) s" } ?? "never" },
                       a.map { $0.motion.settlingTime.map { "\(n($0, 2)) s" } ?? "never" })
                + cell(r?.fit.map { n($0.bounce, 2) }, a?.fit.map { n($0.bounce, 2) })
                + cell(r?.fit.map { "\(n($0.duration, 2)) s" }, a?.fit.map { "\(n($0.duration, 2)) s" })
                + cell(r?.fit.map { n($0.dampingRatio, 2) }, a?.fit.map { n($0.dampingRatio, 2) })
                + cell(r?.fit.map { "\(n($0.frequency, 2)) Hz" }, a?.fit.map { "\(n($0.frequency, 2)) Hz" })
                + cell(r?.fit.map { "\(n($0.residual, 2)) pt" }, a?.fit.map { "\(n($0.residual, 2)) pt" }) + "</tr>"
        }
        return html + "</tbody></table>"
    }

    private func metricsTable(_ changes: [MotionComparison.ItemChange]) -> String {
        func n(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        func settle(_ m: MotionMetrics) -> String { m.settlingTime.map { "\(n($0, 2)) s" } ?? "never" }
        func point(_ p: CGPoint) -> String { "(\(n(Double(p.x), 1)), \(n(Double(p.y), 1)))" }
        func cell(_ golden: String, _ now: String) -> String {
            golden == now ? "<td>\(escape(now))</td>" : "<td class=\"changed\">\(escape(golden)) → \(escape(now))</td>"
        }
        var html = "<table class=\"metrics\"><thead><tr><th>element</th><th>overshoot</th><th>settles</th><th>peak speed</th>"
            + "<th>rest</th><th>zoom peak</th></tr></thead><tbody>"
        for change in changes {
            let r = change.reference, a = change.actual
            html += "<tr><th><a href=\"#\(anchor(change.key))\">\(escape(change.element))</a></th>"
                + cell("\(n(r.overshoot, 1)) %", "\(n(a.overshoot, 1)) %") + cell(settle(r), settle(a))
                + cell("\(n(r.peakSpeed, 0)) pt/s", "\(n(a.peakSpeed, 0)) pt/s") + cell(point(r.rest), point(a.rest))
                + cell(n(r.peakScale, 2), n(a.peakScale, 2)) + "</tr>"
        }
        return html + "</tbody></table>"
    }

    private var framesSection: String {
        var html = "<section id=\"frames\"><h2>Frames</h2>"
        guard result.framesCompared > 0 || !result.failures.isEmpty else {
            let why = result.recordedFrames.isEmpty ? "The frames were not checked." : "The golden frames were recorded by this run."
            return html + "<p>\(why)</p></section>\n"
        }
        html += "<p>\(escape(result.failures.isEmpty ? "All \(result.framesCompared) frames compared match." : "\(counted(result.failures.count, "frame")) of \(result.framesCompared) compared differ."))"
        if let sizeNote = result.sizeNote, !result.failures.isEmpty { html += " " + escape(sizeNote) }
        html += "</p>"
        if let sheet = result.sheet {
            html += "<figure class=\"sheet\"><img src=\"\(escape(link(sheet)))\" alt=\"failing frames\">"
                + "<figcaption>Failing frames: golden, now, diff.</figcaption></figure>"
        }
        for failure in result.failures { html += frame(failure) }
        return html + "</section>\n"
    }

    private func frame(_ failure: GoldenCheckResult.FrameFailure) -> String {
        var heading = "frame \(failure.frame) · \(String(format: "%.3f", failure.time)) s"
        switch failure.reason {
        case let .differs(differing, antialiased, _):
            heading += " · \(counted(differing, "pixel")) differ" + (antialiased > 0 ? ", \(antialiased) more by anti-aliasing" : "")
        case .sizeMismatch(let message): heading += " · " + message
        case .unreadable(let message): heading += " · the golden frame cannot be read (\(message))"
        }
        let width = result.canvas.map { "width=\"\(Int(min($0.width, 360).rounded()))\"" } ?? ""
        var html = "<article class=\"frame\" id=\"frame-\(failure.frame)\"><h3>\(escape(heading))</h3><div class=\"views\">"
        if let golden = failure.golden, let now = failure.now {
            let g = escape(link(golden)), n = escape(link(now))
            html += "<figure><div class=\"compare\"><img class=\"golden\" src=\"\(g)\" alt=\"golden\" \(width)>"
                + "<img class=\"now\" src=\"\(n)\" alt=\"now\" \(width)><div class=\"divider\"></div></div>"
                + "<input class=\"slider\" type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"golden | now\">"
                + "<figcaption>Slider: golden left, now right.</figcaption></figure>"
            html += "<figure><div class=\"flip\" title=\"click to flip\"><img class=\"golden\" src=\"\(g)\" alt=\"golden\" \(width)>"
                + "<img class=\"now\" src=\"\(n)\" alt=\"now\" \(width)><span class=\"flip-label\">golden</span></div>"
                + "<figcaption>Flip: click the image.</figcaption></figure>"
        } else if let now = failure.now {
            html += "<figure><img src=\"\(escape(link(now)))\" alt=\"now\" \(width)><figcaption>Now.</figcaption></figure>"
        }
        if let diff = failure.diff {
            html += "<figure><img src=\"\(escape(link(diff)))\" alt=\"diff\" \(width)><figcaption>Diff: red differs, yellow only by "
                + "anti-aliasing.</figcaption></figure>"
        } else if let strip = failure.strip {
            html += "<figure><img src=\"\(escape(link(strip)))\" alt=\"golden, now\"><figcaption>Golden and now.</figcaption></figure>"
        }
        return html + "</div></article>\n"
    }

    /// Images are written beside the page: linked by file name when they are.
    private func link(_ url: URL) -> String {
        url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path
            ? url.lastPathComponent : url.standardizedFileURL.absoluteString
    }

    // MARK: Plots

    private func anchor(_ key: SceneTrace.Row.Key) -> String {
        // Per Unicode scalar, as escaping is: ASCII letters and digits as they are, anything else
        // as its code point, so that distinct names keep distinct anchors.
        var anchor = "motion-"
        for scalar in "\(key.element)-\(key.kind)-\(key.id)-\(key.section)-\(key.item)".unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9": anchor.unicodeScalars.append(scalar)
            case "-": anchor += "-"
            default: anchor += "_\(String(scalar.value, radix: 16))_"
            }
        }
        return anchor
    }

    /// One element's panels: each quantity that changes over time in either trace; the others
    /// named with their constant value.
    /// `suffix` tells a phase's plots' anchors from the whole recording's; `origin` is the time at
    /// their left edge.
    private func plots(of motion: MotionComparison.ElementMotion, suffix: String? = nil, origin: Double = 0) -> String {
        let isScrollView = motion.key.element == .scrollView
        let quantities: [(name: String, unit: String, values: (MotionComparison.Track) -> [Double], epsilon: Double, marks: Bool)] = [
            (isScrollView ? "content offset x" : "x", "pt", { $0.positions.map { Double($0.x) } }, 0.01, true),
            (isScrollView ? "content offset y" : "y", "pt", { $0.positions.map { Double($0.y) } }, 0.01, true),
            ("scale", "", { $0.scales }, 1e-4, false),
            ("rotation", "°", { $0.angles.map { $0 * 180 / .pi } }, 1e-3, false),
            ("alpha", "", { $0.alphas }, 1e-4, false),
        ]
        let tracks = [motion.reference, motion.actual]
        var panels = "", constant: [String] = []
        for quantity in quantities {
            let series = tracks.map { $0.map { (times: $0.times, values: quantity.values($0), metrics: $0.metrics) } }
            let all = series.compactMap { $0?.values }.joined()
            guard let first = all.first else { continue }
            if all.allSatisfy({ abs($0 - first) <= quantity.epsilon }) {
                constant.append("\(quantity.name) \(format(first))\(quantity.unit)")
                continue
            }
            panels += panel(title: quantity.name, unit: quantity.unit, golden: series[0], now: series[1], marks: quantity.marks,
                            origin: origin)
        }
        var html = "<div class=\"element\" id=\"\(anchor(motion.key))\(suffix.map { "-" + $0 } ?? "")\"><h3>\(escape(motion.element))</h3>"
        if motion.reference == nil { html += "<p>Not in the golden trace.</p>" }
        if motion.actual == nil { html += "<p>Not in the trace now.</p>" }
        html += "<div class=\"panels\">\(panels)</div>"
        if !constant.isEmpty { html += "<p class=\"constant\">Constant in both: \(escape(constant.joined(separator: ", ")))</p>" }
        return html + "</div>"
    }

    private typealias Series = (times: [Double], values: [Double], metrics: MotionMetrics)

    /// A 460 × 190 plot of one quantity over time, golden and now; `marks` adds the rest value, the
    /// overshoot peak and the settling instant.
    /// `origin`: the time at the left edge (0, or a phase's start).
    private func panel(title: String, unit: String, golden: Series?, now: Series?, marks: Bool, origin: Double = 0) -> String {
        let width = 460.0, height = 190.0, left = 52.0, right = 10.0, top = 20.0, bottom = 22.0
        let both = [golden, now].compactMap { $0 }
        let end = max(both.compactMap { $0.times.last }.max() ?? 1, origin + 1e-9)
        var low = both.flatMap(\.values).min() ?? 0, high = both.flatMap(\.values).max() ?? 1
        let pad = (high - low) * 0.06
        (low, high) = (low - pad, high + pad)
        func x(_ t: Double) -> Double { left + (t - origin) / (end - origin) * (width - left - right) }
        func y(_ v: Double) -> Double { top + (high - v) / (high - low) * (height - top - bottom) }
        func p(_ v: Double) -> String { String(format: "%.1f", v) }
        var svg = "<svg class=\"plot\" viewBox=\"0 0 \(p(width)) \(p(height))\" width=\"\(p(width))\" height=\"\(p(height))\" role=\"img\" "
            + "aria-label=\"\(escape(title)) over time\"><rect class=\"frame\" x=\"\(p(left))\" y=\"\(p(top))\" "
            + "width=\"\(p(width - left - right))\" height=\"\(p(height - top - bottom))\"/>"
            + "<text class=\"title\" x=\"\(p(left))\" y=\"14\">\(escape(title))\(unit.isEmpty || unit == "°" ? unit : " (\(unit))")</text>"
            + "<text class=\"tick\" x=\"\(p(left - 4))\" y=\"\(p(top + 8))\" text-anchor=\"end\">\(format(high, digits: 1))</text>"
            + "<text class=\"tick\" x=\"\(p(left - 4))\" y=\"\(p(height - bottom))\" text-anchor=\"end\">\(format(low, digits: 1))</text>"
            + "<text class=\"tick\" x=\"\(p(left))\" y=\"\(p(height - 6))\">\(format(origin, digits: 2)) s</text>"
            + "<text class=\"tick\" x=\"\(p(width - right))\" y=\"\(p(height - 6))\" text-anchor=\"end\">\(format(end, digits: 2)) s</text>"
        // The golden wide and under, now narrow and over: where they agree, both show.
        for (series, color, stroke) in [(golden, Self.goldenColor, 3.6), (now, Self.nowColor, 1.4)] {
            guard let series, !series.values.isEmpty else { continue }
            let points = zip(series.times, series.values).map { "\(p(x($0))),\(p(y($1)))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(stroke)\" stroke-linejoin=\"round\" points=\"\(points)\"/>"
            guard marks else { continue }
            let metrics = series.metrics
            let rest = series.values[series.values.count - 1]
            svg += "<line x1=\"\(p(left))\" x2=\"\(p(width - right))\" y1=\"\(p(y(rest)))\" y2=\"\(p(y(rest)))\" stroke=\"\(color)\" "
                + "stroke-width=\"1\" stroke-dasharray=\"1 3\"/>"
            if let peak = metrics.overshootTime, let k = series.times.firstIndex(of: peak) {
                svg += "<circle cx=\"\(p(x(peak)))\" cy=\"\(p(y(series.values[k])))\" r=\"4\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\">"
                    + "<title>overshoot \(format(metrics.overshoot, digits: 1)) % at \(format(peak, digits: 3)) s</title></circle>"
            }
            if let settling = metrics.settlingTime, settling > 0 {
                let t = metrics.approachStart + settling
                svg += "<line x1=\"\(p(x(t)))\" x2=\"\(p(x(t)))\" y1=\"\(p(top))\" y2=\"\(p(height - bottom))\" stroke=\"\(color)\" "
                    + "stroke-width=\"1\" stroke-dasharray=\"4 3\"><title>settled at \(format(t, digits: 2)) s</title></line>"
            }
        }
        return svg + "</svg>"
    }

    // MARK: Text

    private func format(_ value: Double, digits: Int = 3) -> String {
        let text = String(format: "%.\(digits)f", value)
        guard text.contains(".") else { return text }
        let trimmed = text.reversed().drop { $0 == "0" }.drop { $0 == "." }
        let result = String(trimmed.reversed())
        return result == "-0" ? "0" : result
    }

    private func escape(_ text: String) -> String { Self.escape(text) }

    /// `text` made safe for HTML text and for a quoted attribute value (either quote).
    ///
    /// Per Unicode scalar, never per `Character`: a Character is a grapheme cluster, and a prepend
    /// mark such as U+0600 glued to `<` makes a Character that is not equal to `<` but that a
    /// browser reads as the mark followed by a tag.
    static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    // MARK: Policy

    /// What the page may load and run: its own style sheet and script, by hash; images from files
    /// beside it (or, when the artifacts are elsewhere, from other files); nothing else: no other
    /// inline script or style, no event-handler attributes, no network, no plugins, no forms.
    static let contentSecurityPolicy = "default-src 'none'; script-src '\(hash(of: script))'; style-src '\(hash(of: style))'; "
        + "img-src 'self' file:; base-uri 'none'; form-action 'none'"

    /// A CSP hash source (`sha256-…` in base64) of an inline element's text.
    private static func hash(of text: String) -> String {
        var hasher = SHA256()
        hasher.update(Array(text.utf8))
        return "sha256-" + Data(hasher.finalize()).base64EncodedString()
    }

    private static let style = """
        body { font: 14px/1.45 -apple-system, "Inter", "DejaVu Sans", sans-serif; margin: 24px; color: #1c1c1e; background: #fff; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #d1d1d6; }
        h3 { font-size: 15px; margin: 16px 0 6px; } code, pre { font: 12px/1.4 "DejaVu Sans Mono", monospace; }
        .where { color: #6c6c70; margin: 0; } pre.command { background: #f2f2f7; padding: 10px; overflow-x: auto; }
        pre.summary { white-space: pre-wrap; background: #f9f9fb; padding: 10px; }
        table.metrics { border-collapse: collapse; margin: 8px 0; } table.metrics th, table.metrics td { padding: 4px 10px; text-align: left;
        border-bottom: 1px solid #e5e5ea; white-space: nowrap; } td.changed { background: #fff4e0; }
        .legend .swatch { display: inline-block; width: 18px; height: 4px; margin: 0 6px 3px 0; vertical-align: middle; }
        .legend .swatch.golden { background: \(goldenColor); } .legend .swatch.now { background: \(nowColor); }
        .panels { display: flex; flex-wrap: wrap; gap: 6px; } svg.plot { background: #fff; }
        svg.plot rect.frame { fill: #fafafa; stroke: #d1d1d6; } svg.plot text { font: 11px sans-serif; fill: #3c3c43; }
        svg.plot text.title { font-weight: 600; } .constant { color: #6c6c70; margin-top: 2px; }
        .views { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; } figure { margin: 0; }
        figcaption { color: #6c6c70; font-size: 12px; } img { display: block; max-width: 100%; height: auto; background: #fff; }
        .compare, .flip { position: relative; display: inline-block; cursor: pointer; outline: 1px solid #d1d1d6; }
        .compare img.now { position: absolute; left: 0; top: 0; clip-path: inset(0 0 0 50%); }
        .compare .divider { position: absolute; top: 0; bottom: 0; left: 50%; width: 2px; margin-left: -1px; background: #ff3b30; }
        .compare + input.slider { display: block; width: 100%; margin: 6px 0; }
        .flip img.now { display: none; } .flip.showing-now img.now { display: block; } .flip.showing-now img.golden { display: none; }
        .flip-label { position: absolute; left: 6px; top: 6px; background: rgba(0,0,0,.6); color: #fff; padding: 1px 6px; border-radius: 4px; }
        .sheet img { outline: 1px solid #d1d1d6; }
        """

    private static let script = """
        "use strict";
        var errors = [];
        window.addEventListener("error", function (e) {
          errors.push(String(e.message || (e.target && (e.target.src || e.target.href)) || "error"));
        }, true);
        function slide(input) {
          var box = input.parentNode.querySelector(".compare");
          box.querySelector("img.now").style.clipPath = "inset(0 0 0 " + input.value + "%)";
          box.querySelector(".divider").style.left = input.value + "%";
        }
        function flip(box) {
          box.classList.toggle("showing-now");
          box.querySelector(".flip-label").textContent = box.classList.contains("showing-now") ? "now" : "golden";
        }
        // Handlers are attached here: the page's policy forbids event-handler attributes.
        document.addEventListener("DOMContentLoaded", function () {
          Array.prototype.forEach.call(document.querySelectorAll("input.slider"), function (input) {
            input.addEventListener("input", function () { slide(input); });
          });
          Array.prototype.forEach.call(document.querySelectorAll(".flip"), function (box) {
            box.addEventListener("click", function () { flip(box); });
          });
        });
        window.addEventListener("load", function () {
          if (location.hash !== "#selftest") return;
          var images = Array.prototype.slice.call(document.images);
          var outcome = { errors: errors, images: images.length, plots: document.querySelectorAll("svg.plot").length,
            undecoded: images.filter(function (i) { return !(i.complete && i.naturalWidth > 0); }).map(function (i) { return i.getAttribute("src"); }),
            slider: null, flipped: null };
          var slider = document.querySelector("input.slider");
          if (slider) {
            slider.value = "30";
            slider.dispatchEvent(new Event("input"));
            outcome.slider = getComputedStyle(slider.parentNode.querySelector("img.now")).clipPath;
          }
          var box = document.querySelector(".flip");
          if (box) {
            box.click();
            outcome.flipped = getComputedStyle(box.querySelector("img.now")).display;
          }
          document.getElementById("selftest").textContent = JSON.stringify(outcome);
        });
        """
}
