#ifndef HOBBYSTORY_CZLIB_SHIM_H
#define HOBBYSTORY_CZLIB_SHIM_H
// zlib (Debian zlib1g-dev), for the Inflate module: sales reports and map packs arrive compressed.
#include <zlib.h>

// inflateInit2 is a macro in zlib.h, which Swift cannot call.
static inline int hobbystory_inflate_init(z_stream *stream) {
    // 15 window bits + 32: accept a gzip or a zlib header.
    return inflateInit2(stream, 15 + 32);
}
// Raw deflate (no header), as zip archives hold their members.
static inline int hobbystory_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}
#endif
