"""The British–American pairs are one word in two spellings (issue 38's follow-up): a pair
counts GREY after GRAY as the same word in Alice and Wordsy, so a wrong pair rules a new
word a repeat. Read by rule, the generated list (3 239 pairs) held rewrites that fell on
another word: SHOER (SHOE+R) as a British SHER, VETOER as VETER, AEROSE (brassy) as EROSE
(notched), HAEM (the American HEME) as HEM, POURER as PORER. And common pairs were missing:
MOULD, PLOUGH, COSY, PYJAMAS, JUDGEMENT, NEIGHBOURHOOD, CENTRED.

The generator runs on Debian's SCOWL lists; the committed list is what it writes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from braille_words.lexicon.english_forms import spelling_variants

ROOT = Path(__file__).resolve().parents[2]
LIST = ROOT / "braille_words" / "lexicon" / "en-spelling-variants.txt"

GOOD = [
    ("colour", "color"), ("grey", "gray"), ("centre", "center"), ("organise", "organize"),
    ("travelled", "traveled"), ("axe", "ax"), ("programme", "program"), ("defence", "defense"),
    ("catalogue", "catalog"), ("anaemia", "anemia"), ("oestrogen", "estrogen"),
    ("manoeuvre", "maneuver"), ("analyse", "analyze"), ("licence", "license"),
    ("emphasised", "emphasized"), ("synthesising", "synthesizing"), ("decalitres", "decaliters"),
    # common pairs the first rules missed
    ("mould", "mold"), ("plough", "plow"), ("cosy", "cozy"), ("pyjamas", "pajamas"),
    ("judgement", "judgment"), ("neighbourhood", "neighborhood"), ("centred", "centered"),
    ("catalogued", "cataloged"), ("marvellous", "marvelous"), ("skilful", "skillful"),
    ("fulfil", "fulfill"), ("sceptical", "skeptical"), ("sulphur", "sulfur"),
    ("moustache", "mustache"), ("ageing", "aging"), ("woollen", "woolen"),
    ("councillor", "councilor"), ("behavioural", "behavioral"), ("omelette", "omelet"),
]
BAD = [
    ("shoer", "sher"), ("vetoer", "veter"), ("snowshoed", "snowshed"), ("goey", "gey"),
    ("bastinadoed", "bastinaded"), ("loesses", "lesses"), ("adonises", "adonizes"),
    ("pourer", "porer"), ("proemial", "premial"), ("loury", "lory"), ("taels", "tels"),
    ("kaed", "ked"), ("aerogenic", "erogenic"), ("aerose", "erose"), ("haem", "hem"),
    # words every spelling has are never linked
    ("four", "for"), ("tour", "tor"),
]


def _pairs(lines: list[str]) -> set[tuple[str, str]]:
    return {(words[0], other) for line in lines if not line.startswith("#")
            for words in [line.split()] for other in words[1:]}


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    path = ROOT / "tools" / "en_spelling_variants.py"
    spec = importlib.util.spec_from_file_location("en_spelling_variants", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(tool: ModuleType) -> set[tuple[str, str]]:
    if not (tool.SCOWL / "british-words.10").is_file():
        pytest.skip("the Debian scowl package is not installed")
    lists = (tool.read(k) for k in ("american", "british", "british_z", "english"))
    pairs = tool.pairs_of(*lists)
    return {(word, other) for word, others in pairs.items() for other in others}


@pytest.mark.parametrize(("word", "other"), GOOD)
def test_one_word_in_two_spellings_is_a_pair(word: str, other: str) -> None:
    assert other in spelling_variants().get(word, ()), (word, other)


@pytest.mark.parametrize(("word", "other"), BAD)
def test_two_words_a_rewrite_happens_to_join_are_no_pair(word: str, other: str) -> None:
    assert other not in spelling_variants().get(word, ()), (word, other)


def test_the_committed_list_is_what_the_generator_writes(
    generated: set[tuple[str, str]],
) -> None:
    committed = _pairs(LIST.read_text(encoding="utf-8").splitlines())
    assert committed == generated


def test_a_form_is_no_other_spelling_where_its_stem_has_one_spelling(tool: ModuleType) -> None:
    """SHOE+R: the stem is every spelling's word, and SHER changes it; EMPHASISE+D: the stem
    is a British spelling, and its forms follow it; AGE+ING drops the stem's e at the join."""
    british, every = {"emphasise"}, {"shoe", "age", "emphasis"}
    assert not tool.stem_kept("shoer", "sher", british, every)
    assert tool.stem_kept("emphasised", "emphasized", british, every)
    assert tool.stem_kept("emphasising", "emphasizing", british, every)
    assert tool.stem_kept("ageing", "aging", british, every)
