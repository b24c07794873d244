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

/// Memory kept from one encode to the next, so that encoding frame after frame allocates nothing
/// per frame: the encoded file (`bytes`, `count` valid of `capacity`), rows on their way to zlib,
/// and zlib's own state. Zero-initialise it; release it with `sfpng_scratch_free`.
typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    unsigned char *rows;
    size_t rowsCapacity;
    void *deflater;
    /// The frame encoder's tokens and packed row (see `sfpng_encode_rows`).
    void *rowsEncoder;
} SFPNGScratch;

/// How rows reach zlib.
typedef enum {
    /// Unfiltered images larger than 16 KiB of image data are deflated by writer.c itself (one
    /// pass packs rows to RGB, and the zlib checksum is computed with SIMD where the CPU has it);
    /// everything else goes row by row through libpng. Both give the same bytes.
    SFPNG_ROWS_AUTO = 0,
    /// Always through libpng's png_write_row: the reference the direct path is tested against.
    SFPNG_ROWS_LIBPNG = 1,
} SFPNGRowPath;

/// libpng's PNG_FILTER_* bits, restated: the macros do not import into Swift.
enum {
    SFPNG_FILTER_NONE = 0x08,
    SFPNG_FILTER_SUB = 0x10,
    SFPNG_FILTER_UP = 0x20,
    SFPNG_FILTER_AVG = 0x40,
    SFPNG_FILTER_PAETH = 0x80,
};

/// Encodes `width`×`height` premultiplied pixels (32 bits each, red in the low byte, rows
/// `width` pixels apart) as an 8-bit sRGB PNG into `scratch->bytes` (replacing what was there):
/// RGB when `rgb` is set (the caller has found every pixel opaque), else RGBA with alpha
/// un-premultiplied. Returns 1 on success; 0 on failure, with libpng's or zlib's message in
/// `message` (NUL-terminated, cut to `messageSize`).
int sfpng_encode(const uint32_t *pixels, uint32_t width, uint32_t height, int rgb,
                 SFPNGSettings settings, SFPNGRowPath path, SFPNGScratch *scratch,
                 char *message, size_t messageSize);

/// How the frame encoder works through an image.
typedef struct {
    /// Threads compressing bands at once, the caller's included (1 to 64): for a single image.
    /// The bytes are the same for any number.
    int workers;
    /// Keeps the compressed bands whose rows (and the row above them) are unchanged since the
    /// previous image encoded with this scratch, instead of compressing them again: for frames
    /// of an animation. The bytes are those a fresh scratch gives.
    int reuseBands;
} SFPNGRowsOptions;

/// Encodes like `sfpng_encode`, without libpng or zlib's compressor: the frame encoder of rows.c,
/// made for UI frames (rows equal to the row above and runs of one colour become matches; the
/// rest is Huffman-coded literals). Unfiltered rows, one IDAT chunk, the same IHDR and sRGB
/// chunks as `sfpng_encode`. The image is cut into bands of rows compressed independently and
/// joined bit for bit. Returns 1 on success, 0 with a message when memory runs out.
int sfpng_encode_rows(const uint32_t *pixels, uint32_t width, uint32_t height, int rgb, SFPNGRowsOptions options,
                      SFPNGScratch *scratch, char *message, size_t messageSize);

/// Releases the scratch's memory; it may be used again afterwards, as if new.
void sfpng_scratch_free(SFPNGScratch *scratch);

/// The Adler-32 checksum of `length` bytes continued from `adler` (1 to start), as zlib's
/// adler32 computes it: with SSSE3 where the CPU has it when `simd` is set, else by zlib.
uint32_t sfpng_adler32(uint32_t adler, const unsigned char *bytes, size_t length, int simd);

#endif
