#include "CPNGWriter.h"
#include "rows.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#if defined(__x86_64__) || defined(__i386__)
#include <tmmintrin.h>
#define SFPNG_X86 1
#endif

typedef struct {
    SFPNGScratch *scratch;
    char *message;
    size_t messageSize;
    // libpng often says why in a warning just before a generic error ("Image width exceeds user
    // limit in IHDR", then "Invalid IHDR data"): the last warning is kept to go with the error.
    char warning[160];
} Context;

static void record(Context *context, const char *text) {
    if (context->messageSize == 0) return;
    if (context->warning[0])
        snprintf(context->message, context->messageSize, "%s (%s)", text, context->warning);
    else
        snprintf(context->message, context->messageSize, "%s", text);
}

static void on_error(png_structp png, png_const_charp text) {
    record(png_get_error_ptr(png), text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    Context *context = png_get_error_ptr(png);
    snprintf(context->warning, sizeof context->warning, "%s", text);
}

static void on_write(png_structp png, png_bytep data, size_t length) {
    SFPNGScratch *scratch = ((Context *)png_get_io_ptr(png))->scratch;
    if (length > scratch->capacity - scratch->count) {
        size_t capacity = scratch->capacity ? scratch->capacity : 1 << 16;
        while (capacity - scratch->count < length) capacity *= 2;
        unsigned char *grown = realloc(scratch->bytes, capacity);
        if (!grown) png_error(png, "out of memory for the encoded image");
        scratch->bytes = grown;
        scratch->capacity = capacity;
    }
    memcpy(scratch->bytes + scratch->count, data, length);
    scratch->count += length;
}

static void on_flush(png_structp png) { (void)png; }

// Premultiplied to straight alpha, rounding as Color(premultiplied:) does in Swift:
// c' = min(255, (c·255 + a/2) / a), and a fully transparent pixel is 0, 0, 0, 0.
void sfpng_straighten(const uint32_t *row, uint32_t width, unsigned char *out) {
    for (uint32_t x = 0; x < width; x++, out += 4) {
        uint32_t p = row[x], a = p >> 24;
        if (a == 0) {
            out[0] = out[1] = out[2] = out[3] = 0;
            continue;
        }
        for (int channel = 0; channel < 3; channel++) {
            uint32_t c = (p >> (8 * channel)) & 0xFF;
            uint32_t straight = a == 255 ? c : (c * 255 + a / 2) / a;
            out[channel] = (unsigned char)(straight > 255 ? 255 : straight);
        }
        out[3] = (unsigned char)a;
    }
}

// MARK: Rows and checksum

// An opaque row as PNG's RGB: every fourth byte of the canvas' row dropped.
static void pack_rgb_scalar(const uint32_t *row, uint32_t from, uint32_t width, unsigned char *out) {
    for (uint32_t x = from; x < width; x++, out += 3) {
        uint32_t p = row[x];
        out[0] = (unsigned char)p;
        out[1] = (unsigned char)(p >> 8);
        out[2] = (unsigned char)(p >> 16);
    }
}

#ifdef SFPNG_X86
// Four pixels per shuffle. Each store writes 16 bytes of which 12 count, so `out` needs 4 bytes
// of slack past the row; the next row, written after, covers them.
__attribute__((target("ssse3")))
static void pack_rgb_ssse3(const uint32_t *row, uint32_t width, unsigned char *out) {
    const __m128i dropAlpha = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    uint32_t x = 0;
    for (; x + 4 <= width; x += 4, out += 12)
        _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(row + x)), dropAlpha));
    pack_rgb_scalar(row, x, width, out);
}

static int has_ssse3(void) { return __builtin_cpu_supports("ssse3"); }

static uint32_t sum_lanes(__m128i v) {
    v = _mm_add_epi32(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)));
    v = _mm_add_epi32(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(v);
}

// Adler-32 32 bytes at a time. Over a block b[0..31] entered with sums s1, s2:
//   s1' = s1 + Σ b[i]      s2' = s2 + 32·s1 + Σ (32 − i)·b[i]
// so a run of blocks needs the byte sums (psadbw), the weighted sums (pmaddubsw against
// 32…1, then pmaddwd to 32 bits) and, for the 32·s1 terms, the running byte sum at each block's
// start. The modulo is taken once per 5,536 bytes (173 blocks): the longest run zlib's NMAX (5,552)
// allows whose sums provably stay below 2³².
__attribute__((target("ssse3")))
static uint32_t adler32_ssse3(uint32_t adler, const unsigned char *bytes, size_t length) {
    enum { BASE = 65521, BLOCK = 32, RUN_BLOCKS = 173 };
    const __m128i weightsFirst = _mm_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17);
    const __m128i weightsSecond = _mm_setr_epi8(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m128i ones = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
    while (length >= BLOCK) {
        size_t blocks = length / BLOCK;
        if (blocks > RUN_BLOCKS) blocks = RUN_BLOCKS;
        length -= blocks * BLOCK;
        __m128i byteSums = zero, startSums = zero, weighted = zero;
        for (size_t b = 0; b < blocks; b++, bytes += BLOCK) {
            __m128i first = _mm_loadu_si128((const __m128i *)bytes);
            __m128i second = _mm_loadu_si128((const __m128i *)(bytes + 16));
            startSums = _mm_add_epi32(startSums, byteSums);
            byteSums = _mm_add_epi32(byteSums, _mm_add_epi32(_mm_sad_epu8(first, zero), _mm_sad_epu8(second, zero)));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_maddubs_epi16(first, weightsFirst), ones));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_maddubs_epi16(second, weightsSecond), ones));
        }
        s2 = (s2 + (uint32_t)blocks * BLOCK * s1 + BLOCK * sum_lanes(startSums) + sum_lanes(weighted)) % BASE;
        s1 = (s1 + sum_lanes(byteSums)) % BASE;
    }
    while (length--) {
        s1 += *bytes++;
        s2 += s1;
    }
    return (s2 % BASE) << 16 | (s1 % BASE);
}
#endif

uint32_t sfpng_adler32(uint32_t adler, const unsigned char *bytes, size_t length, int simd) {
#ifdef SFPNG_X86
    if (simd && has_ssse3()) return adler32_ssse3(adler, bytes, length);
#endif
    (void)simd;
    return (uint32_t)adler32_z(adler, bytes, length);
}

void sfpng_pack_rgb(const uint32_t *row, uint32_t width, unsigned char *out) {
#ifdef SFPNG_X86
    if (has_ssse3()) {
        pack_rgb_ssse3(row, width, out);
        return;
    }
#endif
    pack_rgb_scalar(row, 0, width, out);
}

// Room for `size` bytes of rows, plus the 16 bytes of slack the packing stores may write past.
static unsigned char *reserve_rows(png_structp png, SFPNGScratch *scratch, size_t size) {
    if (scratch->rowsCapacity < size + 16) {
        unsigned char *grown = realloc(scratch->rows, size + 16);
        if (!grown) png_error(png, "out of memory for rows to compress");
        scratch->rows = grown;
        scratch->rowsCapacity = size + 16;
    }
    return scratch->rows;
}

// MARK: The direct path

// The IDAT chunks are the zlib stream cut every 8,192 bytes, as libpng cuts it.
enum { IDAT_SIZE = 8192 };

// zlib's state, kept from one encode to the next and reset between them while the settings hold,
// and the IDAT chunk being filled.
typedef struct {
    z_stream stream;
    int ready;
    SFPNGSettings settings;
    unsigned char idat[IDAT_SIZE];
} Deflater;

static int same_settings(SFPNGSettings a, SFPNGSettings b) {
    return a.level == b.level && a.memLevel == b.memLevel && a.strategy == b.strategy && a.windowBits == b.windowBits;
}

static Deflater *claim_deflater(png_structp png, SFPNGScratch *scratch, SFPNGSettings settings) {
    Deflater *deflater = scratch->deflater;
    if (!deflater) {
        deflater = calloc(1, sizeof *deflater);
        if (!deflater) png_error(png, "out of memory for zlib's state");
        scratch->deflater = deflater;
    }
    if (deflater->ready && same_settings(deflater->settings, settings) && deflateReset(&deflater->stream) == Z_OK)
        return deflater;
    if (deflater->ready) deflateEnd(&deflater->stream);
    deflater->ready = 0;
    memset(&deflater->stream, 0, sizeof deflater->stream);
    // Raw deflate: the zlib header and checksum are written here (see deflate_rows).
    if (deflateInit2(&deflater->stream, settings.level, Z_DEFLATED, -settings.windowBits, settings.memLevel,
                     settings.strategy) != Z_OK)
        png_error(png, deflater->stream.msg ? deflater->stream.msg : "zlib refused the compression settings");
    deflater->ready = 1;
    deflater->settings = settings;
    return deflater;
}

// Writes the full chunk and starts the next.
static void next_idat(png_structp png, Deflater *deflater) {
    png_write_chunk(png, (png_const_bytep) "IDAT", deflater->idat, IDAT_SIZE);
    deflater->stream.next_out = deflater->idat;
    deflater->stream.avail_out = IDAT_SIZE;
}

// Writes the image data and IEND after png_write_info, for unfiltered rows. libpng would copy
// each row, drop the fourth bytes in a second pass and leave zlib to checksum byte by byte; this
// packs rows straight into a batch, checksums the batch with SIMD, and gives zlib raw deflate
// with the same level, memLevel, strategy and window. The header zlib would have written comes
// first and the checksum last, and the stream is cut into chunks where libpng cuts it, so the
// file is byte for byte what png_write_row and png_write_end give.
static void deflate_rows(png_structp png, SFPNGScratch *scratch, const uint32_t *pixels, uint32_t width,
                         uint32_t height, int rgb, SFPNGSettings settings) {
    Deflater *deflater = claim_deflater(png, scratch, settings);
    z_stream *stream = &deflater->stream;
    size_t rowBytes = 1 + (size_t)width * (rgb ? 3 : 4);
    uint32_t batch = (uint32_t)(65536 / rowBytes) + 1;
    unsigned char *rows = reserve_rows(png, scratch, (size_t)batch * rowBytes);

    unsigned header = (Z_DEFLATED + ((unsigned)(settings.windowBits - 8) << 4)) << 8;
    int level = settings.level == Z_DEFAULT_COMPRESSION ? 6 : settings.level;
    unsigned levelFlags = settings.strategy >= Z_HUFFMAN_ONLY || level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    header |= levelFlags << 6;
    header += 31 - header % 31;
    deflater->idat[0] = (unsigned char)(header >> 8);
    deflater->idat[1] = (unsigned char)header;
    stream->next_out = deflater->idat + 2;
    stream->avail_out = IDAT_SIZE - 2;

    uint32_t adler = 1;
    for (uint32_t y = 0; y < height;) {
        uint32_t count = height - y < batch ? height - y : batch;
        unsigned char *out = rows;
        for (uint32_t end = y + count; y < end; y++, out += rowBytes) {
            out[0] = 0;     // filter type None
            if (rgb) sfpng_pack_rgb(pixels + (size_t)y * width, width, out + 1);
            else sfpng_straighten(pixels + (size_t)y * width, width, out + 1);
        }
        adler = sfpng_adler32(adler, rows, (size_t)count * rowBytes, 1);
        stream->next_in = rows;
        stream->avail_in = (uInt)((size_t)count * rowBytes);
        int flush = y == height ? Z_FINISH : Z_NO_FLUSH;
        for (;;) {
            int status = deflate(stream, flush);
            if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
                png_error(png, stream->msg ? stream->msg : "zlib failed to compress the rows");
            if (stream->avail_out == 0) {
                next_idat(png, deflater);
                continue;
            }
            if (flush == Z_FINISH ? status == Z_STREAM_END : stream->avail_in == 0) break;
        }
    }
    // The checksum, most significant byte first, then whatever is left.
    for (int shift = 24; shift >= 0; shift -= 8) {
        if (stream->avail_out == 0) next_idat(png, deflater);
        *stream->next_out++ = (unsigned char)(adler >> shift);
        stream->avail_out--;
    }
    size_t used = IDAT_SIZE - stream->avail_out;
    if (used > 0) png_write_chunk(png, (png_const_bytep) "IDAT", deflater->idat, used);
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
}

// MARK: Encoding

int sfpng_encode(const uint32_t *pixels, uint32_t width, uint32_t height, int rgb,
                 SFPNGSettings settings, SFPNGRowPath path, SFPNGScratch *scratch,
                 char *message, size_t messageSize) {
    Context context = {scratch, message, messageSize, {0}};
    if (messageSize > 0) message[0] = '\0';
    scratch->count = 0;

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) {
        record(&context, "libpng could not allocate its write state");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        record(&context, "libpng could not allocate its info state");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return 0;
    }

    png_set_write_fn(png, &context, on_write, on_flush);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, settings.filters);
    png_set_compression_level(png, settings.level);
    png_set_compression_mem_level(png, settings.memLevel);
    png_set_compression_strategy(png, settings.strategy);
    png_set_compression_window_bits(png, settings.windowBits);
    png_set_IHDR(png, info, width, height, 8, rgb ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);

    // libpng narrows the window of images of at most 16 KiB of data (and rewrites the header to
    // match); zlib widens a raw window of 2⁸. Those go through libpng, as does every filter.
    size_t imageBytes = (1 + (size_t)width * (rgb ? 3 : 4)) * height;
    if (path == SFPNG_ROWS_AUTO && settings.filters == PNG_FILTER_NONE && imageBytes > 16384 && settings.windowBits > 8) {
        deflate_rows(png, scratch, pixels, width, height, rgb, settings);
    } else {
        unsigned char *rowScratch = reserve_rows(png, scratch, 4 * (size_t)width);
        // The canvas stores R, G, B, A bytes in memory order (little-endian words): an opaque row
        // is handed over as it is, and libpng drops every fourth byte.
        if (rgb) png_set_filler(png, 0, PNG_FILLER_AFTER);
        for (uint32_t y = 0; y < height; y++) {
            const uint32_t *row = pixels + (size_t)y * width;
            if (rgb) {
                png_write_row(png, (png_const_bytep)row);
            } else {
                sfpng_straighten(row, width, rowScratch);
                png_write_row(png, rowScratch);
            }
        }
        png_write_end(png, NULL);
    }
    png_destroy_write_struct(&png, &info);
    return 1;
}

void sfpng_scratch_free(SFPNGScratch *scratch) {
    sfpng_rows_encoder_free(scratch);
    Deflater *deflater = scratch->deflater;
    if (deflater && deflater->ready) deflateEnd(&deflater->stream);
    free(deflater);
    free(scratch->bytes);
    free(scratch->rows);
    memset(scratch, 0, sizeof *scratch);
}
