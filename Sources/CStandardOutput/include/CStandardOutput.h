#ifndef C_STANDARD_OUTPUT_H
#define C_STANDARD_OUTPUT_H

#include <stdio.h>

/// C's `stdout` stream, which Swift's `print` writes through. Swift 6 sees the C global as
/// shared mutable state; the stream itself never changes and locks itself.
FILE *springframes_standard_output(void);

/// Keeps freed blocks of up to a gigabyte in the heap for reuse (glibc's mallopt; nothing
/// elsewhere). Returns whether it took effect.
int springframes_keep_large_blocks(void);

#endif
