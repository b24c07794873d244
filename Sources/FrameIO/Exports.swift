// Frames are PNG files: the codec comes with the frame files.
@_exported import ImageCodec
