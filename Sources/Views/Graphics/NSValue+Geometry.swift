import Vocabulary
import Foundation

// UIKit's and Core Animation's boxing of geometry in `NSValue`, as animations take it:
//
//     animation.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(0.8, 0.8, 1))
//     animation.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 200))
//
// Points, sizes and rectangles are Foundation's own boxes (`NSValue(point:)` and so on), with
// the same type encodings as on Apple's systems. Foundation on Linux cannot box other structs, so
// a 3-D transform is boxed as its 16 values in row order (`m11` … `m44`, type encoding `[16d]`)
// and an affine transform as its 6 (`a`, `b`, `c`, `d`, `tx`, `ty`, `[6d]`), where Apple's
// encodings name the structs. Core Animation reads all of them back (LayerValue).

extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    public convenience init(caTransform3D transform: CATransform3D) {
        var values = transform.rowValues
        self.init(bytes: &values, objCType: GeometryEncoding.transform3D)
    }

    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        let t = transform
        var values: [Double] = [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) }
        self.init(bytes: &values, objCType: GeometryEncoding.affineTransform)
    }

    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }

    /// The boxed transform; the identity when the value boxes something else, as UIKit's accessor
    /// reads whatever bytes are there.
    public var caTransform3DValue: CATransform3D { boxedTransform3D ?? CATransform3DIdentity }

    public var cgAffineTransformValue: CGAffineTransform {
        guard let v = doubles(count: 6, encoding: GeometryEncoding.affineTransform) else { return .identity }
        return CGAffineTransform(a: CGFloat(v[0]), b: CGFloat(v[1]), c: CGFloat(v[2]), d: CGFloat(v[3]), tx: CGFloat(v[4]), ty: CGFloat(v[5]))
    }

    var boxedTransform3D: CATransform3D? {
        doubles(count: 16, encoding: GeometryEncoding.transform3D).map { CATransform3D(rowValues: $0) }
    }

    /// What the value boxes, as the geometry type Core Animation interpolates, or nil.
    var unboxedGeometry: Any? {
        switch String(cString: objCType) {
        case GeometryEncoding.point: pointValue
        case GeometryEncoding.size: sizeValue
        case GeometryEncoding.rect: rectValue
        case GeometryEncoding.transform3D: boxedTransform3D
        case GeometryEncoding.affineTransform: cgAffineTransformValue
        default: nil
        }
    }

    private func doubles(count: Int, encoding: String) -> [Double]? {
        guard String(cString: objCType) == encoding else { return nil }
        var values = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return values
    }
}

enum GeometryEncoding {
    static let point = "{CGPoint=dd}"
    static let size = "{CGSize=dd}"
    static let rect = "{CGRect={CGPoint=dd}{CGSize=dd}}"
    static let transform3D = "[16d]"
    static let affineTransform = "[6d]"
}

extension CATransform3D {
    var rowValues: [Double] {
        let rows: [CGFloat] = [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
        return rows.map { Double($0) }
    }

    init(rowValues v: [Double]) {
        let c = v.map { CGFloat($0) }
        self.init(m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
                  m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
    }
}
