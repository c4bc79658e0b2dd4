/* libFuzzer target (b): the MoorDyn deck reader (fuzz_entry.h). */
#include "fuzz_entry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char msg[2048];
    hw_fuzz_deck(data, size, msg, sizeof msg);
    return 0;
}
