// FreeType: faces, glyph outlines and their decomposition into lines and Bézier curves, colour
// bitmap glyphs (emoji) and the font's own tables (GPOS, for kerning).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H

static const FT_Int32 CFT_LOAD_OUTLINE_ONLY = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
/// A colour bitmap glyph (CBDT/sbix strikes) as premultiplied BGRA.
static const FT_Int32 CFT_LOAD_COLOR_BITMAP = FT_LOAD_COLOR;
static const FT_ULong CFT_TAG_GPOS = FT_MAKE_TAG('G', 'P', 'O', 'S');
static inline int CFT_HAS_COLOR(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int CFT_IS_SCALABLE(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
