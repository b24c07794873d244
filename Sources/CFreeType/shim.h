// FreeType: faces, glyph outlines and their decomposition into lines and Bézier curves.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

static const FT_Int32 CFT_LOAD_OUTLINE_ONLY = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
