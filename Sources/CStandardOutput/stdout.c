#include "CStandardOutput.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

FILE *springframes_standard_output(void) {
    return stdout;
}

int springframes_keep_large_blocks(void) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, 1 << 30) && mallopt(M_TRIM_THRESHOLD, 1 << 30);
#else
    return 0;
#endif
}
