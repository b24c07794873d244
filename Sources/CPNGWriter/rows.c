// The frame encoder: PNG for UI frames with its own DEFLATE writer, no libpng and no zlib
// compressor. UI frames are not photographs: most rows equal the row above, most of a row is one
// colour. So the matches are found on the canvas' 32-bit pixels, where they cost a compare each,
// never searched for in a hash table:
//   - a row equal to the row above (one memcmp) is a match at distance = the row's stride, and a
//     run of such rows one long match (cut into 258-byte pieces); its Adler-32 is the previous
//     row's, continued with adler32_combine, so repeated rows are never packed or summed again;
//   - in other rows, a run of pixels equal to the pixel above is a match at distance = stride,
//     a run equal to the pixel on the left a match at distance = bytes per pixel;
//   - the rest is literals. Each block of tokens is coded with Huffman tables built from its own
//     counts (or DEFLATE's fixed tables when those cost fewer bits).
// Rows are unfiltered (filter byte 0): with both distances at hand, the Up filter would only turn
// the same matches into runs of zeros. zlib's hash-chain search was rejected for frames: it spends
// its time finding these same two distances (10.4 ms a frame at level 2 on the default demo).
// Repeated glyphs at other distances are not found: text costs literals.
#include "CPNGWriter.h"
#include "rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define SFPNG_ROWS_SSE2 1
#endif

// MARK: Output

static int reserve_bytes(SFPNGScratch *scratch, size_t more) {
    if (more <= scratch->capacity - scratch->count) return 1;
    size_t capacity = scratch->capacity ? scratch->capacity : 1 << 16;
    while (capacity - scratch->count < more) capacity *= 2;
    unsigned char *grown = realloc(scratch->bytes, capacity);
    if (!grown) return 0;
    scratch->bytes = grown;
    scratch->capacity = capacity;
    return 1;
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

// Bits, least significant first, 32 at a time. `out` always has room (see reserve_block).
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

static void flush_to_byte(BitWriter *w) {
    while (w->count > 0) {
        *w->out++ = (unsigned char)w->bits;
        w->bits >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
    w->bits = 0;
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
    qsort(leaves, count, sizeof leaves[0], compare_leaves);

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

typedef struct {
    SFPNGScratch *scratch;
    uint32_t *tokens;
    unsigned count;
    size_t blockBytes;      // uncompressed bytes the pending tokens stand for
    BitWriter writer;       // `out` is re-anchored in scratch->bytes before each block
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
    SFPNGScratch *scratch = blocks->scratch;
    // Fixed codes cost at most 9 bits a byte (a 3-byte match at most 25 bits); the dynamic
    // table is used only when it costs fewer bits, so this bounds the block, header included.
    // scratch->count stays at the start of the stream while blocks are written after it.
    size_t bound = blocks->blockBytes + blocks->blockBytes / 8 + 512;
    size_t position = (size_t)(blocks->writer.out - scratch->bytes);
    if (!reserve_bytes(scratch, position - scratch->count + bound)) return 0;
    blocks->writer.out = scratch->bytes + position;

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
// frame, so the bytes depend on the frame alone.
enum { GLYPH_HASH_BITS = 14 };

static inline uint32_t glyph_match(uint32_t *glyphs, const uint32_t *pixels, const uint32_t *pixelsRow, uint32_t x,
                                   uint32_t y, uint32_t width, size_t stride, unsigned pixelBytes, uint32_t *distance) {
    uint32_t first = pixelsRow[x], second = pixelsRow[x + 1];
    uint32_t hash = ((first * 2654435761u) ^ (second * 2246822519u)) >> (32 - GLYPH_HASH_BITS);
    uint32_t index = (uint32_t)((size_t)y * width + x), candidate = glyphs[hash];
    glyphs[hash] = index + 1;       // 0: empty
    if (candidate == 0) return 0;
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

static int encode_rows(Blocks *blocks, const uint32_t *pixels, uint32_t width, uint32_t height, int rgb,
                       unsigned char *row, uint32_t *glyphs, uint32_t *adlerOut) {
    unsigned pixelBytes = rgb ? 3 : 4;
    size_t stride = 1 + (size_t)width * pixelBytes;
    // DEFLATE reaches back 32,768 bytes: wider rows than that have no match with the row above.
    int upReachable = stride <= 32768;
    uint32_t adler = 1, rowAdler = 1;
    size_t repeated = 0;    // bytes of rows equal to the row above, not yet emitted
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *pixelsRow = pixels + (size_t)y * width, *above = pixelsRow - width;
        int hasAbove = y > 0 && upReachable;
        if (hasAbove && memcmp(pixelsRow, above, (size_t)width * 4) == 0) {
            repeated += stride;
            adler = (uint32_t)adler32_combine(adler, rowAdler, (z_off_t)stride);
            continue;
        }
        if (repeated && !add_match(blocks, (unsigned)stride, repeated)) return 0;
        repeated = 0;

        row[0] = 0;     // filter type None
        if (rgb) sfpng_pack_rgb(pixelsRow, width, row + 1);
        else sfpng_straighten(pixelsRow, width, row + 1);
        rowAdler = sfpng_adler32(1, row, stride, 1);
        adler = (uint32_t)adler32_combine(adler, rowAdler, (z_off_t)stride);

        if (!add_literal(blocks, 0)) return 0;
        for (uint32_t x = 0; x < width;) {
            uint32_t length, distance;
            uint32_t up = hasAbove ? equal_run(pixelsRow + x, above + x, width - x) : 0;
            uint32_t left = x > 0 ? value_run(pixelsRow + x, pixelsRow[x - 1], width - x) : 0;
            if (up > 0 && up >= left) {
                if (!add_match(blocks, (unsigned)stride, (size_t)up * pixelBytes)) return 0;
                x += up;
            } else if (left > 0) {
                if (!add_match(blocks, pixelBytes, (size_t)left * pixelBytes)) return 0;
                x += left;
            } else if (x + 1 < width && (length = glyph_match(glyphs, pixels, pixelsRow, x, y, width, stride, pixelBytes, &distance)) > 0) {
                if (!add_match(blocks, distance, (size_t)length * pixelBytes)) return 0;
                x += length;
            } else {
                const unsigned char *bytes = row + 1 + (size_t)x * pixelBytes;
                for (unsigned b = 0; b < pixelBytes; b++)
                    if (!add_literal(blocks, bytes[b])) return 0;
                x++;
            }
        }
    }
    if (repeated && !add_match(blocks, (unsigned)stride, repeated)) return 0;
    *adlerOut = adler;
    return 1;
}

// MARK: The file

typedef struct {
    uint32_t *tokens;
    uint32_t *glyphs;       // 1 << GLYPH_HASH_BITS entries
    unsigned char *row;
    size_t rowCapacity;
} RowsState;

int sfpng_encode_rows(const uint32_t *pixels, uint32_t width, uint32_t height, int rgb, SFPNGScratch *scratch,
                      char *message, size_t messageSize) {
    if (messageSize > 0) message[0] = '\0';
    scratch->count = 0;
    // libpng's limits and messages, so that both encoders refuse the same images alike.
    if (width == 0 || height == 0 || width > 1000000 || height > 1000000) {
        if (messageSize > 0)
            snprintf(message, messageSize, "%s", width == 0 ? "Image width is zero in IHDR" : height == 0 ? "Image height is zero in IHDR"
                     : width > 1000000 ? "Image width exceeds user limit in IHDR" : "Image height exceeds user limit in IHDR");
        return 0;
    }
    RowsState *state = scratch->rowsEncoder;
    if (!state) {
        state = calloc(1, sizeof *state);
        if (state) state->tokens = malloc(sizeof(uint32_t) * BLOCK_TOKENS);
        if (state) state->glyphs = malloc(sizeof(uint32_t) << GLYPH_HASH_BITS);
        if (!state || !state->tokens || !state->glyphs) {
            if (state) free(state->tokens), free(state->glyphs), free(state);
            if (messageSize > 0) snprintf(message, messageSize, "out of memory for the frame encoder");
            return 0;
        }
        scratch->rowsEncoder = state;
    }
    size_t stride = 1 + (size_t)width * (rgb ? 3 : 4);
    if (state->rowCapacity < stride + 16) {     // the packing's slack (rows.h)
        unsigned char *grown = realloc(state->row, stride + 16);
        if (!grown) {
            if (messageSize > 0) snprintf(message, messageSize, "out of memory for the frame encoder");
            return 0;
        }
        state->row = grown;
        state->rowCapacity = stride + 16;
    }

    // Signature, IHDR, sRGB (perceptual, as libpng's png_set_sRGB writes it), then one IDAT.
    static const unsigned char signature[8] = {137, 'P', 'N', 'G', '\r', '\n', 26, '\n'};
    if (!reserve_bytes(scratch, 8 + 25 + 13 + 8 + 2)) goto memory;
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

    Blocks blocks;
    memset(&blocks, 0, sizeof blocks);
    blocks.scratch = scratch;
    blocks.tokens = state->tokens;
    blocks.writer.out = scratch->bytes + scratch->count;
    uint32_t adler = 1;
    memset(state->glyphs, 0, sizeof(uint32_t) << GLYPH_HASH_BITS);
    if (!encode_rows(&blocks, pixels, width, height, rgb, state->row, state->glyphs, &adler) || !write_block(&blocks, 1)) goto memory;
    flush_to_byte(&blocks.writer);
    scratch->count = (size_t)(blocks.writer.out - scratch->bytes);
    if (!reserve_bytes(scratch, 4 + 4 + 12)) goto memory;
    put_be32(scratch->bytes + scratch->count, adler);
    scratch->count += 4;
    close_chunk(scratch, idat, "IDAT", scratch->count - idat - 8);
    scratch->count += 4;
    close_chunk(scratch, scratch->count, "IEND", 0);
    scratch->count += 12;
    return 1;
memory:
    if (messageSize > 0) snprintf(message, messageSize, "out of memory for the encoded image");
    return 0;
}

void sfpng_rows_encoder_free(SFPNGScratch *scratch) {
    RowsState *state = scratch->rowsEncoder;
    if (state) {
        free(state->tokens);
        free(state->glyphs);
        free(state->row);
        free(state);
    }
    scratch->rowsEncoder = NULL;
}
