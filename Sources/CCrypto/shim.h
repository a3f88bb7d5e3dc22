#ifndef HOBBYSTORY_CCRYPTO_SHIM_H
#define HOBBYSTORY_CCRYPTO_SHIM_H
// OpenSSL's libcrypto (Debian libssl-dev), for SHA-256 with the CPU's SHA instructions: libsodium's
// portable SHA-256 runs at about 300 MB/s, which made importing a video five times slower than cp.
#include <openssl/evp.h>
#endif
