// The system OpenSSL's libcrypto, for SHA-256 only, through its EVP digest API (the low-level
// SHA256_* functions are deprecated in OpenSSL 3). It uses the CPU's SHA extensions where present.
#include <openssl/evp.h>
