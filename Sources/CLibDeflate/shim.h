// libdeflate: whole-buffer DEFLATE, used by CPNGWriter for frames' image data.
#include <libdeflate.h>
