// The frame encoder: PNG for UI frames with its own DEFLATE writer, no libpng and no zlib
// compressor. UI frames are not photographs: most rows equal the row above, most of a row is one
// colour. So the matches are found on the canvas' 32-bit pixels, where they cost a compare each,
// never searched for in a hash table:
//   - a row equal to the row above (one memcmp) is written with PNG's Up filter: filter byte 2
//     and zeros, a match at distance 1. Its Adler-32 is known without reading it;
//   - other rows are unfiltered (filter byte 0). A run of pixels equal to the pixel above is a
//     match back to the last unfiltered row (whose pixels the rows in between repeat), when
//     DEFLATE reaches it; a run equal to the pixel on the left a match at distance = bytes per
//     pixel;
//   - the rest is literals. Each block of tokens is coded with Huffman tables built from its own
//     counts (or DEFLATE's fixed tables when those cost fewer bits).
// Filtering only the repeated rows keeps both kinds of match for the others: Up-filtering them
// too would turn a run equal to the pixel on the left into differences with the row above, which
// repeat only where that row is flat. zlib's hash-chain search was rejected for frames: it spends
// its time finding these same distances (10.4 ms a frame at level 2 on the default demo).
//
// The image is cut into bands of rows, each compressed on its own (see encode_band) and joined
// bit for bit: so a single image can be compressed on several threads, and a band that did not
// change since the previous frame keeps its bytes, with the same output either way.
#include "CPNGWriter.h"
#include "rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <zlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define SFPNG_ROWS_SSE2 1
#endif

// MARK: Output

// Grows `*bytes` (of `*capacity`, `count` in use) so that `more` bytes fit after `count`.
static int grow(unsigned char **bytes, size_t *capacity, size_t count, size_t more) {
    if (more <= *capacity - count) return 1;
    size_t grown = *capacity ? *capacity : 1 << 16;
    while (grown - count < more) grown *= 2;
    unsigned char *moved = realloc(*bytes, grown);
    if (!moved) return 0;
    *bytes = moved;
    *capacity = grown;
    return 1;
}

static int reserve_bytes(SFPNGScratch *scratch, size_t more) {
    return grow(&scratch->bytes, &scratch->capacity, scratch->count, more);
}

static void put_be32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

// A chunk whose data is already in place at `start` + 8 (`length` bytes): its length, type and CRC.
static void close_chunk(SFPNGScratch *scratch, size_t start, const char type[4], size_t length) {
    unsigned char *chunk = scratch->bytes + start;
    put_be32(chunk, (uint32_t)length);
    memcpy(chunk + 4, type, 4);
    put_be32(chunk + 8 + length, (uint32_t)crc32_z(0, chunk + 4, length + 4));
}

// Bits, least significant first, 32 at a time. `out` always has room (see write_block).
typedef struct {
    uint64_t bits;
    unsigned count;
    unsigned char *out;
} BitWriter;

static inline void put_bits(BitWriter *w, uint32_t value, unsigned count) {
    w->bits |= (uint64_t)value << w->count;
    w->count += count;
    if (w->count >= 32) {
        uint32_t low = (uint32_t)w->bits;
        w->out[0] = (unsigned char)low;
        w->out[1] = (unsigned char)(low >> 8);
        w->out[2] = (unsigned char)(low >> 16);
        w->out[3] = (unsigned char)(low >> 24);
        w->out += 4;
        w->bits >>= 32;
        w->count -= 32;
    }
}

// The pending bits as whole bytes, the last one padded with zeros.
static void flush_to_byte(BitWriter *w) {
    while (w->count > 0) {
        *w->out++ = (unsigned char)w->bits;
        w->bits >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
    w->bits = 0;
}

// Appends `bits` bits of a stream written by another BitWriter (whole bytes, then the rest in
// the low bits of the last byte): byte for byte when the writer is at a byte boundary, else
// shifted in 32 bits at a time.
static void append_bits(BitWriter *w, const unsigned char *bytes, uint64_t bits) {
    size_t whole = (size_t)(bits / 8);
    if (w->count % 8 == 0) {
        flush_to_byte(w);
        memcpy(w->out, bytes, whole);
        w->out += whole;
    } else {
        size_t words = whole / 4;
        for (size_t i = 0; i < words; i++) {
            const unsigned char *p = bytes + 4 * i;
            put_bits(w, (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24, 32);
        }
        for (size_t i = 4 * words; i < whole; i++) put_bits(w, bytes[i], 8);
    }
    unsigned rest = (unsigned)(bits % 8);
    if (rest) put_bits(w, bytes[whole] & ((1u << rest) - 1), rest);
}

// MARK: Symbols (RFC 1951, 3.2.5)

static const uint16_t lengthBase[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t lengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distanceBase[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                          513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distanceExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

// Length 3…258 to its index in lengthBase (symbol 257 + index). From 11 on, four lengths share
// each power of two: the index is 4·(log2(n) − 1) plus the next two bits of n = length − 3.
static inline unsigned length_index(unsigned length) {
    unsigned n = length - 3;
    if (n < 8) return n;
    if (length == 258) return 28;
    unsigned log = 31 - (unsigned)__builtin_clz(n);
    return 4 * (log - 1) + ((n >> (log - 2)) & 3);
}

// Distance 1…32768 to its code: two codes per power of two from 5 on.
static inline unsigned distance_code(unsigned distance) {
    unsigned n = distance - 1;
    if (n < 4) return n;
    unsigned log = 31 - (unsigned)__builtin_clz(n);
    return 2 * log + ((n >> (log - 1)) & 1);
}

// MARK: Huffman tables

enum { LITLEN_SYMBOLS = 288, DISTANCE_SYMBOLS = 30, CODE_LENGTH_SYMBOLS = 19, BLOCK_TOKENS = 1 << 15 };

typedef struct {
    uint32_t weight;
    uint16_t symbol;
} Leaf;

static int compare_leaves(const void *a, const void *b) {
    const Leaf *x = a, *y = b;
    if (x->weight != y->weight) return x->weight < y->weight ? -1 : 1;
    return x->symbol < y->symbol ? -1 : 1;      // ties by symbol: the same lengths every time
}

// Sorts leaves by weight, ties by symbol (the order they come in): a stable radix sort on the
// weight's two low bytes, as weights are token counts of one block (at most BLOCK_TOKENS + 1);
// qsort, with compare_leaves' same order, for anything larger. Every band builds three tables,
// and qsort's calls through a comparator were most of that.
static void sort_leaves(Leaf *leaves, unsigned count) {
    uint32_t largest = 0;
    for (unsigned i = 0; i < count; i++) largest |= leaves[i].weight;
    if (largest > 0xFFFF) {
        qsort(leaves, count, sizeof leaves[0], compare_leaves);
        return;
    }
    Leaf sorted[LITLEN_SYMBOLS];
    for (unsigned shift = 0; shift < 16; shift += 8) {
        unsigned starts[257] = {0};
        for (unsigned i = 0; i < count; i++) starts[((leaves[i].weight >> shift) & 0xFF) + 1]++;
        for (unsigned b = 1; b < 257; b++) starts[b] += starts[b - 1];
        for (unsigned i = 0; i < count; i++) sorted[starts[(leaves[i].weight >> shift) & 0xFF]++] = leaves[i];
        memcpy(leaves, sorted, count * sizeof leaves[0]);
    }
}

// Code lengths of at most `limit` bits for `frequencies`. Huffman's merge with two queues over
// the sorted leaves, then miniz's repair of over-long codes (tdefl_huffman_enforce_max_code_size):
// codes deeper than the limit move up to it, and while the Kraft sum exceeds 1, a code at the
// limit is removed and a shorter one split in two, which lowers the sum by exactly one unit.
// Lengths then go to symbols by frequency, the longest to the rarest. At least two symbols get a
// code, so that every decoder accepts the table (a lone code would make an incomplete one).
static void build_lengths(const uint32_t *frequencies, unsigned symbols, unsigned limit, uint8_t *lengths) {
    Leaf leaves[LITLEN_SYMBOLS];
    unsigned count = 0;
    memset(lengths, 0, symbols);
    for (unsigned s = 0; s < symbols; s++)
        if (frequencies[s]) leaves[count++] = (Leaf){frequencies[s], (uint16_t)s};
    for (unsigned s = 0; count < 2 && s < symbols; s++)
        if (!frequencies[s]) leaves[count++] = (Leaf){0, (uint16_t)s};
    sort_leaves(leaves, count);

    uint32_t weights[LITLEN_SYMBOLS];
    uint16_t leafParent[LITLEN_SYMBOLS], nodeParent[LITLEN_SYMBOLS], depth[LITLEN_SYMBOLS];
    unsigned nextLeaf = 0, nextNode = 0;
    for (unsigned node = 0; node + 1 < count; node++) {
        uint32_t sum = 0;
        for (int pick = 0; pick < 2; pick++) {
            if (nextLeaf < count && (nextNode >= node || leaves[nextLeaf].weight <= weights[nextNode])) {
                sum += leaves[nextLeaf].weight;
                leafParent[nextLeaf++] = (uint16_t)node;
            } else {
                sum += weights[nextNode];
                nodeParent[nextNode++] = (uint16_t)node;
            }
        }
        weights[node] = sum;
    }
    unsigned perLength[LITLEN_SYMBOLS + 1] = {0};
    depth[count - 2] = 0;
    for (int node = (int)count - 3; node >= 0; node--) depth[node] = depth[nodeParent[node]] + 1;
    for (unsigned leaf = 0; leaf < count; leaf++) {
        unsigned length = depth[leafParent[leaf]] + 1u;
        perLength[length > limit ? limit : length]++;
    }
    uint32_t kraft = 0;
    for (unsigned length = 1; length <= limit; length++) kraft += perLength[length] << (limit - length);
    while (kraft > (1u << limit)) {
        perLength[limit]--;
        for (unsigned length = limit - 1; length > 0; length--) {
            if (perLength[length]) {
                perLength[length]--;
                perLength[length + 1] += 2;
                break;
            }
        }
        kraft--;
    }
    unsigned leaf = 0;
    for (unsigned length = limit; length > 0; length--)
        for (unsigned n = perLength[length]; n > 0; n--) lengths[leaves[leaf++].symbol] = (uint8_t)length;
}

// Canonical codes for `lengths`, bit-reversed: DEFLATE sends Huffman codes most significant bit
// first into a least-significant-first stream.
static void build_codes(const uint8_t *lengths, unsigned symbols, uint16_t *codes) {
    unsigned perLength[16] = {0}, next[16];
    for (unsigned s = 0; s < symbols; s++) perLength[lengths[s]]++;
    perLength[0] = 0;
    unsigned code = 0;
    for (unsigned length = 1; length < 16; length++) {
        code = (code + perLength[length - 1]) << 1;
        next[length] = code;
    }
    for (unsigned s = 0; s < symbols; s++) {
        unsigned length = lengths[s];
        if (!length) {
            codes[s] = 0;
            continue;
        }
        unsigned value = next[length]++, reversed = 0;
        for (unsigned bit = 0; bit < length; bit++) reversed |= ((value >> bit) & 1) << (length - 1 - bit);
        codes[s] = (uint16_t)reversed;
    }
}

// MARK: Blocks

// A token is a literal byte (below 256) or a match: bit 31, length − 3 in bits 16…23, distance − 1
// in bits 0…14.
#define MATCH_FLAG 0x80000000u

// One band's compressed stream: whole blocks, `bits` bits from the first byte's lowest bit on
// (the last byte holds the rest in its low bits), and the Adler-32 of the band's `rawLength`
// bytes of rows.
typedef struct {
    unsigned char *bytes;
    size_t capacity;
    uint64_t bits;
    uint32_t adler;
    size_t rawLength;
} Band;

typedef struct {
    Band *band;
    uint32_t *tokens;
    unsigned count;
    size_t blockBytes;      // uncompressed bytes the pending tokens stand for
    BitWriter writer;       // `out` is re-anchored in band->bytes before each block
    uint32_t litlenCounts[LITLEN_SYMBOLS];
    uint32_t distanceCounts[DISTANCE_SYMBOLS];
} Blocks;

static const uint8_t codeLengthOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

// The code lengths of both tables run-length coded with symbols 16 (repeat the previous 3–6
// times), 17 (3–10 zeros) and 18 (11–138 zeros): each item is symbol | extra << 5.
static unsigned run_length_code(const uint8_t *lengths, unsigned total, uint16_t *items, uint32_t *counts) {
    unsigned n = 0;
    for (unsigned i = 0; i < total;) {
        uint8_t length = lengths[i];
        unsigned run = 1;
        while (i + run < total && lengths[i + run] == length) run++;
        i += run;
        if (length == 0) {
            while (run >= 11) {
                unsigned piece = run > 138 ? 138 : run;
                items[n++] = (uint16_t)(18 | (piece - 11) << 5), counts[18]++, run -= piece;
            }
            if (run >= 3) items[n++] = (uint16_t)(17 | (run - 3) << 5), counts[17]++, run = 0;
        } else {
            items[n++] = length, counts[length]++, run--;
            while (run >= 3) {
                unsigned piece = run > 6 ? 6 : run;
                items[n++] = (uint16_t)(16 | (piece - 3) << 5), counts[16]++, run -= piece;
            }
        }
        while (run--) items[n++] = length, counts[length]++;
    }
    return n;
}

static int write_block(Blocks *blocks, int final) {
    Band *band = blocks->band;
    // Fixed codes cost at most 9 bits a byte (a 3-byte match at most 25 bits); the dynamic
    // table is used only when it costs fewer bits, so this bounds the block, header included.
    size_t bound = blocks->blockBytes + blocks->blockBytes / 8 + 512;
    size_t position = (size_t)(blocks->writer.out - band->bytes);
    if (!grow(&band->bytes, &band->capacity, position, bound)) return 0;
    blocks->writer.out = band->bytes + position;

    uint32_t *litlenCounts = blocks->litlenCounts, *distanceCounts = blocks->distanceCounts;
    litlenCounts[256] = 1;      // end of block
    uint8_t litlenLengths[LITLEN_SYMBOLS] = {0}, distanceLengths[DISTANCE_SYMBOLS];
    build_lengths(litlenCounts, 286, 15, litlenLengths);
    build_lengths(distanceCounts, DISTANCE_SYMBOLS, 15, distanceLengths);
    unsigned litlenUsed = 286, distanceUsed = DISTANCE_SYMBOLS;
    while (litlenUsed > 257 && !litlenLengths[litlenUsed - 1]) litlenUsed--;
    while (distanceUsed > 1 && !distanceLengths[distanceUsed - 1]) distanceUsed--;
    uint8_t lengths[LITLEN_SYMBOLS + DISTANCE_SYMBOLS];
    memcpy(lengths, litlenLengths, litlenUsed);
    memcpy(lengths + litlenUsed, distanceLengths, distanceUsed);

    uint16_t items[LITLEN_SYMBOLS + DISTANCE_SYMBOLS];
    uint32_t codeLengthCounts[CODE_LENGTH_SYMBOLS] = {0};
    unsigned itemCount = run_length_code(lengths, litlenUsed + distanceUsed, items, codeLengthCounts);
    uint8_t codeLengthLengths[CODE_LENGTH_SYMBOLS];
    build_lengths(codeLengthCounts, CODE_LENGTH_SYMBOLS, 7, codeLengthLengths);
    unsigned codeLengthsUsed = CODE_LENGTH_SYMBOLS;
    while (codeLengthsUsed > 4 && !codeLengthLengths[codeLengthOrder[codeLengthsUsed - 1]]) codeLengthsUsed--;

    // Bits of each choice, leaving out the extra bits both spend alike.
    uint64_t dynamicBits = 14 + 3 * codeLengthsUsed, fixedBits = 0;
    for (unsigned s = 0; s < CODE_LENGTH_SYMBOLS; s++) dynamicBits += (uint64_t)codeLengthCounts[s] * codeLengthLengths[s];
    dynamicBits += 7ull * codeLengthCounts[18] + 3ull * codeLengthCounts[17] + 2ull * codeLengthCounts[16];
    for (unsigned s = 0; s < 286; s++) {
        dynamicBits += (uint64_t)litlenCounts[s] * litlenLengths[s];
        fixedBits += (uint64_t)litlenCounts[s] * (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8);
    }
    for (unsigned s = 0; s < DISTANCE_SYMBOLS; s++) {
        dynamicBits += (uint64_t)distanceCounts[s] * distanceLengths[s];
        fixedBits += (uint64_t)distanceCounts[s] * 5;
    }

    BitWriter *w = &blocks->writer;
    if (fixedBits <= dynamicBits) {
        for (unsigned s = 0; s < LITLEN_SYMBOLS; s++) litlenLengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
        memset(distanceLengths, 5, DISTANCE_SYMBOLS);
        put_bits(w, (unsigned)final | 1u << 1, 3);
    } else {
        uint16_t codeLengthCodes[CODE_LENGTH_SYMBOLS];
        build_codes(codeLengthLengths, CODE_LENGTH_SYMBOLS, codeLengthCodes);
        put_bits(w, (unsigned)final | 2u << 1, 3);
        put_bits(w, litlenUsed - 257, 5);
        put_bits(w, distanceUsed - 1, 5);
        put_bits(w, codeLengthsUsed - 4, 4);
        for (unsigned i = 0; i < codeLengthsUsed; i++) put_bits(w, codeLengthLengths[codeLengthOrder[i]], 3);
        static const uint8_t repeatBits[3] = {2, 3, 7};
        for (unsigned i = 0; i < itemCount; i++) {
            unsigned symbol = items[i] & 31;
            put_bits(w, codeLengthCodes[symbol], codeLengthLengths[symbol]);
            if (symbol >= 16) put_bits(w, items[i] >> 5, repeatBits[symbol - 16]);
        }
    }
    uint16_t litlenCodes[LITLEN_SYMBOLS], distanceCodes[DISTANCE_SYMBOLS];
    build_codes(litlenLengths, LITLEN_SYMBOLS, litlenCodes);
    build_codes(distanceLengths, DISTANCE_SYMBOLS, distanceCodes);

    const uint32_t *token = blocks->tokens, *end = token + blocks->count;
    for (; token < end; token++) {
        uint32_t t = *token;
        if (!(t & MATCH_FLAG)) {
            put_bits(w, litlenCodes[t], litlenLengths[t]);
            continue;
        }
        unsigned length = ((t >> 16) & 0xFF) + 3, distance = (t & 0x7FFF) + 1;
        unsigned li = length_index(length), dc = distance_code(distance);
        put_bits(w, litlenCodes[257 + li] | (uint32_t)(length - lengthBase[li]) << litlenLengths[257 + li],
                 litlenLengths[257 + li] + lengthExtra[li]);
        put_bits(w, distanceCodes[dc] | (uint32_t)(distance - distanceBase[dc]) << distanceLengths[dc],
                 distanceLengths[dc] + distanceExtra[dc]);
    }
    put_bits(w, litlenCodes[256], litlenLengths[256]);

    blocks->count = 0;
    blocks->blockBytes = 0;
    memset(litlenCounts, 0, sizeof blocks->litlenCounts);
    memset(distanceCounts, 0, sizeof blocks->distanceCounts);
    return 1;
}

static inline int add_literal(Blocks *blocks, unsigned byte) {
    blocks->tokens[blocks->count++] = byte;
    blocks->litlenCounts[byte]++;
    blocks->blockBytes++;
    return blocks->count < BLOCK_TOKENS || write_block(blocks, 0);
}

// `length` bytes (at least 3) copied from `distance` back, in pieces of at most 258 bytes, none
// shorter than 3.
static int add_match(Blocks *blocks, unsigned distance, size_t length) {
    while (length > 0) {
        unsigned piece = length > 258 ? (length - 258 < 3 ? (unsigned)length - 3 : 258) : (unsigned)length;
        blocks->tokens[blocks->count++] = MATCH_FLAG | (piece - 3) << 16 | (distance - 1);
        blocks->litlenCounts[257 + length_index(piece)]++;
        blocks->distanceCounts[distance_code(distance)]++;
        blocks->blockBytes += piece;
        length -= piece;
        if (blocks->count == BLOCK_TOKENS && !write_block(blocks, 0)) return 0;
    }
    return 1;
}

// MARK: Rows to tokens

// How many of `count` pixels from `a` equal those from `b`, four at a time where SSE2 is there.
static inline uint32_t equal_run(const uint32_t *a, const uint32_t *b, uint32_t count) {
    uint32_t n = 0;
#ifdef SFPNG_ROWS_SSE2
    for (; n + 4 <= count; n += 4) {
        __m128i same = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(a + n)), _mm_loadu_si128((const __m128i *)(b + n)));
        unsigned mask = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(same));
        if (mask != 0xF) return n + (unsigned)__builtin_ctz(~mask);
    }
#endif
    while (n < count && a[n] == b[n]) n++;
    return n;
}

// How many of `count` pixels from `a` equal `value`.
static inline uint32_t value_run(const uint32_t *a, uint32_t value, uint32_t count) {
    uint32_t n = 0;
#ifdef SFPNG_ROWS_SSE2
    __m128i wanted = _mm_set1_epi32((int)value);
    for (; n + 4 <= count; n += 4) {
        __m128i same = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(a + n)), wanted);
        unsigned mask = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(same));
        if (mask != 0xF) return n + (unsigned)__builtin_ctz(~mask);
    }
#endif
    while (n < count && a[n] == value) n++;
    return n;
}

// Repeats at other distances: the same glyph further along the line, the same icon in the row
// of cells above. Only pixels that start no run are looked up (text and edges, a small share of a
// frame), in a table of the last pixel index seen for each hash of two pixels; a candidate must
// be within DEFLATE's reach and equal for at least two pixels. The table starts empty for every
// image and offers only pixels of the band being compressed (`floor`), so the bytes depend on
// the band alone.
enum { GLYPH_HASH_BITS = 14 };

static inline uint32_t pair_hash(uint32_t first, uint32_t second) {
    return ((first * 2654435761u) ^ (second * 2246822519u)) >> (32 - GLYPH_HASH_BITS);
}

static inline uint32_t glyph_match(uint32_t *glyphs, uint32_t floor, const uint32_t *pixels, const uint32_t *pixelsRow,
                                   uint32_t x, uint32_t y, uint32_t width, size_t stride, unsigned pixelBytes,
                                   uint32_t *distance) {
    uint32_t first = pixelsRow[x], second = pixelsRow[x + 1];
    uint32_t hash = pair_hash(first, second);
    uint32_t index = (uint32_t)((size_t)y * width + x), candidate = glyphs[hash];
    glyphs[hash] = index + 1;       // 0: empty
    if (candidate <= floor) return 0;     // empty, or left by an earlier band
    candidate--;
    uint32_t candidateY = candidate / width, candidateX = candidate - candidateY * width;
    if (candidateX + 1 >= width) return 0;
    size_t back = (y - candidateY) * stride + (size_t)x * pixelBytes - (size_t)candidateX * pixelBytes;
    if (back == 0 || back > 32768) return 0;
    const uint32_t *from = pixels + candidate;
    if (from[0] != first || from[1] != second) return 0;
    // Within both rows: a match never runs past the end of either.
    uint32_t limit = width - x < width - candidateX ? width - x : width - candidateX;
    uint32_t length = 2 + equal_run(pixelsRow + x + 2, from + 2, limit - 2);
    *distance = (uint32_t)back;
    return length;
}

// Rows of `stride` bytes within DEFLATE's reach (32,768 bytes back).
static inline uint32_t reach_rows(size_t stride) { return (uint32_t)(32768 / stride); }

// A row equal to the row above, as PNG's Up filter writes it: filter byte 2, then zeros. Zeros
// are a match at distance 1, whose distance code has no extra bits; the same row as a match at
// the row's distance would spend 10 to 13 extra bits on every 258 bytes.
static int add_repeated_row(Blocks *blocks, size_t stride) {
    if (!add_literal(blocks, 2)) return 0;
    size_t zeros = stride - 1;
    if (zeros < 4) {
        while (zeros--)
            if (!add_literal(blocks, 0)) return 0;
        return 1;
    }
    return add_literal(blocks, 0) && add_match(blocks, 1, zeros - 1);
}

// Adler-32 of a repeated row's bytes (2, then stride − 1 zeros): a = 1 + 2, and b gains a for
// each of the stride bytes.
static inline uint32_t repeated_row_adler(size_t stride) {
    uint32_t b = (uint32_t)((3 * (uint64_t)stride) % 65521);
    return b << 16 | 3;
}

// A worker's memory: the pending tokens, the glyph table and the packed row.
typedef struct {
    uint32_t *tokens;
    uint32_t *glyphs;       // 1 << GLYPH_HASH_BITS entries
    unsigned char *row;
    size_t rowCapacity;
} Worker;

typedef struct {
    const uint32_t *pixels;
    uint32_t width, height;
    int rgb;
    size_t stride;
    uint32_t bandRows;
    unsigned bandCount;
} Image;

// Rows [y0, y1) of the image as complete blocks into `band` (the last band's last block final).
// A band depends on its own rows and the few rows above it within DEFLATE's reach, and on
// nothing else: the glyph table
// only offers pixels of this band (`glyphFloor`), blocks end at the band's end, and the stream
// is written from bit 0 of its own buffer. So bands can be compressed in any order, on any
// thread, or kept from an earlier frame, and are joined bit for bit (append_bits).
static int encode_band(Worker *worker, Band *band, const Image *image, uint32_t y0, uint32_t y1, int final) {
    const uint32_t *pixels = image->pixels;
    uint32_t width = image->width;
    int rgb = image->rgb;
    unsigned pixelBytes = rgb ? 3 : 4;
    size_t stride = image->stride;
    unsigned char *row = worker->row;
    uint32_t *glyphs = worker->glyphs, glyphFloor = (uint32_t)((size_t)y0 * width);
    Blocks blocks;
    memset(&blocks, 0, sizeof blocks);
    blocks.band = band;
    blocks.tokens = worker->tokens;
    if (!grow(&band->bytes, &band->capacity, 0, 1024)) return 0;
    blocks.writer.out = band->bytes;
    // The stream holds raw bytes only for rows that differ from the row above (see the file's
    // comment); `source` is the last such row, whose pixels the repeated rows since repeat.
    // Matches with the row above are taken there, when DEFLATE's 32,768 bytes reach it
    // (`hasSource`).
    uint32_t source = y0, reach = y0 > reach_rows(stride) ? y0 - reach_rows(stride) : 0;
    int hasSource = 0;
    for (uint32_t y = y0; y-- > reach;) {
        if (y > 0 && memcmp(pixels + (size_t)y * width, pixels + (size_t)(y - 1) * width, (size_t)width * 4) == 0) continue;
        hasSource = 1;
        source = y;
        break;
    }
    uint32_t adler = 1;
    for (uint32_t y = y0; y < y1; y++) {
        const uint32_t *pixelsRow = pixels + (size_t)y * width, *above = pixelsRow - width;
        if (y > 0 && memcmp(pixelsRow, above, (size_t)width * 4) == 0) {
            if (!add_repeated_row(&blocks, stride)) return 0;
            adler = (uint32_t)adler32_combine(adler, repeated_row_adler(stride), (z_off_t)stride);
            continue;
        }
        size_t up = y > 0 && hasSource ? (size_t)(y - source) * stride : 0;
        int hasAbove = up > 0 && up <= 32768;
        source = y;
        hasSource = 1;

        row[0] = 0;     // filter type None
        if (rgb) sfpng_pack_rgb(pixelsRow, width, row + 1);
        else sfpng_straighten(pixelsRow, width, row + 1);
        adler = (uint32_t)adler32_combine(adler, sfpng_adler32(1, row, stride, 1), (z_off_t)stride);

        if (!add_literal(&blocks, 0)) return 0;
        for (uint32_t x = 0; x < width;) {
            uint32_t length, distance;
            uint32_t upRun = hasAbove ? equal_run(pixelsRow + x, above + x, width - x) : 0;
            uint32_t left = x > 0 ? value_run(pixelsRow + x, pixelsRow[x - 1], width - x) : 0;
            if (upRun > 0 && upRun >= left) {
                if (!add_match(&blocks, (unsigned)up, (size_t)upRun * pixelBytes)) return 0;
                x += upRun;
            } else if (left > 0) {
                if (!add_match(&blocks, pixelBytes, (size_t)left * pixelBytes)) return 0;
                x += left;
            } else if (x + 1 < width && (length = glyph_match(glyphs, glyphFloor, pixels, pixelsRow, x, y, width, stride,
                                                              pixelBytes, &distance)) > 0) {
                if (!add_match(&blocks, distance, (size_t)length * pixelBytes)) return 0;
                x += length;
            } else {
                const unsigned char *bytes = row + 1 + (size_t)x * pixelBytes;
                for (unsigned b = 0; b < pixelBytes; b++)
                    if (!add_literal(&blocks, bytes[b])) return 0;
                x++;
            }
        }
    }
    if (!write_block(&blocks, final)) return 0;
    BitWriter *w = &blocks.writer;
    band->bits = (uint64_t)(w->out - band->bytes) * 8 + w->count;
    flush_to_byte(w);
    band->adler = adler;
    band->rawLength = (size_t)(y1 - y0) * stride;
    return 1;
}

// MARK: Bands, workers and the file

typedef struct {
    Worker *workers;
    unsigned workerCount;
    Band *bands;
    unsigned bandCapacity;
    // The previous image, for bands kept from one call to the next (see sfpng_encode_rows).
    uint32_t *previous;
    size_t previousCapacity;
    uint32_t previousWidth, previousHeight;
    int previousRgb;
    unsigned char *keep;    // per band: 1 when the band's rows and the row above are unchanged
} RowsState;

static void free_worker(Worker *worker) {
    free(worker->tokens);
    free(worker->glyphs);
    free(worker->row);
    memset(worker, 0, sizeof *worker);
}

static int prepare_worker(Worker *worker, size_t stride) {
    if (!worker->tokens) worker->tokens = malloc(sizeof(uint32_t) * BLOCK_TOKENS);
    if (!worker->glyphs) worker->glyphs = malloc(sizeof(uint32_t) << GLYPH_HASH_BITS);
    if (!worker->tokens || !worker->glyphs) return 0;
    if (worker->rowCapacity < stride + 16) {     // the packing's slack (rows.h)
        unsigned char *grown = realloc(worker->row, stride + 16);
        if (!grown) return 0;
        worker->row = grown;
        worker->rowCapacity = stride + 16;
    }
    // Empty for every image: what a band finds never depends on an earlier image.
    memset(worker->glyphs, 0, sizeof(uint32_t) << GLYPH_HASH_BITS);
    return 1;
}

typedef struct {
    RowsState *state;
    const Image *image;
    unsigned worker;
    _Atomic unsigned *next;
    int ok;
} Job;

// Takes bands in increasing order from the shared counter until none is left. Increasing order
// keeps the glyph table honest: whatever an earlier band left in it is below the floor.
static void *run_job(void *argument) {
    Job *job = argument;
    const Image *image = job->image;
    RowsState *state = job->state;
    Worker *worker = &state->workers[job->worker];
    for (;;) {
        unsigned b = atomic_fetch_add(job->next, 1);
        if (b >= image->bandCount) break;
        if (state->keep[b]) continue;
        uint32_t y0 = b * image->bandRows, y1 = y0 + image->bandRows < image->height ? y0 + image->bandRows : image->height;
        if (!encode_band(worker, &state->bands[b], image, y0, y1, b + 1 == image->bandCount)) {
            job->ok = 0;
            break;
        }
    }
    return NULL;
}

// Rows a band holds: about 192 KiB of image data, at least 8 rows. It depends on the width alone,
// never on the number of workers, so the bytes do not either.
static uint32_t band_rows(size_t stride) {
    size_t rows = (192u << 10) / stride;
    return rows < 8 ? 8 : rows > 4096 ? 4096 : (uint32_t)rows;
}

// Marks the bands whose rows, and the rows above them that they depend on, equal the previous
// image's; then keeps a copy of this image for the next call.
static int mark_kept_bands(RowsState *state, const Image *image, int reuse) {
    memset(state->keep, 0, image->bandCount);
    size_t pixels = (size_t)image->width * image->height;
    if (!reuse) {
        state->previousWidth = state->previousHeight = 0;
        return 1;
    }
    if (state->previousWidth == image->width && state->previousHeight == image->height && state->previousRgb == image->rgb) {
        size_t rowBytes = (size_t)image->width * 4;
        for (unsigned b = 0; b < image->bandCount; b++) {
            uint32_t y0 = b * image->bandRows, y1 = y0 + image->bandRows < image->height ? y0 + image->bandRows : image->height;
            // What a band's bytes depend on: its rows and those above it that encode_band
            // looks back at for the last row stored raw (one more than DEFLATE reaches).
            uint32_t lookback = reach_rows(image->stride) + 1;
            uint32_t from = y0 > lookback ? y0 - lookback : 0;
            size_t offset = (size_t)from * image->width;
            state->keep[b] = memcmp(image->pixels + offset, state->previous + offset, (y1 - from) * rowBytes) == 0;
        }
    }
    if (state->previousCapacity < pixels) {
        free(state->previous);
        state->previous = malloc(pixels * 4);
        state->previousCapacity = state->previous ? pixels : 0;
        if (!state->previous) return 0;
        memset(state->keep, 0, image->bandCount);
    }
    for (unsigned b = 0; b < image->bandCount; b++) {
        if (state->keep[b]) continue;
        uint32_t y0 = b * image->bandRows, y1 = y0 + image->bandRows < image->height ? y0 + image->bandRows : image->height;
        size_t offset = (size_t)y0 * image->width;
        memcpy(state->previous + offset, image->pixels + offset, (size_t)(y1 - y0) * image->width * 4);
    }
    state->previousWidth = image->width;
    state->previousHeight = image->height;
    state->previousRgb = image->rgb;
    return 1;
}

static RowsState *claim_state(SFPNGScratch *scratch, unsigned workers, unsigned bands) {
    RowsState *state = scratch->rowsEncoder;
    if (!state) {
        state = calloc(1, sizeof *state);
        if (!state) return NULL;
        scratch->rowsEncoder = state;
    }
    if (state->workerCount < workers) {
        Worker *grown = realloc(state->workers, workers * sizeof *grown);
        if (!grown) return NULL;
        memset(grown + state->workerCount, 0, (workers - state->workerCount) * sizeof *grown);
        state->workers = grown;
        state->workerCount = workers;
    }
    if (state->bandCapacity < bands) {
        Band *grown = realloc(state->bands, bands * sizeof *grown);
        unsigned char *keep = grown ? realloc(state->keep, bands) : NULL;
        if (grown) state->bands = grown;
        if (!grown || !keep) return NULL;
        memset(grown + state->bandCapacity, 0, (bands - state->bandCapacity) * sizeof *grown);
        state->keep = keep;
        state->bandCapacity = bands;
        state->previousWidth = state->previousHeight = 0;    // bands beyond the old count hold nothing
    }
    return state;
}

int sfpng_encode_rows(const uint32_t *pixels, uint32_t width, uint32_t height, int rgb, SFPNGRowsOptions options,
                      SFPNGScratch *scratch, char *message, size_t messageSize) {
    if (messageSize > 0) message[0] = '\0';
    scratch->count = 0;
    // libpng's limits and messages, so that both encoders refuse the same images alike.
    if (width == 0 || height == 0 || width > 1000000 || height > 1000000) {
        if (messageSize > 0)
            snprintf(message, messageSize, "%s", width == 0 ? "Image width is zero in IHDR" : height == 0 ? "Image height is zero in IHDR"
                     : width > 1000000 ? "Image width exceeds user limit in IHDR" : "Image height exceeds user limit in IHDR");
        return 0;
    }
    Image image = {pixels, width, height, rgb, 1 + (size_t)width * (rgb ? 3 : 4), 0, 0};
    image.bandRows = band_rows(image.stride);
    image.bandCount = (height + image.bandRows - 1) / image.bandRows;
    unsigned workers = options.workers < 1 ? 1 : options.workers > 64 ? 64 : (unsigned)options.workers;
    if (workers > image.bandCount) workers = image.bandCount;
    RowsState *state = claim_state(scratch, workers, image.bandCount);
    if (!state) goto memory;
    for (unsigned w = 0; w < workers; w++)
        if (!prepare_worker(&state->workers[w], image.stride)) goto memory;
    if (!mark_kept_bands(state, &image, options.reuseBands)) goto memory;

    _Atomic unsigned next = 0;
    Job jobs[64];
    pthread_t threads[64];
    unsigned started = 0;
    for (unsigned w = 0; w < workers; w++) jobs[w] = (Job){state, &image, w, &next, 1};
    for (unsigned w = 1; w < workers; w++) {
        if (pthread_create(&threads[w], NULL, run_job, &jobs[w]) != 0) break;   // the others do its share
        started = w;
    }
    run_job(&jobs[0]);
    int ok = 1;
    for (unsigned w = 1; w <= started; w++) pthread_join(threads[w], NULL);
    for (unsigned w = 0; w < workers; w++) ok &= jobs[w].ok;
    if (!ok) {
        state->previousWidth = state->previousHeight = 0;   // bands may be half written
        goto memory;
    }

    // Signature, IHDR, sRGB (perceptual, as libpng's png_set_sRGB writes it), then one IDAT.
    size_t streamBytes = 0;
    for (unsigned b = 0; b < image.bandCount; b++) streamBytes += (size_t)(state->bands[b].bits / 8) + 1;
    static const unsigned char signature[8] = {137, 'P', 'N', 'G', '\r', '\n', 26, '\n'};
    if (!reserve_bytes(scratch, 8 + 25 + 13 + 8 + 2 + streamBytes + 8 + 4 + 12)) goto memory;
    memcpy(scratch->bytes, signature, 8);
    unsigned char *ihdr = scratch->bytes + 8 + 8;
    put_be32(ihdr, width);
    put_be32(ihdr + 4, height);
    ihdr[8] = 8;
    ihdr[9] = rgb ? 2 : 6;
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    close_chunk(scratch, 8, "IHDR", 13);
    scratch->bytes[8 + 25 + 8] = 0;
    close_chunk(scratch, 8 + 25, "sRGB", 1);
    size_t idat = 8 + 25 + 13;
    scratch->count = idat + 8;
    // zlib header: deflate with a 32 KiB window, "fastest" level flag, check bits.
    scratch->bytes[scratch->count++] = 0x78;
    scratch->bytes[scratch->count++] = 0x01;

    BitWriter writer = {0, 0, scratch->bytes + scratch->count};
    uint32_t adler = 1;
    for (unsigned b = 0; b < image.bandCount; b++) {
        Band *band = &state->bands[b];
        append_bits(&writer, band->bytes, band->bits);
        adler = (uint32_t)adler32_combine(adler, band->adler, (z_off_t)band->rawLength);
    }
    flush_to_byte(&writer);
    scratch->count = (size_t)(writer.out - scratch->bytes);
    put_be32(scratch->bytes + scratch->count, adler);
    scratch->count += 4;
    close_chunk(scratch, idat, "IDAT", scratch->count - idat - 8);
    scratch->count += 4;
    close_chunk(scratch, scratch->count, "IEND", 0);
    scratch->count += 12;
    return 1;
memory:
    scratch->count = 0;
    if (messageSize > 0) snprintf(message, messageSize, "out of memory for the encoded image");
    return 0;
}

void sfpng_rows_encoder_free(SFPNGScratch *scratch) {
    RowsState *state = scratch->rowsEncoder;
    if (state) {
        for (unsigned w = 0; w < state->workerCount; w++) free_worker(&state->workers[w]);
        for (unsigned b = 0; b < state->bandCapacity; b++) free(state->bands[b].bytes);
        free(state->workers);
        free(state->bands);
        free(state->keep);
        free(state->previous);
        free(state);
    }
    scratch->rowsEncoder = NULL;
}
