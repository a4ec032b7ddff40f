// hello.cpp — a C++ program built against an installed libberserk (tests/install/run.sh): every
// public header compiles as C++ and its functions link with C names (the extern "C" guards).
#include <berserk/card.h>
#include <berserk/card_table.h>
#include <berserk/deal.h>
#include <berserk/deck.h>
#include <berserk/error.h>
#include <berserk/format.h>
#include <berserk/placement.h>
#include <berserk/pool.h>
#include <berserk/recruit.h>
#include <berserk/rng.h>

#include <cstdio>
#include <string>

int main()
{
    char name[64];
    bsk_name_normalize("Ёжик  в тумане", name, sizeof name);
    bsk_rng rng;
    bsk_rng_seed(&rng, 2026);
    int die = bsk_rng_die(&rng);
    bsk_format format;
    bsk_format_init_defaults(&format);
    std::string text = std::string("normalised: ") + name + "; the element " + bsk_element_id(BSK_ELEMENT_FORESTS) +
                       "; a deal of " + std::to_string(format.squad.deal);
    std::printf("%s; die %s\n", text.c_str(), die >= 1 && die <= 6 ? "1..6" : "out of range");
    bsk_expr expr;
    if (!bsk_expr_compile("X+1", &expr) || bsk_expr_eval(expr, 2, 0) != 3)
        return 1;
    return die >= 1 && die <= 6 ? 0 : 1;
}
