// What writer.c (libpng's path) and rows.c (the frame encoder) share, inside this target.
#ifndef SPRINGFRAMES_CPNGWRITER_ROWS_H
#define SPRINGFRAMES_CPNGWRITER_ROWS_H

#include "CPNGWriter.h"

/// An opaque row as PNG's RGB: every fourth byte dropped. Writes up to 16 bytes past the
/// row's 3·width (SIMD stores): `out` needs that slack.
void sfpng_pack_rgb(const uint32_t *row, uint32_t width, unsigned char *out);

/// Premultiplied to straight alpha: c' = min(255, (c·255 + a/2) / a), transparent as 0, 0, 0, 0,
/// rounding as Color(premultiplied:) does in Swift.
void sfpng_straighten(const uint32_t *row, uint32_t width, unsigned char *out);

/// Frees the frame encoder's part of the scratch.
void sfpng_rows_encoder_free(SFPNGScratch *scratch);

#endif
