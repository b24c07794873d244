// `import Springframes` in place of `import UIKit`: every library module, re-exported.
// Foundation comes through Timing, which re-exports it: so Timing's `Timer` takes the place of
// Foundation's in code that imports Springframes (re-exporting Foundation here too would make
// the name ambiguous).
@_exported import CollectionLayout
@_exported import Controls
@_exported import Navigation
@_exported import Application
@_exported import Timing
@_exported import DisplayList
@_exported import Dynamics
@_exported import FrameIO
@_exported import ImageCodec
@_exported import Raster
@_exported import Recording
@_exported import Scenes
@_exported import Tables
@_exported import Views
@_exported import Vocabulary
@_exported import Regression
