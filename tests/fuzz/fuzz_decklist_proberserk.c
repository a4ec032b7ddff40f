/* fuzz_decklist_proberserk.c — ProBerserk TXT decklists (the text parser, seeded with the ProBerserk tournament lists):
 * UTF-8 outputs, report order, parse(write(x)) = x in every kind (decklist_roundtrip.c). */
#include "fuzz.h"
#include "fuzz_decklist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_decklist(data, size, BSK_DECKLIST_TEXT);
    return 0;
}
