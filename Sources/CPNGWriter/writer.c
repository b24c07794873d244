#include "CPNGWriter.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    SFPNGBuffer *output;
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
    SFPNGBuffer *buffer = ((Context *)png_get_io_ptr(png))->output;
    if (length > buffer->capacity - buffer->count) {
        size_t capacity = buffer->capacity ? buffer->capacity : 1 << 16;
        while (capacity - buffer->count < length) capacity *= 2;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (!grown) png_error(png, "out of memory for the encoded image");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, data, length);
    buffer->count += length;
}

static void on_flush(png_structp png) { (void)png; }

// Premultiplied to straight alpha, rounding as Color(premultiplied:) does in Swift:
// c' = min(255, (c·255 + a/2) / a), and a fully transparent pixel is 0, 0, 0, 0.
static void straighten(const uint32_t *row, uint32_t width, unsigned char *out) {
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

int sfpng_encode(const uint32_t *pixels, uint32_t width, uint32_t height, int rgb,
                 SFPNGSettings settings, SFPNGBuffer *output, unsigned char *rowScratch,
                 char *message, size_t messageSize) {
    Context context = {output, message, messageSize, {0}};
    if (messageSize > 0) message[0] = '\0';
    output->count = 0;

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
    // The canvas stores R, G, B, A bytes in memory order (little-endian words): an opaque row is
    // handed over as it is, and libpng drops every fourth byte.
    if (rgb) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *row = pixels + (size_t)y * width;
        if (rgb) {
            png_write_row(png, (png_const_bytep)row);
        } else {
            straighten(row, width, rowScratch);
            png_write_row(png, rowScratch);
        }
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 1;
}

void sfpng_buffer_free(SFPNGBuffer *buffer) {
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = buffer->capacity = 0;
}
