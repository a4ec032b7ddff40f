#!/usr/bin/env python3
"""Convert the card reference data into the bundled catalogue (catalogue schema 2).

Reads shared/data/cards-reference.json (see shared/data/README.md for its schema), beside it
cards-sentences-reference.json (how many sentences a card prints, which sentence each keyword
comes from, rebuff's wrapped keyword) and catalog/tools/overrides/ (the reviewed,
hand-written features of printed sentences, each citing its card and sentence), and writes
catalog/data/index.json and catalog/data/sets/<set id>.json in canonical form (keys in schema
order, UTF-8, one-space indent, trailing newline), applying the conversion rules of DESIGN.md
section 3: set and card ids, element/class/keyword id mapping, type-dependent nulls, and
name-level facts (unique, horde) inferred from other relaunch printings.

Re-runnable and deterministic: stale sets/*.json files are removed and running it again on the
same input gives byte-identical output.  Any unmapped value (class, element, keyword id, ...)
is a fatal error naming the card.  Standard library only.

    python3 catalog/tools/convert_reference.py [--input PATH] [--output DIR]
"""

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_INPUT = REPO_ROOT.parent / "shared" / "data" / "cards-reference.json"
SENTENCES_NAME = "cards-sentences-reference.json"  # read from the input's directory
DEFAULT_OUTPUT = REPO_ROOT / "catalog" / "data"

SCHEMA = 2
DEFAULT_OVERRIDES = Path(__file__).resolve().parent / "overrides"
# Sets whose printed texts no source holds (DESIGN §3: `sentences` null, `support` unknown).
NO_TEXT_SETS = {"22", "classic"}
CATALOGUE_REVISION = 1
SET_REVISION = 1

# input set_id -> (catalogue set id, name, release); output order is the list order.
SETS = [
    (10, "01", "Война стихий", 1),
    (20, "02", "Нашествие тьмы", 2),
    (30, "03", "Семена раздора", 3),
    (40, "04", "Ложные боги", 4),
    (50, "05", "Путь хранителей", 5),
    (60, "06", "Призрачный легион", 6),
    (70, "07", "Гибель богов", 7),
    (21, "21", "Легенды Лаара", None),
    (22, "22", "Русы против ящеров", None),
    (None, "classic", "Война стихий (классическая редакция)", None),
]
SET_BY_NXT = {nxt: (sid, name, release) for nxt, sid, name, release in SETS}

RARITY = {"common": "common", "uncommon": "uncommon", "rare": "rare", "ultrarare": "ultra_rare"}
TYPES = {"creature", "artifact", "terrain"}
SUBTYPE = {
    "ground": "ground",
    "flyer": "flyer",
    "companion_symbiote": "companion",
    "parasite_symbiote": "parasite",
}
ELEMENT = {
    "степи": ["plains"],
    "горы": ["mountains"],
    "леса": ["forests"],
    "болота": ["swamps"],
    "тьма": ["darkness"],
    "нейтральная": [],
}
CLASSES = {
    "Акванит": "aquanite",
    "Аккениец": "akkenian",
    "Ангел": "angel",
    "Архаалит": "arkhaalite",
    "Боевая машина": "war_machine",
    "Герой-воин": "hero_warrior",
    "Герой-жрец": "hero_priest",
    "Герой-маг": "hero_mage",
    "Герой-разбойник": "hero_rogue",
    "Гном": "dwarf",
    "Демон": "demon",
    "Дитя Кронга": "child_of_krong",
    "Дракон": "dragon",
    "Дух": "spirit",
    "Инквизитор": "inquisitor",
    "Йордлинг": "yordling",
    "Ковен": "coven",
    "Койар": "koyar",
    "Линунг": "linung",
    "Нежить": "undead",
    "Орк": "orc",
    "Пират": "pirate",
    "Речная дева": "river_maiden",
    "Слуа": "slua",
    "Страж леса": "forest_guardian",
    "Тоа-Дан": "toa_dan",
    "Тролль": "troll",
    "Элементаль": "elemental",
    "Эльф": "elf",
    "Постройка": "building",
    "Болото": "swamp",
    "Горы": "mountains",
    "Лес": "forest",
    "Море": "sea",
    "Пустыня": "desert",
    "Река": "river",
    "Крысолюд": "ratfolk",
    "Великан": "giant",
    "Город": "city",
    "Степь": "steppe",
    "Врата": "gates",
}

KEYWORD_RENAME = {
    "poison_immunity": "protection_from_poison",
    "shot_immunity": "protection_from_shots",
    "throw_immunity": "protection_from_throws",
    "discharge_immunity": "protection_from_discharges",
    "spell_immunity": "protection_from_spells",
    "magic_immunity": "protection_from_magic",
    "flyer_attack_immunity": "protection_from_flyer_attacks",
    "scavenging": "corpse_eating",
    "depths": "at_depth",
    "surface": "on_surface",
    "poison": "inflicts_poison",
    "strike_through_row": "strike_across_row",
}
KEYWORD_KEEP = {
    "armor", "attack_experience", "defense_experience", "shooting_experience", "charge",
    "clumsiness", "concentration", "curse", "blessing", "dash", "directed_strike", "formation",
    "frenzy", "incarnation", "incorporeal", "jump", "prophecy", "rebuff", "regeneration",
    "steadfastness", "teleport", "unanswered_strike", "valhalla", "vampirism", "werewolf",
    "shot", "throw", "discharge", "magic_strike", "special_strike", "finishing_blow",
}
# Dropped: flying follows from the subtype, the others are unreliable tags; horde -> card field.
KEYWORD_DROP = {"flying", "instant", "spell_ability", "impact_ability", "horde"}
# Classic-edition implementation ids (danmerus/berserk): dropped, card lists "keywords" unknown.
CLASSIC_IMPLEMENTATION_IDS = {
    "heal", "heal_self", "counters", "flyer_taunt", "web", "resurrect", "double_die_roll",
    "ranged_attack_dodge", "must_attack_closed", "shield_block", "strike_bonus",
    "strike_bonus_vs_closed", "strike_bonus_vs_element", "strike_bonus_vs_magic_users",
    "damage_reduction", "close_or_take_damage_on_strike", "wound_redistribution", "spell",
    "strike_through_row_immunity",
}
# Catalogue ids whose "value" becomes "values": [w, m, s].
ATTACK_KEYWORDS = {
    "shot", "throw", "discharge", "magic_strike", "special_strike", "strike_across_row",
    "finishing_blow",
}
KEYWORD_PARAMS = ("value", "range", "activation", "condition")

# Rebuff («Отпор», issue 21 §2, an extension): the reference marks only the bare keyword. A printed
# sentence "Отпор: <one keyword>." (by the sentences reference) adds that keyword with condition
# "rebuff" after it, as the reference's "Строй: ..." keywords carry condition "formation". Any other
# rebuff text ("+1 к {strike}", a feature) is card text for the card's encoding (text:rebuff).
REBUFF_ICONS = {
    "{ova}": "attack_experience", "{ovz}": "defense_experience", "{ovs}": "shooting_experience",
    "{armor}": "armor", "{regen}": "regeneration", "{direct}": "directed_strike",
    "{stamina}": "steadfastness", "{zoz}": "protection_from_spells", "{zom}": "protection_from_magic",
    "{zoo}": "protection_from_poison", "{zov}": "protection_from_shots", "{zot}": "protection_from_throws",
    "{zor}": "protection_from_discharges", "{zoal}": "protection_from_flyer_attacks",
}
# Keywords printed as a word; the reference's icon tags of these also mark a mention (shared/data
# README), so an unconditional copy whose word no other sentence prints is the rebuff one.
REBUFF_WORDS = {"Вампиризм": "vampirism", "Трупоедство": "corpse_eating"}
REBUFF_WITH_X = {"attack_experience", "defense_experience", "shooting_experience", "armor", "regeneration"}
REBUFF_SENTENCE = re.compile(r"^Отпор\s*:\s*(\{[a-z]+\}|[А-ЯЁ][а-яё]+)\s*(\d*)\s*\.?$")
CLASSIC_DROPPED_PARAMS = {"note", "cost", "trigger"}

CARD_KEYS = (
    "id", "nxt_id", "name", "set", "number", "rarity", "type", "subtype", "elements", "classes",
    "cost", "cost_x", "elite", "unique", "horde", "life", "movement", "simple_strike", "keywords",
    "features", "sentences", "support", "unknown", "inferred",
)
# DESIGN §3 "Card features": a feature object's keys in this order.
FEATURE_KEYS = (
    "src", "kind", "marker", "given", "cost", "trigger", "condition", "optional", "limit", "duration", "abilities", "grants",
    "engine",
)
# A trigger object's keys in the order the catalogue codec writes them (formats/synthetic.c feature_json): the
# converter writes an override's trigger in this order, so catalog/data stays byte-identical to `catalog export`
# of itself whatever order the override gives (swap12, issue 23: 05-213's "role" with "filter" and "ability").
TRIGGER_KEYS = (
    "event", "gold", "self", "grave", "turn_of", "source", "role", "side", "filter", "ability", "movement",
    "strength", "fight_side", "miss", "first", "value", "during", "at_least", "moved", "by", "wounded",
    "destroyed", "feature",
)
# Where a keyword is printed (its `src`): the sentence that names it (a word of the printed text or its
# icon code), else, for a keyword the sources read from the card's icons, "icon" (a left-edge pictogram).
KEYWORD_TEXT = {
    "armor": r"\{armor\}|брон[яеию]", "regeneration": r"\{regen\}|регенерац",
    "attack_experience": r"\{ova\}|опыт в атаке", "defense_experience": r"\{ovz\}|опыт в защите",
    "shooting_experience": r"\{ovs\}|опыт в стрельбе", "directed_strike": r"\{direct\}|направленн\w* удар",
    "unanswered_strike": r"безответн", "steadfastness": r"\{stamina\}|стойкост", "clumsiness": r"неповоротлив",
    "blessing": r"благословени", "curse": r"проклят", "incorporeal": r"бестелесн", "vampirism": r"вампиризм",
    "corpse_eating": r"трупоедств", "formation": r"^строй", "frenzy": r"бешенств", "concentration": r"концентрац",
    "prophecy": r"пророчеств", "incarnation": r"инкарнац", "valhalla": r"вальхалл", "jump": r"прыж",
    "teleport": r"телепорт", "dash": r"рывок", "at_depth": r"на глубине", "on_surface": r"на поверхности",
    "inflicts_poison": r"отравлени|отравить|отравлен", "protection_from_poison": r"\{zoo\}|от отравлени",
    "protection_from_shots": r"\{zov\}|от выстрел", "protection_from_throws": r"\{zot\}|от метани",
    "protection_from_discharges": r"\{zor\}|от разряд", "protection_from_spells": r"\{zoz\}|от заклинани",
    "protection_from_magic": r"\{zom\}|от маги", "protection_from_flyer_attacks": r"\{zoal\}|от атак летающ",
    "shot": r"выстрел", "throw": r"метани", "discharge": r"разряд", "magic_strike": r"магическ\w* удар",
    "special_strike": r"особый удар", "strike_across_row": r"\{uchr\}|удар через ряд",
    "finishing_blow": r"добивани", "rebuff": r"^отпор", "charge": r"заряд",
    "werewolf": r"оборотень|\{wolf\}|\{human\}",
}
KEYWORD_TEXT = {k: re.compile(v) for k, v in KEYWORD_TEXT.items()}
ACTIVATION_PREFIX = re.compile(r"^[^:]*\{(tap|instant)\}[^:]*:")
# A plain keyword claims a sentence only when the sentence is the keyword's own statement: once these
# parts are taken out (the activation, the keyword phrases with their values, names and range, a
# keyword icon, a wrapper's head, whose linked text the engine checks itself) nothing is left. A
# sentence that says more («Выстрел на 2, при этом получить {counter}», «Бестелесный: -1 от …»,
# «Когда ваше существо с {armor} …») is not the keyword's; it stays uncovered unless a feature encodes
# it, so the card is not counted full for a keyword that runs part of it (DESIGN §3, issue 23).
STATEMENT_NUMBER = r"(?:\d+|x)(?:\s*-\s*(?:\d+|x))*"
STATEMENT_NAME = r"(?:\s*[«\"„][^»\"“]*[»\"“]|(?:\s+(?!на\b|по\b)[а-я]+){1,2})?"  # «головы», копья, клубка водорослей
STATEMENT_PARTS = [re.compile(p) for p in (
    r"^\(.*\)\.?$",  # a reminder in parentheses alone («({armor} 2 означает …)»)
    r"^(?:x\s*)?(?:\{(?:counter|tap|instant)\}\s*)+\)?\s*:",
    r"^(?:строй|отпор|на поверхности|на глубине|концентрация|бешенство\s*\d*)\s*:",
    r"(?:магическ\w* удар|особый удар|выстрел|метани[ея]|разряд|\{uchr\}|удар через ряд|добивание)"
    + STATEMENT_NAME + r"\s+на\s+" + STATEMENT_NUMBER,
    r",?\s*дальность\.?\s*[–-]?\s*\d+",
    r"инкарнаци[яи]\s*\d+", r"прыжок", r"телепортаци[яи]", r"трупоедство", r"вампиризм", r"неповоротливость",
    r"безответный удар", r"бестелесн(?:ый|ая|ое|ость)", r"рывок", r"регенерация\s*\d*", r"броня\s*\d*",
    r"\{(?:armor|regen|ova|ovz|ovs|direct|stamina|zoo|zov|zot|zor|zoz|zom|zoal|uchr|wolf|human)\}\s*:?\s*\d*",
    r"благословени[ея]", r"проклятие", r"направленный удар", r"стойкость", r"опыт в (?:атаке|защите|стрельбе)\s*\d*",
    r"защита от [а-я ]+",
)]
# The keywords whose sentence is «Keyword: [text]»: the engine checks their linked text (bsk_card_blockers).
STATEMENT_WRAPPERS = {"formation", "rebuff", "concentration", "frenzy", "valhalla", "prophecy", "at_depth",
                      "on_surface", "werewolf", "charge"}


# The grammar's frames (issue 23: the recurring sentences as data without a per-card override).
# «Бестелесный: -N от <attacks>.» (glossary «Бестелесность» with its linked text): a static modifier
# of the attacks on the card, the same data as the reviewed overrides of 04-003, 06-007 and 06-128 s1
# (glossary «Ближняя атака», «Дальняя атака»; a counter strike is a simple strike's answer).
INCORPOREAL_REDUCTION = re.compile(r"^бестелесн\w*\s*:\s*[-–]\s*(\d+)\s+от\s+(.+?)\.?$")
INCORPOREAL_ATTACKS = {
    "немагических атак": ["simple_strike", "counter_strike", "special_strike", "shot", "throw", "strike_across_row"],
    "{strike}": ["simple_strike", "counter_strike"],
    "ближних атак": ["simple_strike", "counter_strike", "special_strike", "magic_strike"],
    "дальних атак": ["shot", "throw", "discharge", "strike_across_row"],
    "выстрелов и метаний": ["shot", "throw"],
    "разрядов": ["discharge"],
    "рязрядов": ["discharge"],  # a misprint of «разрядов» (07-041)
}


def grammar_features(sentences, taken):
    """The features the grammar reads from the sentences no override encodes (`taken`: their numbers)."""
    out = []
    for n, sentence in enumerate(sentences or [], 1):
        m = INCORPOREAL_REDUCTION.match(sentence.lower().replace("ё", "е").strip())
        if n in taken or not m or m.group(2) not in INCORPOREAL_ATTACKS:
            continue
        effect = {"op": "incoming_attack_modifier", "target": "self", "X": -int(m.group(1)),
                  "attack": list(INCORPOREAL_ATTACKS[m.group(2)])}
        out.append({"src": n, "kind": "static", "optional": False,
                    "abilities": [{"type": "effect_ability", "effects": [effect]}], "engine": "generic"})
    return out


def statement_rest(sentence):
    """What a sentence says beyond keyword statements ("" when it is only keywords)."""
    text = sentence.lower().replace("ё", "е").strip()
    for part in STATEMENT_PARTS:
        text = part.sub(" ", text)
    return re.sub(r"[\s.,;:–—-]+", " ", text).strip()
# input `unknown` entry -> catalogue field
UNKNOWN_FIELD = {
    "strike": "simple_strike",
    "move": "movement",
    "keywords_symbols": "keywords",
    "number": "number",
    "rarity": "rarity",
    "life": "life",
    "classes": "classes",
    "unique": "unique",
}


class ConvertError(Exception):
    pass


def fail(rec, msg):
    raise ConvertError(f"card {rec.get('id')} ({rec.get('name')!r}): {msg}")


def field_order(names):
    return sorted(set(names), key=CARD_KEYS.index)


def printing_rank(rec):
    """Sort key: newest printing first (release 7..1, then set 22, then 21), then input id."""
    release = rec["release"]
    if release is not None:
        return (0, -release, rec["id"])
    return (1, -rec["set_id"], rec["id"])


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def convert_keywords(rec, classic):
    """Return (keywords, dropped_implementation_id, horde_present)."""
    out = []
    dropped_impl = False
    horde = False
    for kw in rec["keywords"]:
        kid = kw.get("id")
        params = kw.get("params") or {}
        if not isinstance(params, dict):
            fail(rec, f"keyword {kid!r} params is not an object")
        if kid == "horde":
            horde = True
            continue
        if kid in KEYWORD_DROP:
            continue
        if classic and kid in CLASSIC_IMPLEMENTATION_IDS:
            dropped_impl = True
            continue
        if kid in KEYWORD_RENAME:
            cid = KEYWORD_RENAME[kid]
        elif kid in KEYWORD_KEEP:
            cid = kid
        else:
            fail(rec, f"unmapped keyword id {kid!r}")
        for p in params:
            if p in KEYWORD_PARAMS:
                continue
            if classic and p in CLASSIC_DROPPED_PARAMS:
                continue
            fail(rec, f"keyword {kid!r} has unexpected param {p!r}")
        obj = {"id": cid, "_basis": kw.get("basis") or ""}
        if "value" in params:
            v = params["value"]
            if cid in ATTACK_KEYWORDS:
                if isinstance(v, list):
                    if len(v) != 3 or not all(is_int(x) or isinstance(x, str) for x in v):
                        fail(rec, f"keyword {kid!r} value {v!r} is not [w,m,s]")
                    obj["values"] = list(v)
                elif is_int(v) or isinstance(v, str):
                    obj["values"] = [v, v, v]
                else:
                    fail(rec, f"keyword {kid!r} value {v!r} has an unexpected type")
            else:
                if not (is_int(v) or isinstance(v, str)):
                    fail(rec, f"keyword {kid!r} value {v!r} is not an int or string")
                obj["X"] = v
        if "range" in params:
            v = params["range"]
            if not (is_int(v) or isinstance(v, str)):
                fail(rec, f"keyword {kid!r} range {v!r} is not an int or string")
            obj["range"] = v
        for p in ("activation", "condition"):
            if p in params:
                if not isinstance(params[p], str):
                    fail(rec, f"keyword {kid!r} {p} {params[p]!r} is not a string")
                obj[p] = params[p]
        out.append(obj)
    return out, dropped_impl, horde


def add_rebuff_keywords(rec, keywords, sentences):
    """The keyword a card's "Отпор: <keyword>." sentence wraps, with condition rebuff, after rebuff."""
    at = next((i for i, k in enumerate(keywords) if k["id"] == "rebuff" and "condition" not in k), None)
    if at is None or not sentences:
        return keywords
    for n, sentence in enumerate(sentences):
        m = REBUFF_SENTENCE.match(sentence.strip())
        if not m:
            continue
        word, number = m.group(1), m.group(2)
        kid = REBUFF_ICONS.get(word) or REBUFF_WORDS.get(word)
        if kid is None:
            continue
        if number and kid not in REBUFF_WITH_X:
            fail(rec, f"rebuff sentence {n + 1}: {kid} takes no number")
        held = {"id": kid}
        if kid in REBUFF_WITH_X:
            held["X"] = int(number) if number else 1
        held["condition"] = "rebuff"
        plain = [i for i, k in enumerate(keywords) if k["id"] == kid and "condition" not in k]
        if plain:
            others = [s for j, s in enumerate(sentences) if j != n]
            if word not in REBUFF_WORDS or any(word.lower() in s.lower() for s in others):
                fail(rec, f"rebuff sentence {n + 1}: {kid} is also unconditional")
            keywords = [k for i, k in enumerate(keywords) if i not in plain]  # the tag was the rebuff text
            at = next(i for i, k in enumerate(keywords) if k["id"] == "rebuff" and "condition" not in k)
        keywords = keywords[:at + 1] + [held] + keywords[at + 1:]
    return keywords


def keyword_sources(rec, keywords, sentences, encoded=frozenset()):
    """Each keyword's `src` (DESIGN §3): the first sentence not yet given to another keyword of the
    same id that names it (an activated attack prefers a sentence whose cost is {tap} or {instant}; a
    plain keyword takes only its own statement or a sentence a feature of `encoded` encodes:
    statement_rest), else "icon" when the sources read it from the card's icons; otherwise it has
    none. Removes the keywords' private "_basis"."""
    used = {}
    for k in keywords:
        basis = k.pop("_basis", "")
        if sentences is None:
            continue
        pattern = KEYWORD_TEXT.get(k["id"])
        taken = used.setdefault(k["id"], set())
        found = [n for n, t in enumerate(sentences) if n not in taken and pattern and pattern.search(t.lower())]
        if "icon" in basis:  # «существо с {regen}X»: a sentence naming the keyword with a variable X speaks of
            found = [n for n in found if not re.search(r"\}x\b", sentences[n].lower())]  # other cards' keyword
        if k.get("activation") in ("tap", "counter+tap", "instant"):
            found = [n for n in found if ACTIVATION_PREFIX.search(sentences[n])] or found
        if k["id"] not in STATEMENT_WRAPPERS and "condition" not in k and k.get("activation") != "triggered":
            # its own statement, or a sentence a feature encodes (the keyword is then its tag)
            found = [n for n in found if n + 1 in encoded or not statement_rest(sentences[n])]
        if found:
            taken.add(found[0])
            k["src"] = found[0] + 1
        elif "icon" in basis:
            k["src"] = "icon"


def feature_object(card_id, entry):
    """An override's feature in DESIGN §3 key order, its `src` the entry's sentence."""
    feature = dict(entry["feature"])
    if "src" in feature and feature["src"] != entry["sentence"]:
        raise ConvertError(f"override of {card_id}: the feature's src is not the entry's sentence")
    feature["src"] = entry["sentence"]
    unknown = [k for k in feature if k not in FEATURE_KEYS]
    if unknown:
        raise ConvertError(f"override of {card_id} sentence {entry['sentence']}: unknown key {unknown[0]!r}")
    trigger = feature.get("trigger")
    if isinstance(trigger, dict):
        unknown = [k for k in trigger if k not in TRIGGER_KEYS]
        if unknown:
            raise ConvertError(f"override of {card_id} sentence {entry['sentence']}: unknown trigger key {unknown[0]!r}"
                               " (add it to TRIGGER_KEYS where the codec writes it)")
        feature["trigger"] = {k: trigger[k] for k in TRIGGER_KEYS if k in trigger}
    return {k: feature[k] for k in FEATURE_KEYS if k in feature}


def card_support(card):
    """DESIGN §3 `support`, from what the card encodes (the engine checks it again: bsk_card_blockers)."""
    if card["sentences"] is None:
        return "unknown"
    covered = {k["src"] for k in card["keywords"] if isinstance(k.get("src"), int)}
    covered |= {f["src"] for f in card["features"]}
    runs = all(f.get("engine", "generic") != "text_only" for f in card["features"])
    # full: keywords and features cover 1…sentences exactly once (a card printing keywords only, or
    # nothing, is full too: issue 23); else partial with a feature, keywords_only without
    if runs and covered == set(range(1, card["sentences"] + 1)):
        return "full"
    return "partial" if card["features"] else "keywords_only"


# A reprint's facts its single source lacks: set 07's source has no classes and no symbol-row icons (its notes
# say so), so such a card takes them from another relaunch printing of the same name that prints the same
# facts and the same text keywords (07-160 Аранта, a reprint of 03-145). They are listed in `inferred`.
REPRINT_FACTS = ("element", "cost", "elite", "type", "subtype", "life", "move", "strike")
REPRINT_UNKNOWN = ("classes", "keywords_symbols")


def text_keywords(rec):
    return sorted(json.dumps(k, sort_keys=True, ensure_ascii=False) for k in rec["keywords"] if k.get("basis") == "text")


def reprint_twin(rec, relaunch_by_name):
    if rec["set_id"] is None or not set(REPRINT_UNKNOWN) <= set(rec["unknown"]):
        return None
    for other in relaunch_by_name.get(name_key(rec["name"]), []):
        if (other is not rec and not set(REPRINT_UNKNOWN) & set(other["unknown"]) and other["classes"] is not None
                and all(other[f] == rec[f] for f in REPRINT_FACTS) and text_keywords(other) == text_keywords(rec)):
            return other
    return None


def convert_card(rec, relaunch_by_name, sentences_by_id, overrides=None):
    twin = reprint_twin(rec, relaunch_by_name)
    if twin is not None:
        rec = dict(rec, classes=list(twin["classes"]),
                   keywords=[k for k in twin["keywords"] if k.get("basis") == "icon"] + list(rec["keywords"]),
                   unknown=[u for u in rec["unknown"] if u not in REPRINT_UNKNOWN])
    nxt = rec["set_id"]
    if nxt not in SET_BY_NXT:
        fail(rec, f"unknown set_id {nxt!r}")
    sid, set_name, release = SET_BY_NXT[nxt]
    if rec["set"] != set_name:
        fail(rec, f"set name {rec['set']!r} does not match set_id {nxt!r} ({set_name!r})")
    if rec["release"] != release:
        fail(rec, f"release {rec['release']!r} does not match set {sid} ({release!r})")
    classic = nxt is None
    name = rec["name"].strip()
    if not name:
        fail(rec, "empty name")

    # number / id / nxt_id
    raw_number = rec["number"]
    if classic:
        if raw_number is not None:
            fail(rec, f"classic card with a number {raw_number!r}")
        number = None
        card_id = rec["id"]
        if not card_id.startswith("classic-"):
            fail(rec, "classic card id does not start with 'classic-'")
        nxt_id = None
    else:
        if not isinstance(raw_number, str):
            fail(rec, f"number {raw_number!r} is not a string")
        if release is not None:
            prefix = "%02d-" % release
            if not (raw_number.startswith(prefix) and len(raw_number) == 6):
                fail(rec, f"number {raw_number!r} does not have the form {prefix}NNN")
            digits = raw_number[3:]
        else:
            digits = raw_number
        if len(digits) != 3 or not digits.isdigit():
            fail(rec, f"number {raw_number!r} is not NNN")
        number = int(digits)
        card_id = "%s-%03d" % (sid, number)
        nxt_id = nxt * 1000 + number

    rarity = rec["rarity"]
    if rarity is not None:
        if rarity not in RARITY:
            fail(rec, f"unmapped rarity {rarity!r}")
        rarity = RARITY[rarity]

    ctype = rec["type"]
    if ctype not in TYPES:
        fail(rec, f"unmapped type {ctype!r}")
    subtype = rec["subtype"]
    if ctype == "creature":
        if subtype not in SUBTYPE:
            fail(rec, f"unmapped creature subtype {subtype!r}")
        subtype = SUBTYPE[subtype]
    elif subtype is not None:
        fail(rec, f"{ctype} with subtype {subtype!r}")

    if rec["element"] not in ELEMENT:
        fail(rec, f"unmapped element {rec['element']!r}")
    elements = list(ELEMENT[rec["element"]])

    classes = rec["classes"]
    if classes is not None:
        mapped = []
        for c in classes:
            if c not in CLASSES:
                fail(rec, f"unmapped class {c!r}")
            mapped.append(CLASSES[c])
        classes = mapped

    cost = rec["cost"]
    if not is_int(cost):
        fail(rec, f"cost {cost!r} is not an integer")
    if not isinstance(rec["elite"], bool):
        fail(rec, f"elite {rec['elite']!r} is not a boolean")
    unique = rec["unique"]
    if unique is not None and not isinstance(unique, bool):
        fail(rec, f"unique {unique!r} is not a boolean")

    # type-dependent values: null when not applicable, whatever the source says
    life = rec["life"] if ctype != "terrain" else None
    movement = rec["move"] if (ctype == "creature" and subtype == "ground") else None
    strike = rec["strike"] if ctype == "creature" else None
    if life is not None and not is_int(life):
        fail(rec, f"life {life!r} is not an integer")
    if movement is not None and not is_int(movement):
        fail(rec, f"move {movement!r} is not an integer")
    if strike is not None:
        if not (isinstance(strike, list) and len(strike) == 3 and all(is_int(x) for x in strike)):
            fail(rec, f"strike {strike!r} is not [w,m,s]")
        strike = list(strike)

    keywords, dropped_impl, horde_kw = convert_keywords(rec, classic)
    keywords = add_rebuff_keywords(rec, keywords, sentences_by_id.get(card_id))
    # The sentences reference holds every card of these sets whose printed text is not empty: the six
    # relaunch cards it lacks (Кочевник 01-001, Вайл, Тролль, Зендар, Землекоп, Лирайн) print only icons,
    # and the card facts list no unknown field for them, so they print 0 sentences (not null: their
    # text is known to be empty, DESIGN §3); a set no source holds texts of is null.
    text = None if sid in NO_TEXT_SETS else sentences_by_id.get(card_id, [])
    features = [feature_object(card_id, e) for e in (overrides or {}).get(card_id, [])]
    features = sorted(features + grammar_features(text, {f["src"] for f in features}), key=lambda f: f["src"])
    keyword_sources(rec, keywords, text, {f["src"] for f in features})

    unknown = []
    for u in rec["unknown"]:
        if u not in UNKNOWN_FIELD:
            fail(rec, f"unmapped unknown field {u!r}")
        unknown.append(UNKNOWN_FIELD[u])
    inferred = ["classes", "keywords"] if twin is not None else []
    if dropped_impl:
        unknown.append("keywords")

    others = [r for r in relaunch_by_name.get(name_key(name), []) if r is not rec]

    # horde: relaunch cards carry it in keywords; classic cards take it from a relaunch printing.
    if classic:
        if others:
            horde = any(k.get("id") == "horde" for k in others[0]["keywords"])
            inferred.append("horde")
        else:
            horde = None
            unknown.append("horde")
    else:
        horde = horde_kw

    # unique: inferred from the newest relaunch printing of the same name that knows it.
    if unique is None:
        source = next((r for r in others if r["unique"] is not None), None)
        if source is not None:
            unique = source["unique"]
            inferred.append("unique")
            unknown = [u for u in unknown if u != "unique"]
        elif "unique" not in unknown:
            unknown.append("unique")

    card = {
        "id": card_id,
        "nxt_id": nxt_id,
        "name": name,
        "set": sid,
        "number": number,
        "rarity": rarity,
        "type": ctype,
        "subtype": subtype,
        "elements": elements,
        "classes": classes,
        "cost": cost,
        "cost_x": False,
        "elite": rec["elite"],
        "unique": unique,
        "horde": horde,
        "life": life,
        "movement": movement,
        "simple_strike": strike,
        "keywords": keywords,
        "features": features,
        "sentences": None if text is None else len(text),
        "support": "keywords_only",
        "unknown": [],
        "inferred": [],
    }

    # An unknown field that does not apply to the card's type is plain null, not listed.
    not_applicable = set()
    if ctype == "terrain":
        not_applicable.add("life")
    if not (ctype == "creature" and subtype == "ground"):
        not_applicable.add("movement")
    if ctype != "creature":
        not_applicable.add("simple_strike")
    unknown = [u for u in unknown if u not in not_applicable]

    for u in unknown:
        if u != "keywords" and card[u] is not None:
            fail(rec, f"field {u!r} is listed unknown but holds {card[u]!r}")
    card["unknown"] = field_order(unknown)
    card["inferred"] = field_order(inferred)
    for f in card["features"]:
        if card["sentences"] is None or not 1 <= f["src"] <= card["sentences"]:
            fail(rec, f"override sentence {f['src']} is not one of the card's {card['sentences']} sentences")
    card["support"] = card_support(card)
    assert tuple(card) == CARD_KEYS
    return card


def name_key(name):
    """The DESIGN §2 comparison key, as far as these names need it: case-folded, ё = е,
    typographic apostrophes folded, whitespace collapsed and trimmed."""
    key = name.strip().lower().replace("ё", "е").replace("\u2019", "'")
    return " ".join(key.split())


def canonical(obj):
    return (json.dumps(obj, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def read_override_file(path, by_card):
    """One overrides file: {"schema":1,"overrides":[{"card","sentence","review","feature"}]}."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("schema") != 1 or not isinstance(data.get("overrides"), list):
        raise ConvertError(f"{path}: expected {{\"schema\":1,\"overrides\":[…]}}")
    for n, entry in enumerate(data["overrides"]):
        if set(entry) != {"card", "sentence", "review", "feature"} or not is_int(entry["sentence"]):
            raise ConvertError(f"{path}: overrides[{n}] needs exactly card, sentence (a number), review, feature")
        if path.parent.name == "overrides" and entry["card"] != path.stem:
            raise ConvertError(f"{path}: overrides[{n}] is for card {entry['card']}, the file for {path.stem}")
        by_card.setdefault(entry["card"], []).append(entry)


def read_overrides(path):
    """The reviewed overrides: catalog/tools/overrides/<card id>.json, one file a card (so several
    people can encode cards side by side), or one file given with --overrides. By card id, in file
    order within a card (sorted by sentence)."""
    by_card = {}
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    for file in files:
        read_override_file(file, by_card)
    for entries in by_card.values():
        entries.sort(key=lambda e: e["sentence"])
    return by_card


def convert(records, sentences, overrides=None):
    if not isinstance(records, list):
        raise ConvertError("input is not a JSON array")
    relaunch_by_name = {}
    for rec in records:
        if rec.get("set_id") is not None:
            relaunch_by_name.setdefault(name_key(rec["name"]), []).append(rec)
    for recs in relaunch_by_name.values():
        recs.sort(key=printing_rank)

    by_set = {sid: [] for _, sid, _, _ in SETS}
    seen_ids = set()
    overrides = overrides or {}
    for rec in records:
        card = convert_card(rec, relaunch_by_name, sentences, overrides)
        if card["id"] in seen_ids:
            fail(rec, f"duplicate card id {card['id']!r}")
        seen_ids.add(card["id"])
        by_set[card["set"]].append(card)
    stray = sorted(set(overrides) - seen_ids)
    if stray:
        raise ConvertError(f"overrides name card {stray[0]!r}, which the reference data lacks")

    files = {}
    index_sets = []
    for _, sid, name, release in SETS:
        cards = sorted(by_set[sid], key=lambda c: c["id"])
        data = canonical({
            "schema": SCHEMA,
            "set": {"id": sid, "name": name, "release": release},
            "cards": cards,
        })
        files[f"sets/{sid}.json"] = data
        index_sets.append({
            "id": sid,
            "name": name,
            "release": release,
            "revision": SET_REVISION,
            "cards": len(cards),
            "sha256": hashlib.sha256(data).hexdigest(),
            "url": f"sets/{sid}.json",
        })
    files["index.json"] = canonical(
        {"schema": SCHEMA, "revision": CATALOGUE_REVISION, "sets": index_sets})
    return files, by_set


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", type=Path, default=DEFAULT_INPUT,
                    help=f"reference card data (default: {DEFAULT_INPUT})")
    ap.add_argument("--overrides", type=Path, default=DEFAULT_OVERRIDES,
                    help=f"reviewed card features (default: {DEFAULT_OVERRIDES})")
    ap.add_argument("--output", type=Path, default=DEFAULT_OUTPUT,
                    help=f"catalogue directory to write (default: {DEFAULT_OUTPUT})")
    args = ap.parse_args(argv)

    try:
        with open(args.input, encoding="utf-8") as f:
            records = json.load(f)
        with open(args.input.parent / SENTENCES_NAME, encoding="utf-8") as f:
            sentences = {c["id"]: c["sentences"] for c in json.load(f)["cards"]}
        overrides = read_overrides(args.overrides)
        files, by_set = convert(records, sentences, overrides)
    except (OSError, ValueError, ConvertError) as e:
        print(f"convert_reference: {e}", file=sys.stderr)
        return 1

    out = args.output
    sets_dir = out / "sets"
    sets_dir.mkdir(parents=True, exist_ok=True)
    for stale in sorted(sets_dir.glob("*.json")):
        stale.unlink()
    for rel, data in files.items():
        (out / rel).write_bytes(data)

    total = 0
    n_unknown = n_inferred = 0
    for _, sid, _, _ in SETS:
        cards = by_set[sid]
        total += len(cards)
        n_unknown += sum(1 for c in cards if c["unknown"])
        n_inferred += sum(1 for c in cards if c["inferred"])
        print(f"set {sid:>7}: {len(cards)} cards", file=sys.stderr)
    print(f"total: {total} cards in {len(SETS)} sets; "
          f"{n_unknown} with unknown fields, {n_inferred} with inferred fields; "
          f"written to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
