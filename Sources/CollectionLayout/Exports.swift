// A collection view is built of views: code that imports CollectionLayout sees UIView, UIWindow,
// the gesture recognizers and touches too.
@_exported import Views
