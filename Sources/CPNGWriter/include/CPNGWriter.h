// Frame encoding through libpng's classic write API, whose settings (row filters, zlib level,
// memLevel, strategy, window) the simplified API does not reach. libpng reports errors by
// longjmp, which must not cross Swift frames: setjmp and every libpng call stay in writer.c,
// and errors come back to Swift as a return value and a message.
#ifndef SPRINGFRAMES_CPNGWRITER_H
#define SPRINGFRAMES_CPNGWRITER_H

#include <stddef.h>
#include <stdint.h>

/// How to compress. `filters` is a mask of libpng's PNG_FILTER_* bits (one bit: that filter on
/// every row; several: libpng picks per row among them); the rest are zlib's deflateInit2 values.
typedef struct {
    int filters;
    int level;
    int memLevel;
    int strategy;
    int windowBits;
} SFPNGSettings;

/// A growable output buffer; it keeps its memory from one encode to the next.
typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
} SFPNGBuffer;

/// libpng's PNG_FILTER_* bits, restated: the macros do not import into Swift.
enum {
    SFPNG_FILTER_NONE = 0x08,
    SFPNG_FILTER_SUB = 0x10,
    SFPNG_FILTER_UP = 0x20,
    SFPNG_FILTER_AVG = 0x40,
    SFPNG_FILTER_PAETH = 0x80,
};

/// Encodes `width`×`height` premultiplied pixels (32 bits each, red in the low byte, rows
/// `width` pixels apart) as an 8-bit sRGB PNG into `output` (replacing its contents): RGB when
/// `rgb` is set (the caller has found every pixel opaque), else RGBA with alpha un-premultiplied.
/// `rowScratch` must hold `4 * width` bytes. Returns 1 on success; 0 on failure, with libpng's
/// message in `message` (NUL-terminated, cut to `messageSize`).
int sfpng_encode(const uint32_t *pixels, uint32_t width, uint32_t height, int rgb,
                 SFPNGSettings settings, SFPNGBuffer *output, unsigned char *rowScratch,
                 char *message, size_t messageSize);

/// Releases the buffer's memory.
void sfpng_buffer_free(SFPNGBuffer *buffer);

#endif
