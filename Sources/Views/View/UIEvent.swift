/// The event a touch belongs to; headless touches carry everything themselves.
open class UIEvent {
    public init() {}
}
