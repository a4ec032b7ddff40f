/* fuzz_decklist_text.c — plain text decklists (COUNT NAME, COUNTx NAME, SET-NUMBER, NXT-ID, NAME [SET], comments):
 * UTF-8 outputs, report order, parse(write(x)) = x in every kind (decklist_roundtrip.c). */
#include "fuzz.h"
#include "fuzz_decklist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_decklist(data, size, BSK_DECKLIST_TEXT);
    return 0;
}
