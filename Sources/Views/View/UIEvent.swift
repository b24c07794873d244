/// The event a touch belongs to; headless touches carry everything themselves.
@preconcurrency @MainActor
open class UIEvent {
    public init() {}
}
