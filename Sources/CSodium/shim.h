#ifndef HOBBYSTORY_CSODIUM_SHIM_H
#define HOBBYSTORY_CSODIUM_SHIM_H
#include <sodium.h>
#endif
