// libpng's simplified API (png_image_*), as Swift calls it. The classic API reports errors by
// longjmp, which cannot cross Swift frames: it is called from C only, in the CPNGWriter target.
// Composite format macros do not import into Swift, so they are
// restated here as constants.
#include <png.h>

static const png_uint_32 CPNG_FORMAT_RGB = PNG_FORMAT_RGB;
static const png_uint_32 CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 CPNG_FORMAT_RGB_COLORMAP = PNG_FORMAT_RGB_COLORMAP;
static const png_uint_32 CPNG_FORMAT_RGBA_COLORMAP = PNG_FORMAT_RGBA_COLORMAP;
static const png_uint_32 CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const png_uint_32 CPNG_IMAGE_FLAG_FAST = PNG_IMAGE_FLAG_FAST;
