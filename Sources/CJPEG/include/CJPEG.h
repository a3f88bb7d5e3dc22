#ifndef HOBBYSTORY_CJPEG_H
#define HOBBYSTORY_CJPEG_H

#include <stddef.h>

/// What hs_jpeg_thumbnail did: the thumbnail's size, and the size the photo was decoded at
/// (libjpeg's DCT scaling: 1/1, 1/2, 1/4 or 1/8 of the stored size), or why it failed.
typedef struct {
    int ok;
    int width, height;
    int decoded_width, decoded_height;
    char message[200];
} hs_jpeg_result;

/// Writes a JPEG thumbnail of the JPEG photo at `source` to `destination`: at most `max_side`
/// pixels on its longer side, turned upright by the EXIF `orientation` (1...8, else 1). The photo
/// is decoded at the smallest DCT scale that still covers `max_side`, never at full size when a
/// smaller scale does; corrupt or truncated input is an error, never a crash.
hs_jpeg_result hs_jpeg_thumbnail(const char *source, const char *destination, int max_side, int orientation,
                                 int quality);

#endif
