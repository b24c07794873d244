#ifndef C_STANDARD_OUTPUT_H
#define C_STANDARD_OUTPUT_H

#include <stdio.h>

/// C's `stdout` stream, which Swift's `print` writes through. Swift 6 sees the C global as
/// shared mutable state; the stream itself never changes and locks itself.
FILE *springframes_standard_output(void);

#endif
