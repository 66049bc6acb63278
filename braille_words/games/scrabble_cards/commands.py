"""The Scrabble karty command language, in Polish and English.

Coordinates as tournament players write them: the row first lays the word across (``8H
kotek``: row 8 from column H rightwards), the column first lays it down (``H8 kotek``: column
H from row 8 downwards). The word is the whole main word, letters already on the table
included; a blank is ``?`` before the letter it stands for (``8H ko?tek``: the T is a blank).
Numbers after the word are premium cards of the hand played with it (``8H kotek 6``).

- ``gotowe`` / ``done``: the cards laid on squares this turn (``połóż 3 H8`` or routing keys)
  are the move.
- ``połóż 3 H8`` / ``put 3 H8`` (a blank: ``połóż 7 H8 k``), ``zabierz H8`` / ``take H8``,
  ``od nowa`` / ``clear``, ``premia 6`` / ``bonus 6``.
- ``pas`` / ``pass``; ``wymień 1 3 5`` / ``exchange 1 3 5``.
- ``akceptuj`` / ``accept``, ``sprawdź`` / ``check``, ``przeciw 3`` / ``against 3``.
"""

from __future__ import annotations

from typing import Any

import braille_words.present.messages  # noqa: F401  (the catalogues say the errors below)
from braille_words.errors import InputError
from braille_words.games.kit import CommandLanguage
from braille_words.games.scrabble_cards.notation import (
    coord,
    is_place,
    parse_place,
    parse_square,
    parse_word,
    square_name,
)
from braille_words.games.scrabble_cards.rules import (
    Accept,
    Against,
    Check,
    Clear,
    ClockOut,
    Done,
    Exchange,
    Lay,
    Move,
    Pass,
    Premium,
    Put,
    TakeBack,
)
from braille_words.games.scrabble_cards.view import ScrabbleView
from braille_words.tiles import is_number, normalize

GAME = "scrabble_cards"

HELP: dict[str, list[tuple[str, str]]] = {
    # Short on purpose: "pomoc wszystko" reads them all, and 2 500 characters were minutes of
    # speech for a child (issue 33). How the game goes is told by "zasady", not here.
    "pl": [
        ("8H {word_lang:select:en=kitten|*=kotek}",
         "{word_lang:select:en=KITTEN|*=KOTEK} w poziomie: wiersz 8, od kolumny H w prawo"),
        ("H8 {word_lang:select:en=kitten|*=kotek}",
         "{word_lang:select:en=KITTEN|*=KOTEK} w pionie: kolumna H, od wiersza 8 w dół; całe "
         "słowo, z literami "
         "ze stołu"),
        ("8H {word_lang:select:en=kit?ten|*=ko?tek}", "znak zapytania przed T: T to dżoker"),
        ("8H {word_lang:select:en=kitten|*=kotek} 6", "z kartą premii 6 z ręki"),
        ("połóż 3 H8", "karta 3 na pole H8 (dżoker: połóż 7 H8 k); albo na monitorze "
         "brajlowskim klawisz routingu nad kartą, potem nad polem"),
        ("gotowe", "położone karty to ruch"),
        ("zabierz H8", "zabierz kartę z pola H8; od nowa: wszystkie"),
        ("premia 6", "dołącz albo odłącz kartę premii 6"),
        ("pas", "opuść ruch"),
        ("wymień 1 3 5", "wymień karty 1, 3 i 5"),
        ("akceptuj", "przyjmij ruch rywala"),
        ("sprawdź", "sprawdź ruch rywala w słowniku"),
        ("przeciw 3", "twoja karta warunkowa 3 przeciw ruchowi rywala"),
        ("zegar", "ile czasu ma każdy (gra z zegarem)"),
        ("wiersz 8, kolumna H, pole H8", "czytaj wiersz, kolumnę, pole"),
        ("słowa H8", "słowa przez pole H8"),
        ("pasuje H8", "litery, które pasują na H8"),
        ("zaczepienia", "pola, przy których dołożysz słowo"),
        ("następne słowo, następne zaczepienie", "kursor planszy dalej (na monitorze "
         "brajlowskim spacja z n albo z z)"),
        ("ruch", "ostatni ruch i jego punkty"),
        ("ręka", "twoje karty; karta 3: co robi karta 3"),
        ("worek, wymiany, wyniki, plansza", "worek, twoje wymiany, wyniki, cała plansza"),
        ("podpowiedź", "dobry ruch i jego punkty"),
        ("nasze wartości", "wartości, których regulamin nie podaje"),
    ],
    "en": [
        ("8H ⟦{word_lang:select:en=kitten|*=kotek}⟧",
         "⟦{word_lang:select:en=KITTEN|*=KOTEK}⟧ across: row 8, from column H rightwards"),
        ("H8 ⟦{word_lang:select:en=kitten|*=kotek}⟧",
         "⟦{word_lang:select:en=KITTEN|*=KOTEK}⟧ down: column H, from row 8 downwards; the whole "
         "word, table "
         "letters included"),
        ("8H ⟦{word_lang:select:en=kit?ten|*=ko?tek}⟧",
         "a question mark before ⟦T⟧: the ⟦T⟧ is a joker"),
        ("8H ⟦{word_lang:select:en=kitten|*=kotek}⟧ 6", "with premium card 6 of your hand"),
        ("put 3 H8", "card 3 on square H8 (a joker: put 7 H8 ⟦k⟧); or, on a Braille "
         "display, the routing key over the card, then the one over the square"),
        ("done", "the cards laid are the move"),
        ("take H8", "take back the card on H8; clear: all of them"),
        ("bonus 6", "play or stop playing premium card 6"),
        ("pass", "miss your turn"),
        ("exchange 1 3 5", "exchange cards 1, 3 and 5 (or: swap 1 3 5)"),
        ("accept", "accept a rival's move"),
        ("check", "check a rival's move in the lexicon (or: challenge)"),
        ("against 3", "your conditional card 3 against a rival's move"),
        ("clock", "each player's time left (a game with a clock)"),
        ("row 8, column H, square H8", "read a row, a column, a square"),
        ("words H8", "the words through H8"),
        ("fits H8", "the letters that fit on H8"),
        ("anchors", "squares where a word can join"),
        ("next word, next anchor", "the board's cursor onwards (on a Braille display space "
         "with n or with z)"),
        ("move", "the last move and its points"),
        ("hand", "your cards; card 3: what card 3 does"),
        ("bag, exchanges, scores, board", "the bag, your exchanges, the scores, the whole "
         "board"),
        ("hint", "a good move and its points"),
        ("our values", "the values the rulebook does not give"),
    ],
}

_DONE = ("gotowe", "gotowe.", "done", "koniec", "zatwierdź", "zatwierdz")
_CLEAR = ("od nowa", "clear", "wyczyść", "wyczysc")
_PASS = ("pas", "pass")
_ACCEPT = ("akceptuj", "accept", "ok", "dalej")
# "challenge" and "swap": what English Scrabble players call checking a word and exchanging.
_CHECK = ("sprawdź", "sprawdz", "check", "challenge")
_PUT = ("połóż", "poloz", "put")
_TAKE = ("zabierz", "take")
_PREMIUM = ("premia", "bonus")
_EXCHANGE = ("wymień", "wymien", "exchange", "swap")
_AGAINST = ("przeciw", "against")
_CLOCK = ("zegar", "clock")

def _error(code: str, /, **params: Any) -> InputError:
    return InputError.coded(code, GAME, **params)


def _numbers(args: list[str]) -> tuple[int, ...]:
    parts = [p for a in args for p in a.split(",") if p]
    if not parts or not all(is_number(p) and int(p) >= 1 for p in parts):
        raise _error("card_numbers")
    return tuple(int(p) - 1 for p in parts)


def parse(line: str, view: ScrabbleView) -> Move:
    """The move a typed line asks for, or ``InputError`` saying what to type instead."""
    text = normalize(line)
    words = text.split()
    if not words:
        raise _error("empty_line")
    verb, args = words[0], words[1:]
    if text in _DONE:
        return Done()
    if text in _CLEAR:
        return Clear()
    if text in _PASS:
        return Pass()
    if text in _ACCEPT:
        return Accept()
    if text in _CHECK:
        return Check()
    if verb in _EXCHANGE:
        return Exchange(_numbers(args))
    if verb in _AGAINST:
        numbers = _numbers(args)
        if len(numbers) != 1:
            raise _error("card_numbers")
        return Against(numbers[0])
    if verb in _PREMIUM:
        numbers = _numbers(args)
        if len(numbers) != 1:
            raise _error("card_numbers")
        return Premium(numbers[0])
    if verb in _TAKE and len(args) == 1:
        return TakeBack(*parse_square(args[0]))
    if verb in _CLOCK and len(args) == 1 and is_number(args[0]):
        return ClockOut(int(args[0]) - 1)
    if verb in _PUT and len(args) in (2, 3) and is_number(args[0]):
        row, col = parse_square(args[1])
        letter = args[2] if len(args) == 3 else ""
        return Put(int(args[0]) - 1, row, col, letter)
    if verb in _PUT:
        words, verb, args = args, (args[0] if args else ""), args[1:]
    if is_place(verb):
        if not args:
            raise _error("lay_word")
        row, col, across = parse_place(verb)
        parse_word(args[0])  # a sentence now, not when the rules read it
        extras = _numbers(args[1:]) if len(args) > 1 else ()
        return Lay(row, col, across, args[0], extras)
    raise _error("unknown_command", command=line.strip())


def to_command(move: Move, view: ScrabbleView | None = None, lang: str = "en") -> str:
    """A line that plays ``move`` (what a hint tells a player to type)."""
    pl = lang == "pl"
    if isinstance(move, Lay):
        extras = "".join(f" {k + 1}" for k in move.extras)
        return f"{coord(move.row, move.col, move.across)} {move.word}{extras}"
    if isinstance(move, Put):
        letter = f" {move.letter}" if move.letter else ""
        return f"{'połóż' if pl else 'put'} {move.card + 1} {square_name(move.row, move.col)}" \
            f"{letter}"
    if isinstance(move, TakeBack):
        return f"{'zabierz' if pl else 'take'} {square_name(move.row, move.col)}"
    if isinstance(move, Premium):
        return f"{'premia' if pl else 'bonus'} {move.card + 1}"
    if isinstance(move, Exchange):
        return f"{'wymień' if pl else 'exchange'} " + " ".join(str(k + 1) for k in move.cards)
    if isinstance(move, Against):
        return f"{'przeciw' if pl else 'against'} {move.card + 1}"
    if isinstance(move, ClockOut):
        return f"{'zegar' if pl else 'clock'} {move.seat + 1}"
    simple = {Done: ("gotowe", "done"), Clear: ("od nowa", "clear"), Pass: ("pas", "pass"),
              Accept: ("akceptuj", "accept"), Check: ("sprawdź", "check")}
    pl_word, en_word = simple[type(move)]
    return pl_word if pl else en_word


class Commands(CommandLanguage[Move, ScrabbleView]):
    """Scrabble karty's commands as the table calls them."""

    def parse(self, line: str, view: ScrabbleView) -> Move:
        return parse(line, view)

    def to_command(self, move: Move, view: ScrabbleView, lang: str = "en") -> str:
        return to_command(move, view, lang)

    def help(self, lang: str) -> list[tuple[str, str]]:
        return HELP.get(lang, HELP["en"])

    def words_of(self, move: Move) -> list[str]:
        if isinstance(move, Lay) and "?" not in move.word:
            return [move.word]
        return []
