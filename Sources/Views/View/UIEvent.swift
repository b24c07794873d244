/// The event a touch belongs to; headless touches carry everything themselves.
@MainActor
open class UIEvent {
    public init() {}
}
