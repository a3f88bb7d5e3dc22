#ifndef HOBBYSTORY_CCRYPTO_SHIM_H
#define HOBBYSTORY_CCRYPTO_SHIM_H
// OpenSSL's libcrypto (Debian libssl-dev): SHA-256 with the CPU's SHA instructions (libsodium's
// portable SHA-256 ran at about 300 MB/s, which made importing a video five times slower than cp),
// the ECDSA P-256 signatures of the tokens the App Store Connect API asks for (T12), and the
// certificate chains and signatures of App Store transactions and App Attest objects (T13).
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#endif
