import Vocabulary
import Foundation

// Auto Layout's visual format language, as Apple's Auto Layout Guide ("Visual Format Language")
// defines it:
//
//     H:|-[label]-8-[field(>=120@750)]-|
//     V:|-20-[header(44)][list]|
//
// One line of views along one axis (`H:`, the default, or `V:`), each `[name(predicates)]`,
// joined by connections: nothing (flush, 0 pt), `-` (the standard space), or `-predicates-`; `|` is
// the superview. A predicate is an optional relation (`==`, `<=`, `>=`), a number, a metric's
// name or (for a view's size) another view's name, and an optional `@priority`. Standard spaces
// are the guide's: 8 pt between sibling views, 20 pt between a view and its superview's edge.
// Horizontal lines run leading to trailing unless the options name another direction; the
// `alignAll…` options align every view of the line with the one before it. A format that does
// not parse stops the program, as UIKit's exception does, with UIKit's message shape: the reason,
// the format, and a caret under the place.

extension NSLayoutConstraint {
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)

        /// The attributes the `alignAll…` options name, in their bits' order.
        var alignments: [Attribute] {
            let table: [(FormatOptions, Attribute)] = [
                (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
                (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
                (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
            ]
            return table.filter { contains($0.0) }.map(\.1)
        }
    }

    /// The constraints `format` describes between `views` (named by the keys the format uses),
    /// with `metrics` for named numbers. They are returned inactive, as UIKit returns them.
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                  metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        do {
            return try VisualFormat.constraints(format, options: opts, metrics: metrics ?? [:], views: views)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

/// The parser behind `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`.
@MainActor
enum VisualFormat {
    /// Points between sibling views and between a view and its superview's edge for `-`.
    static let standardSpacing: CGFloat = 8
    static let standardSuperviewSpacing: CGFloat = 20

    struct ParseError: Error, CustomStringConvertible {
        var reason: String
        var format: String
        var offset: Int

        var description: String {
            "Unable to parse constraint format: \n\(reason) \n\(format) \n" + String(repeating: " ", count: offset) + "^"
        }
    }

    /// `relation object @priority`: the object is a number, a metric or a view.
    struct Predicate {
        enum Object {
            case constant(CGFloat)
            case view(UIView)
        }

        var relation: NSLayoutConstraint.Relation
        var object: Object
        var priority: UILayoutPriority
    }

    enum Element {
        case superview
        case view(UIView, [Predicate])
        /// Between two elements: nil for `-` (the standard space), empty for flush.
        case connection([Predicate]?)
    }

    static func constraints(_ format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any],
                            views: [String: Any]) throws -> [NSLayoutConstraint] {
        var parser = Parser(text: Array(format), format: format, metrics: metrics, views: views)
        let (vertical, elements) = try parser.parse()
        return try build(elements, vertical: vertical, options: options, parser: parser)
    }

    private static func build(_ elements: [Element], vertical: Bool, options: NSLayoutConstraint.FormatOptions,
                              parser: Parser) throws -> [NSLayoutConstraint] {
        let direction = options.intersection(.directionMask)
        let (start, end): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            vertical ? (.top, .bottom)
            : direction == .directionLeftToRight ? (.left, .right)
            : direction == .directionRightToLeft ? (.right, .left)
            : (.leading, .trailing)
        let size: NSLayoutConstraint.Attribute = vertical ? .height : .width
        // Right to left runs the other way along x: a space is subtracted.
        let sign: CGFloat = !vertical && direction == .directionRightToLeft ? -1 : 1
        let lineViews = elements.compactMap { element -> UIView? in
            if case .view(let view, _) = element { return view }
            return nil
        }
        var result: [NSLayoutConstraint] = []

        func superview() throws -> UIView {
            guard let superview = lineViews.first?.superview else {
                throw ParseError(reason: "Unable to interpret '|' character, because the related view doesn't have a superview",
                                 format: parser.format, offset: 0)
            }
            return superview
        }

        // Each view's own size predicates.
        for case .view(let view, let predicates) in elements {
            for predicate in predicates {
                let constraint: NSLayoutConstraint
                switch predicate.object {
                case .constant(let value):
                    constraint = NSLayoutConstraint(item: view, attribute: size, relatedBy: predicate.relation, toItem: nil,
                                                    attribute: .notAnAttribute, multiplier: 1, constant: value)
                case .view(let other):
                    constraint = NSLayoutConstraint(item: view, attribute: size, relatedBy: predicate.relation, toItem: other,
                                                    attribute: size, multiplier: 1, constant: 0)
                }
                constraint.priority = predicate.priority
                result.append(constraint)
            }
        }

        // Connections: `later.start (relation) earlier.end + space`, the superview's edges taking
        // the place of a view at either end of the line.
        for index in elements.indices {
            guard case .connection(let predicates) = elements[index] else { continue }
            let before = elements[index - 1], after = elements[index + 1]
            let touchesSuperview: Bool
            if case .superview = before { touchesSuperview = true } else if case .superview = after { touchesSuperview = true } else { touchesSuperview = false }
            let spaces: [Predicate] = predicates ?? [Predicate(relation: .equal,
                                                               object: .constant(touchesSuperview ? standardSuperviewSpacing : standardSpacing),
                                                               priority: .required)]
            for space in spaces.isEmpty ? [Predicate(relation: .equal, object: .constant(0), priority: .required)] : spaces {
                guard case .constant(let points) = space.object else {
                    throw ParseError(reason: "A view name cannot be a space between views", format: parser.format, offset: 0)
                }
                let earlier: (item: AnyObject, attribute: NSLayoutConstraint.Attribute)
                let later: (item: AnyObject, attribute: NSLayoutConstraint.Attribute)
                switch before {
                case .view(let view, _): earlier = (view, end)
                default: earlier = (try superview(), start)
                }
                switch after {
                case .view(let view, _): later = (view, start)
                default: later = (try superview(), end)
                }
                let constraint = NSLayoutConstraint(item: later.item, attribute: later.attribute, relatedBy: space.relation,
                                                    toItem: earlier.item, attribute: earlier.attribute, multiplier: 1,
                                                    constant: sign * points)
                constraint.priority = space.priority
                result.append(constraint)
            }
        }

        // alignAll…: each view with the one before it.
        for attribute in options.alignments {
            if vertical ? [.left, .right, .leading, .trailing, .centerX].contains(attribute) : [.top, .bottom, .centerY, .lastBaseline, .firstBaseline].contains(attribute) {
                for (earlier, later) in zip(lineViews, lineViews.dropFirst()) {
                    result.append(NSLayoutConstraint(item: later, attribute: attribute, relatedBy: .equal, toItem: earlier,
                                                     attribute: attribute, multiplier: 1, constant: 0))
                }
            } else {
                throw ParseError(reason: "Options mask required views to be aligned on a \(vertical ? "vertical" : "horizontal") edge, which is not allowed for layout that is also \(vertical ? "vertical" : "horizontal")",
                                 format: parser.format, offset: 0)
            }
        }
        return result
    }

    /// A recursive-descent reader of one format string.
    struct Parser {
        let text: [Character]
        let format: String
        let metrics: [String: Any]
        let views: [String: Any]
        var position = 0

        init(text: [Character], format: String, metrics: [String: Any], views: [String: Any]) {
            self.text = text
            self.format = format
            self.metrics = metrics
            self.views = views
        }

        func error(_ reason: String) -> ParseError { ParseError(reason: reason, format: format, offset: position) }

        var current: Character? { position < text.count ? text[position] : nil }

        mutating func take(_ character: Character) -> Bool {
            guard current == character else { return false }
            position += 1
            return true
        }

        mutating func expect(_ character: Character, _ reason: String) throws {
            guard take(character) else { throw error(reason) }
        }

        mutating func parse() throws -> (vertical: Bool, elements: [Element]) {
            var vertical = false
            if text.count >= 2, text[1] == ":" {
                guard text[0] == "H" || text[0] == "V" else { throw error("Expected 'H:' or 'V:' at the start of the format") }
                vertical = text[0] == "V"
                position = 2
            }
            var elements: [Element] = []
            if take("|") {
                elements.append(.superview)
                elements.append(try connection(required: true))
            }
            elements.append(try view())
            while current != nil {
                let link = try connection(required: false)
                if take("|") {
                    elements.append(link)
                    elements.append(.superview)
                    break
                }
                guard current == "[" else { throw error("Expected a view") }
                elements.append(link)
                elements.append(try view())
            }
            guard current == nil else { throw error("Expected the end of the format after '|'") }
            return (vertical, elements)
        }

        /// `-`, `-predicates-`, or nothing (flush, allowed only between two views).
        mutating func connection(required: Bool) throws -> Element {
            guard take("-") else {
                if required && current != "[" { throw error("Expected a view or a connection") }
                return .connection([])
            }
            if current == "[" || current == "|" { return .connection(nil) }
            let predicates = try predicateList(allowingViews: false)
            try expect("-", "Expected '-' after the space")
            return .connection(predicates)
        }

        /// `[name]` or `[name(predicates)]`.
        mutating func view() throws -> Element {
            try expect("[", "Expected a view")
            let start = position
            let name = identifier()
            guard !name.isEmpty else { throw error("Expected a view name") }
            guard let view = views[name] as? UIView else {
                position = start
                throw error("\(name) is not a key in the views dictionary.")
            }
            var predicates: [Predicate] = []
            if current == "(" { predicates = try predicateList(allowingViews: true) }
            try expect("]", "Expected ']'")
            return .view(view, predicates)
        }

        /// A bare number or metric, or `(predicate, predicate, …)`.
        mutating func predicateList(allowingViews: Bool) throws -> [Predicate] {
            guard take("(") else {
                return [Predicate(relation: .equal, object: .constant(try constant()), priority: .required)]
            }
            var predicates = [try predicate(allowingViews: allowingViews)]
            while take(",") { predicates.append(try predicate(allowingViews: allowingViews)) }
            try expect(")", "Expected ')' or ','")
            return predicates
        }

        mutating func predicate(allowingViews: Bool) throws -> Predicate {
            var relation = NSLayoutConstraint.Relation.equal
            for (text, value) in [("==", NSLayoutConstraint.Relation.equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual)]
            where matches(text) {
                position += 2
                relation = value
                break
            }
            let object: Predicate.Object
            let start = position
            let name = identifier()
            if !name.isEmpty, metrics[name] == nil {
                guard allowingViews, let view = views[name] as? UIView else {
                    position = start
                    throw error("\(name) is not a key in the \(allowingViews ? "views or metrics" : "metrics") dictionary.")
                }
                object = .view(view)
            } else {
                position = start
                object = .constant(try constant())
            }
            var priority = UILayoutPriority.required
            if take("@") {
                let value = try constant()
                guard value >= 1, value <= 1000 else { throw error("A priority must be from 1 to 1000") }
                priority = UILayoutPriority(Float(value))
            }
            return Predicate(relation: relation, object: object, priority: priority)
        }

        func matches(_ token: String) -> Bool {
            let characters = Array(token)
            return position + characters.count <= text.count && Array(text[position..<position + characters.count]) == characters
        }

        /// A number (optionally signed, with a fraction) or a metric's name.
        mutating func constant() throws -> CGFloat {
            let start = position
            let name = identifier()
            if !name.isEmpty {
                guard let metric = metrics[name] else {
                    position = start
                    throw error("\(name) is not a key in the metrics dictionary.")
                }
                guard let value = Self.number(metric) else {
                    position = start
                    throw error("The metric \(name) is not a number")
                }
                return value
            }
            var digits = ""
            if current == "-" || current == "+" { digits.append(text[position]); position += 1 }
            while let character = current, character.isNumber || character == "." {
                digits.append(character)
                position += 1
            }
            guard let value = Double(digits) else {
                position = start
                throw error("Expected a number or a metric name")
            }
            return CGFloat(value)
        }

        /// Letters, digits and underscores, starting with a letter or underscore.
        mutating func identifier() -> String {
            guard let first = current, first.isLetter || first == "_" else { return "" }
            var name = ""
            while let character = current, character.isLetter || character.isNumber || character == "_" {
                name.append(character)
                position += 1
            }
            return name
        }

        static func number(_ value: Any) -> CGFloat? {
            switch value {
            case let value as CGFloat: value
            case let value as Double: CGFloat(value)
            case let value as Float: CGFloat(value)
            case let value as Int: CGFloat(value)
            case let value as NSNumber: CGFloat(value.doubleValue)
            default: nil
            }
        }
    }
}
