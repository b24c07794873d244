#include "CStandardOutput.h"

FILE *springframes_standard_output(void) {
    return stdout;
}
