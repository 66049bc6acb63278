"""A game's rules told by the game itself: ``zasady`` / ``rules``, a part at a time.

A blind child cannot glance at a rulebook, and ``pomoc`` lists commands, not how a game is
scored or won. Each game's catalogue holds its rules in a child's words as parts ``rules_1``,
``rules_2``… (each under a minute of speech), filled with the values of the game's own
``data.toml``, so a teacher's edit of a value is what the game says too. ``zasady`` reads the
first part, ``zasady 2`` the second; each part ends by naming the next. ``wartości`` /
``values`` (7 słów: ``o talii``) reads the part that says which values are ours.

A game played in other words than its own (issue 38: ``--words en``) tells the values of that
language's data file (``data.en.toml``: its tiles, deck, card values) and names that file
(``{data_file}``); ``{words}`` is the word language, so a part can say which words are laid
(``{words:select:en=English|*=Polish}``) and still read the same in a Polish game.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from braille_words.present.messages import lookup, render, text
from braille_words.tiles import is_number

RULES_WORDS = frozenset({"zasady", "zasada", "reguły", "reguly", "rules", "how to play"})
VALUES_WORDS = frozenset({"wartości", "wartosci", "nasze wartości", "nasze wartosci", "values",
                          "our values", "o talii", "about the deck"})
"""The part on our values (the ones the rulebook leaves out), by any of its names in help."""
_GAMES = Path(__file__).resolve().parent.parent / "games"


def data_path(section: str, words: str) -> Path:
    """The game's data file for the ``words`` language: ``data.en.toml`` beside its own
    ``data.toml`` when the game has one for that language, else ``data.toml``."""
    other = _GAMES / section / f"data.{words}.toml"
    return other if other.is_file() else _GAMES / section / "data.toml"


@cache
def values(section: str, words: str = "pl") -> dict[str, Any]:
    """The game's data file for the ``words`` language as template parameters: ``[play]
    rounds = 7`` is ``{play_rounds}``, a top-level ``hand_size = 7`` is ``{hand_size}``, a
    table's number of entries is ``{conditional_count}``; lists of plain values are read as
    "5, 4, 3, 2"; ``{data_file}`` is the file's name, which a teacher would edit."""
    path = data_path(section, words)
    if not path.is_file():
        return {}
    import tomllib  # here: a game that reads no TOML (its catalogues kept parsed) never imports it

    with path.open("rb") as fh:
        data = tomllib.load(fh)
    flat: dict[str, Any] = {}

    def walk(prefix: str, table: Mapping[str, Any]) -> None:
        for key, value in table.items():
            name = f"{prefix}_{key}" if prefix else str(key)
            if isinstance(value, Mapping):
                flat[f"{name}_count"] = len(value)  # "13 kart warunkowych"
                walk(name, value)
            elif not isinstance(value, list) or all(not isinstance(v, Mapping | list)
                                                     for v in value):
                flat[name] = value
                if isinstance(value, list):  # "ź" = [1, 9]: {letters_ź_1} is its value
                    flat.update((f"{name}_{i}", item) for i, item in enumerate(value))

    walk("", data)
    flat["data_file"] = path.name
    return flat


def parts(section: str, lang: str) -> int:
    """How many parts the game's rules have in ``lang`` (English when it has none)."""
    count = 0
    while lookup(lang, section, f"rules_{count + 1}") or lookup("en", section,
                                                                  f"rules_{count + 1}"):
        count += 1
    return count


def rules_told(section: str, low: str, lang: str,
               extra: Mapping[str, Any] | None = None, words: str = "pl") -> str | None:
    """The answer to ``zasady``, ``zasady N`` or ``wartości`` for the game whose catalogue is
    ``section``, played in ``words`` (its values from that language's data file, ``{words}``
    names the language); None when ``low`` asks for none of them (or the game has no rules
    text)."""
    low = " ".join(low.lower().split())
    # The table asks this of every line a player types (a move too): the values are gathered
    # only for a line that asks for the rules.
    if low in VALUES_WORDS:
        if lookup(lang, section, "rules_values") is None and lookup(
                "en", section, "rules_values") is None:
            return None
        return render(lang, section, "rules_values", _params(section, words, extra))
    first, _, rest = low.rpartition(" ") if low.rsplit(" ", 1)[-1].isdigit() else (low, "", "")
    if first not in RULES_WORDS:
        return None
    params = _params(section, words, extra)
    total = parts(section, lang)
    if not total:
        return None
    number = int(rest) if rest and is_number(rest) else 1
    if not 1 <= number <= total:
        return text(lang, "rules_no_part", part=number, parts=total)
    said = render(lang, section, f"rules_{number}", params)
    head = text(lang, "rules_part", part=number, parts=total)
    tail = (text(lang, "rules_next", next=number + 1) if number < total
            else text(lang, "rules_last"))
    return f"{head} {said} {tail}"


def _params(section: str, words: str, extra: Mapping[str, Any] | None) -> dict[str, Any]:
    """What fills the rules' templates: the data file's values, the word language, ``extra``."""
    return {**values(section, words), "words": words, "word_lang": words, **(extra or {})}
