#ifndef HOBBYSTORY_CDIRECTIO_H
#define HOBBYSTORY_CDIRECTIO_H
// Writing a file past the page cache, which Swift's Glibc module cannot ask for: `O_DIRECT` is a
// GNU extension whose value differs between CPU architectures. The media import (T4) writes a
// gigabyte video this way so that the copy costs no kernel memcpy and no writeback work on the
// two cores the hashing needs.

/// The alignment direct writes need: of the buffer's address, the file offset and the length.
#define HOBBYSTORY_DIRECT_IO_ALIGNMENT 4096

/// Turns direct (uncached) writes to `descriptor` on (`enabled` != 0) or off. Returns 0 on
/// success, or -1 with errno set, e.g. EINVAL where the file system does not support them; the
/// descriptor then keeps writing through the page cache.
int hobbystory_set_direct_io(int descriptor, int enabled);

#endif
