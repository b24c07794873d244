// `import Springframes` in place of `import UIKit`: every library module, re-exported.
@_exported import CollectionLayout
@_exported import Controls
@_exported import Navigation
@_exported import DisplayList
@_exported import Dynamics
@_exported import FrameIO
@_exported import ImageCodec
@_exported import Foundation
@_exported import Raster
@_exported import Recording
@_exported import Scenes
@_exported import Tables
@_exported import Views
@_exported import Vocabulary
@_exported import Regression
