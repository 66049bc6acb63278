"""Sentences for events, in the player's language and verbosity.

Catalogues are TOML files, so a teacher or translator edits text without touching code: the
table's own sentences (``common``) beside this module (``catalogues/pl.toml``, ``en.toml``) and
each game's in its folder (``games/<game>/catalogue.pl.toml``), read as the table named after the
folder. A game brings its sentences with it, as it brings its rules.
A key holds either one sentence or ``{ full = "…", terse = "…" }``: beginners hear the full
sentence with its hint, experts the terse one (and so do the cells of a short display). An
empty terse form (``terse = ""``) is silence for them: news a reader need not read (another
player's cards drawn) was brailled in full on 14 cells because "" fell back to the full one.
When a catalogue lacks a key the game's own English template is used, so a new event is
never silent.

Where a number meets a noun the noun agrees with it by the language's CLDR plural rule:
``{count} {count:plural:płytka|płytki|płytek}`` (Polish one|few|many: 1 płytka, 2 płytki,
5 płytek, 22 płytki, 12 płytek), ``{count:plural:tile|tiles}`` (English one|other). A ``#`` in
a form stands for the number (``{count:plural:# płytka|# płytki|# płytek}``); a list (or a list
written out as text, "A, B") counts its items:
``{letters:plural:Zostaje litera|Zostają litery|Zostaje liter} {letters}``.

A word chosen by a code an event carries (a reason, a verdict, a field) is chosen in the
catalogue, not in code: ``{why:select:wrong_challenge=niesłuszne wyzwanie|*=#}`` says the text
after ``=`` for the code before it; ``*`` matches any other code and ``#`` stands for the code
itself; with no match at all the code is said as it is.

Errors a player meets carry a code (``InputError.coded``): ``error_text`` says them in the
seat's language from the same catalogues.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError, in_language, register_renderer
from braille_words.speech.speaker import upper_marked

_DIR = Path(__file__).resolve().parent / "catalogues"
_GAMES = Path(__file__).resolve().parent.parent / "games"


@cache
def catalogue(lang: str) -> dict[str, dict[str, Any]]:
    """The table's catalogue of ``lang`` with each game's as its table. Parsed TOML is kept
    between runs (``parsed_cache``, keyed by the files' sizes and times): parsing them all
    took a tenth of a second before a player's first prompt."""
    path = _DIR / f"{lang}.toml"
    if not path.is_file():
        return {}
    from braille_words.parsed_cache import cached, source_key

    games = sorted(_GAMES.glob(f"*/catalogue.{lang}.toml"))
    try:
        key = source_key([path, *games])
    except OSError:  # a file removed between the listing and its stat: parse what is there
        return _parse_catalogue(path, games)
    return cached(f"catalogue-{lang}", key, lambda: _parse_catalogue(path, games),
                  lambda value: isinstance(value, dict))


def _parse_catalogue(path: Path, games: list[Path]) -> dict[str, dict[str, Any]]:
    import tomllib  # here: a game that reads no TOML (its catalogues kept parsed) never imports it

    with path.open("rb") as f:
        tables: dict[str, dict[str, Any]] = tomllib.load(f)
    for game in games:
        with game.open("rb") as f:
            tables[game.parent.name] = tomllib.load(f)
    return tables


def plural_category(n: int, lang: str) -> str:
    """The CLDR plural category of the integer ``n``: Polish one/few/many, else one/other."""
    n = abs(n)
    if lang == "pl":
        if n == 1:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


_CATEGORIES = {"pl": ("one", "few", "many"), "en": ("one", "other")}


def plural(n: int, forms: str | Sequence[str], lang: str) -> str:
    """The form of ``forms`` ("płytka|płytki|płytek") that agrees with ``n`` in ``lang``."""
    listed = forms.split("|") if isinstance(forms, str) else list(forms)
    # Without a known language, three forms are read by the Polish rule, two by the English.
    rule = lang if lang in _CATEGORIES else ("pl" if len(listed) == 3 else "en")
    order = _CATEGORIES[rule]
    index = order.index(plural_category(n, rule))
    chosen = listed[min(index, len(listed) - 1)]
    return chosen.replace("#", str(n))


def _count(value: Any) -> int:
    """The number a noun agrees with: a number, the items of a list, or of a list already
    written out as text ("A, B" is two letters)."""
    if isinstance(value, list | tuple | set | frozenset | dict):
        return len(value)
    try:
        return int(value)
    except (TypeError, ValueError):
        pass
    if isinstance(value, str):
        return len([item for item in value.split(",") if item.strip()])
    return 0


class _Formatter(string.Formatter):
    """Lists read as "a, b, c"; letters and words in capitals, as on the tiles; nouns agree
    with numbers (``{n:plural:…}``) by the rule of the language being filled."""

    def __init__(self, lang: str = "") -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("plural:"):
            return plural(_count(value), format_spec[len("plural:"):], self.lang)
        if format_spec.startswith("select:"):
            return select(value, format_spec[len("select:"):])
        if format_spec == "up":
            return upper_marked(_join(value))
        if format_spec == "spaced":
            return " ".join(_join(value).upper())
        return str(
            super().format_field(
                _join(value) if isinstance(value, list | tuple) else value, format_spec
            )
        )

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs:
            return "?"
        return super().get_value(key, args, kwargs)


def select(value: Any, cases: str) -> str:
    """The case of ``cases`` ("code=text|…|*=text") for ``value``'s code."""
    code = _join(value)
    chosen: str | None = None
    for case in cases.split("|"):
        key, sep, said = case.partition("=")
        if not sep:
            continue
        if key.strip() == code:
            chosen = said
            break
        if key.strip() == "*" and chosen is None:
            chosen = said
    return code if chosen is None else chosen.replace("#", code)


def _join(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_join(v) for v in value)
    return "" if value is None else str(value)


@cache
def _formatter(lang: str) -> _Formatter:
    return _Formatter(lang)


Plan = tuple[tuple[str, str | None, str], ...]
"""A template split once into its pieces: (the text before a field, the field's name or None
after the last field, the field's format)."""

_PLANS: dict[str, Plan | None] = {}
MOST_PLANS = 4096
"""Templates kept split at once (every catalogue of every game holds fewer)."""


def _plan(template: str) -> Plan | None:
    """``template`` split into its pieces, or None when a field is more than a name (a
    number, an attribute, an index, a conversion, a field inside its format): the general
    ``string.Formatter`` fills those."""
    pieces: list[tuple[str, str | None, str]] = []
    try:
        parsed = list(_formatter("").parse(template))
    except ValueError:
        return None
    for literal, name, spec, conversion in parsed:
        if name is not None and (not name.isidentifier() or conversion is not None
                                 or "{" in (spec or "")):
            return None
        pieces.append((literal, name, spec or ""))
    return tuple(pieces)


def fill(template: str, params: Mapping[str, Any], lang: str = "") -> str:
    """Fill a template; a missing parameter reads as "?" rather than failing mid-game.
    ``lang`` chooses the plural rule (without it, three forms are read the Polish way).
    A template is split into its fields once (``_plan``), not at every sentence: a school's
    host words every table's news for the teacher at every move."""
    formatter = _formatter(lang)
    plan = _PLANS.get(template, ())
    if plan == ():
        plan = _plan(template)
        if len(_PLANS) >= MOST_PLANS:
            _PLANS.clear()
        _PLANS[template] = plan
    try:
        if plan is None:
            return formatter.vformat(template, (), params)
        return "".join([
            literal if name is None
            else literal + formatter.format_field(formatter.get_value(name, (), params), spec)
            for literal, name, spec in plan
        ])
    except (ValueError, IndexError, AttributeError):
        return template


def lookup(lang: str, section: str, key: str, verbosity: str = "beginner") -> str | None:
    """The template for ``key`` in ``section`` (a game id or "common"), or None."""
    entry = catalogue(lang).get(section, {}).get(key)
    if entry is None:
        return None
    if isinstance(entry, dict):
        terse = verbosity == "expert" and "terse" in entry
        chosen = entry.get("terse") if terse else entry.get("full")
        return chosen if isinstance(chosen, str) else None
    return entry if isinstance(entry, str) else None


def render(
    lang: str,
    section: str,
    key: str,
    params: Mapping[str, Any],
    *,
    verbosity: str = "beginner",
    fallback: str | None = None,
) -> str:
    """The sentence for ``key``: the seat's language, else English, else ``fallback``."""
    # An empty sentence in a catalogue is a choice (say nothing), not a gap to fill.
    for template, used in (
        (lookup(lang, section, key, verbosity), lang),
        (lookup(lang, "common", key, verbosity), lang),
        (lookup("en", section, key, verbosity), "en"),
        (lookup("en", "common", key, verbosity), "en"),
        (fallback, "en"),
    ):
        if template is not None:
            return fill(template, params, used)
    return fill(key.replace("_", " ") + ".", params, "en")


def text(lang: str, key: str, verbosity: str = "beginner", **params: Any) -> str:
    """A common (not game-specific) sentence: prompts, help headings, errors."""
    return render(lang, "common", key, params, verbosity=verbosity)


def error_text(exc: BaseException, lang: str, verbosity: str = "beginner") -> str:
    """What a seat hears for ``exc``: a coded error's sentence from the catalogue (its
    ``example`` after it), or an old "Polish / English" message's half in ``lang``."""
    if isinstance(exc, BrailleWordsError) and exc.code is not None:
        # An error inside another (what broke a saved game's replay) is said in ``lang`` too.
        params = {k: error_text(v, lang, verbosity) if isinstance(v, BaseException) else v
                  for k, v in exc.params.items()}
        said = render(lang, exc.section, exc.code, params, verbosity=verbosity)
        example = params.get("example")
        if example:
            said += " " + text(lang, "for_example", verbosity, example=example)
        return said
    return in_language(str(exc), lang)


def _render_error(exc: BrailleWordsError, lang: str, verbosity: str) -> str:
    return error_text(exc, lang, verbosity)


register_renderer(_render_error)
