"""The Alicja command language, in Polish and English.

While the conversation goes on, a line is what the player says (``klaun``, ``treser lwów``);
``powiedz X`` / ``say X`` says X even when it sounds like a command. ``temat 1`` / ``theme 1``
(or just ``1``) is the Queen's choice of theme; ``wyzwanie`` / ``challenge`` puts the last
word to the table's vote; during a vote ``tak`` / ``nie`` (``yes`` / ``no``); ``koniec czasu`` /
``time up`` when the teapot has run out (the table usually sends it).
"""

from __future__ import annotations

from typing import Any

import braille_words.present.messages  # noqa: F401  (the catalogues say the errors below)
from braille_words.errors import InputError
from braille_words.games.alicja.rules import (
    Challenge,
    ChooseTheme,
    Move,
    Ruling,
    Say,
    TimeUp,
    Vote,
)
from braille_words.games.kit import CommandLanguage
from braille_words.games.votes import parse_ballot
from braille_words.tiles import normalize

GAME = "alicja"

HELP: dict[str, list[tuple[str, str]]] = {
    "pl": [
        ("klaun", "w swojej kolejce powiedz słowo na temat (albo kilka: treser lwów)"),
        ("powiedz temat", "powiedz słowo, które brzmi jak polecenie"),
        ("temat 1", "Królowa Kier wybiera temat 1 albo 2"),
        ("wyzwanie", "poddaj ostatnie słowo pod głosowanie (czy pasuje do tematu)"),
        ("tak", "w głosowaniu: słowo zostaje; „nie”: słowo odpada"),
        ("temat, litery, słowa, wyniki", "przeczytaj temat, zakazane litery, powiedziane "
         "słowa, wyniki"),
    ],
    "en": [
        ("clown", "on your turn say a word on the theme (or several)"),
        ("say theme", "say a word that sounds like a command"),
        ("theme 1", "the Queen of Hearts chooses theme 1 or 2"),
        ("challenge", "put the last word to the table's vote (does it fit the theme?)"),
        ("yes", "in a vote: the word stands; \"no\": it goes"),
        ("theme, letters, words, scores", "read the theme, the forbidden letters, the words "
         "said, the scores"),
    ],
}

_SAY = {"powiedz": "pl", "say": "en"}
_THEME = {"temat": "pl", "theme": "en"}
_CHALLENGE = {"wyzwanie", "challenge", "głosowanie", "vote"}
_TIME = {"koniec czasu", "czas", "time up", "time"}


def _error(code: str, /, **params: Any) -> InputError:
    return InputError.coded(code, GAME, **params)


def parse(line: str, view: Any) -> Move:
    text = " ".join(normalize(line).split())
    if not text:
        raise _error("empty_line")
    phase = view.get("phase")
    verb, _, rest = text.partition(" ")
    if verb in _SAY:
        if not rest:
            raise _error("say_what")
        return Say(rest)
    if text in _TIME:
        return TimeUp()
    if text in _CHALLENGE:
        return Challenge()
    if verb in ("orzeczenie", "ruling") and parse_ballot(rest) is not None:
        return Ruling(bool(parse_ballot(rest)))
    if phase == "vote":
        ballot = parse_ballot(text)
        if ballot is None:
            raise _error("vote_yes_no")
        return Vote(ballot)
    if phase == "theme":
        number = rest if verb in _THEME else text
        if number in ("1", "2"):
            return ChooseTheme(int(number) - 1)
        raise _error("theme_number")
    return Say(text)


def to_command(move: Move, view: Any, lang: str = "en") -> str:
    pl = lang == "pl"
    if isinstance(move, ChooseTheme):
        return f"{'temat' if pl else 'theme'} {move.index + 1}"
    if isinstance(move, Say):
        return f"{'powiedz' if pl else 'say'} {move.text}"
    if isinstance(move, Challenge):
        return "wyzwanie" if pl else "challenge"
    if isinstance(move, Vote):
        return ("tak" if move.stands else "nie") if pl else ("yes" if move.stands else "no")
    if isinstance(move, Ruling):
        return ("orzeczenie " if pl else "ruling ") + ("tak" if move.stands else "nie")
    return "koniec czasu" if pl else "time up"


class Commands(CommandLanguage[Move, Any]):
    def parse(self, line: str, view: Any) -> Move:
        return parse(line, view)

    def to_command(self, move: Move, view: Any, lang: str = "en") -> str:
        return to_command(move, view, lang)

    def help(self, lang: str) -> list[tuple[str, str]]:
        return HELP.get(lang, HELP["en"])
