#include "CJPEG.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

/* libjpeg reports errors by calling error_exit, which must not return: it jumps back here. */
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    char message[JMSG_LENGTH_MAX];
} failure;

static void fail(j_common_ptr info) {
    failure *f = (failure *)info->err;
    (*info->err->format_message)(info, f->message);
    longjmp(f->escape, 1);
}

/* A header may claim any size: past this many pixels at the chosen scale (a gigapixel at 1/8),
   the photo is refused rather than allocated. */
#define HS_MAX_DECODED_PIXELS (16 * 1024 * 1024)

/* A warning (level -1: data cut short, a corrupt segment) is kept, and the drawing refused
   afterwards: a damaged photo gets no half-grey thumbnail. Trace messages are dropped. */
static void note_warning(j_common_ptr info, int level) {
    failure *f = (failure *)info->err;
    if (level < 0 && info->err->num_warnings++ == 0) (*info->err->format_message)(info, f->message);
}

static hs_jpeg_result failed(const char *what, const char *detail) {
    hs_jpeg_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.message, sizeof r.message, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
    return r;
}

/* Averages the decoded pixels into a w×h box grid (each output pixel the mean of the source
   pixels it covers), then turns the result by the EXIF orientation. */
static unsigned char *shrink(const unsigned char *rgb, int sw, int sh, int w, int h) {
    unsigned char *out = malloc((size_t)w * h * 3);
    if (!out) return NULL;
    for (int y = 0; y < h; y++) {
        int y0 = (int)((int64_t)y * sh / h), y1 = (int)((int64_t)(y + 1) * sh / h);
        if (y1 <= y0) y1 = y0 + 1;
        for (int x = 0; x < w; x++) {
            int x0 = (int)((int64_t)x * sw / w), x1 = (int)((int64_t)(x + 1) * sw / w);
            if (x1 <= x0) x1 = x0 + 1;
            uint64_t sum[3] = {0, 0, 0};
            for (int yy = y0; yy < y1; yy++) {
                const unsigned char *p = rgb + ((size_t)yy * sw + x0) * 3;
                for (int xx = x0; xx < x1; xx++, p += 3) {
                    sum[0] += p[0];
                    sum[1] += p[1];
                    sum[2] += p[2];
                }
            }
            uint64_t n = (uint64_t)(y1 - y0) * (x1 - x0);
            unsigned char *o = out + ((size_t)y * w + x) * 3;
            for (int c = 0; c < 3; c++) o[c] = (unsigned char)((sum[c] + n / 2) / n);
        }
    }
    return out;
}

/* Where stored pixel (x, y) of a w×h picture lands once turned upright by EXIF orientation o. */
static void upright(int o, int x, int y, int w, int h, int *ux, int *uy) {
    switch (o) {
    case 2: *ux = w - 1 - x; *uy = y; break;
    case 3: *ux = w - 1 - x; *uy = h - 1 - y; break;
    case 4: *ux = x; *uy = h - 1 - y; break;
    case 5: *ux = y; *uy = x; break;
    case 6: *ux = h - 1 - y; *uy = x; break;
    case 7: *ux = h - 1 - y; *uy = w - 1 - x; break;
    case 8: *ux = y; *uy = w - 1 - x; break;
    default: *ux = x; *uy = y; break;
    }
}

static int write_jpeg(const char *destination, const unsigned char *rgb, int w, int h, int quality, char *message) {
    FILE *file = fopen(destination, "wb");
    if (!file) {
        snprintf(message, 200, "cannot create %s", destination);
        return 0;
    }
    struct jpeg_compress_struct info;
    failure f;
    info.err = jpeg_std_error(&f.manager);
    f.manager.error_exit = fail;
    if (setjmp(f.escape)) {
        jpeg_destroy_compress(&info);
        fclose(file);
        snprintf(message, 200, "%s", f.message);
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    info.image_width = (JDIMENSION)w;
    info.image_height = (JDIMENSION)h;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * w * 3);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    int closed = fclose(file) == 0;
    if (!closed) snprintf(message, 200, "cannot write %s", destination);
    return closed;
}

hs_jpeg_result hs_jpeg_thumbnail(const char *source, const char *destination, int max_side, int orientation,
                                 int quality) {
    if (max_side < 1) return failed("the thumbnail's side must be at least 1 pixel", NULL);
    if (orientation < 1 || orientation > 8) orientation = 1;
    FILE *file = fopen(source, "rb");
    if (!file) return failed("cannot open the photo", source);

    struct jpeg_decompress_struct info;
    failure f;
    unsigned char *volatile pixels = NULL;
    info.err = jpeg_std_error(&f.manager);
    f.manager.error_exit = fail;
    f.manager.emit_message = note_warning;
    if (setjmp(f.escape)) {
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(pixels);
        return failed("the photo is damaged", f.message);
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    /* The smallest of 1/8, 1/4, 1/2 that still covers the thumbnail's longer side. */
    unsigned int longer = info.image_width > info.image_height ? info.image_width : info.image_height;
    unsigned int denominator = 8;
    while (denominator > 1 && (longer + denominator - 1) / denominator < (unsigned int)max_side) denominator /= 2;
    info.scale_num = 1;
    info.scale_denom = denominator;
    jpeg_start_decompress(&info);
    int sw = (int)info.output_width, sh = (int)info.output_height;
    if (info.output_components != 3 || sw < 1 || sh < 1 || (int64_t)sw * sh > HS_MAX_DECODED_PIXELS) {
        snprintf(f.message, sizeof f.message, "%d × %d pixels at 1/%u scale is more than a photo can be", sw, sh,
                 denominator);
        longjmp(f.escape, 1);
    }
    pixels = malloc((size_t)sw * sh * 3);
    if (!pixels) {
        snprintf(f.message, sizeof f.message, "out of memory");
        longjmp(f.escape, 1);
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * sw * 3;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    if (f.manager.num_warnings > 0) longjmp(f.escape, 1);
    jpeg_destroy_decompress(&info);
    fclose(file);

    int sl = sw > sh ? sw : sh;
    int w = sw, h = sh;
    if (sl > max_side) {
        w = (int)(((int64_t)sw * max_side + sl / 2) / sl);
        h = (int)(((int64_t)sh * max_side + sl / 2) / sl);
        if (w < 1) w = 1;
        if (h < 1) h = 1;
    }
    unsigned char *small = shrink(pixels, sw, sh, w, h);
    free(pixels);
    if (!small) return failed("out of memory", NULL);
    int turned = orientation >= 5;
    int uw = turned ? h : w, uh = turned ? w : h;
    unsigned char *out = malloc((size_t)uw * uh * 3);
    if (!out) {
        free(small);
        return failed("out of memory", NULL);
    }
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int ux, uy;
            upright(orientation, x, y, w, h, &ux, &uy);
            memcpy(out + ((size_t)uy * uw + ux) * 3, small + ((size_t)y * w + x) * 3, 3);
        }
    }
    free(small);
    hs_jpeg_result r;
    memset(&r, 0, sizeof r);
    r.ok = write_jpeg(destination, out, uw, uh, quality, r.message);
    free(out);
    r.width = uw;
    r.height = uh;
    r.decoded_width = sw;
    r.decoded_height = sh;
    return r;
}
