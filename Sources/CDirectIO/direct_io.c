#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include "CDirectIO.h"

int hobbystory_set_direct_io(int descriptor, int enabled) {
#if defined(__linux__)
    int flags = fcntl(descriptor, F_GETFL);
    if (flags < 0) return -1;
    return fcntl(descriptor, F_SETFL, enabled ? (flags | O_DIRECT) : (flags & ~O_DIRECT));
#elif defined(__APPLE__)
    return fcntl(descriptor, F_NOCACHE, enabled ? 1 : 0) < 0 ? -1 : 0;
#else
    (void)descriptor;
    (void)enabled;
    errno = ENOTSUP;
    return -1;
#endif
}
