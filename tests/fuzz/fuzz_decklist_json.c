/* fuzz_decklist_json.c — JSON decklists:
 * UTF-8 outputs, report order, parse(write(x)) = x in every kind (decklist_roundtrip.c). */
#include "fuzz.h"
#include "fuzz_decklist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_decklist(data, size, BSK_DECKLIST_JSON);
    return 0;
}
