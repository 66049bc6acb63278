"""The 7 słów command language, in Polish and English.

Writing a word is the whole game, so while words are being written a line that is just a word
is that word: ``konstantynopolitańczykowianeczka``. A word that is also a command name
(``gotowe``, ``wyzwanie``…) is written as ``słowo gotowe`` / ``word gotowe``. Players are
numbered from 1, as a player counts, or named.

- ``słowo X`` / ``word X``: write X as this round's word.
- ``wyzwanie Ola`` / ``challenge 2``: challenge the word of Ola (or of player 2).
- ``gotowe`` / ``done``: no (more) challenges this round.
- ``zostaw l s w n`` / ``keep l s w n``: a veteran names the (up to four) letters that keep
  their value.
- ``popraw X`` / ``correct X``: on a lenient table, the proper form of a challenged word;
  ``wycofaj`` / ``withdraw`` gives it up. While a correction is asked for, a bare word is it.
- ``ta sama rodzina`` / ``same family`` and ``inna rodzina`` / ``different family`` (or
  ``tak``/``yes`` and ``nie``/``no`` while a ruling is awaited): the table's decision on a
  family challenge.
- ``koniec czasu`` / ``time up``: the hourglass has run out (the table usually sends this).

While words are being written, a bare command name (``czas``, ``gotowe``, ``tak``…) is
refused with the advice to type ``słowo czas``: a written word cannot be taken back, so a
command typed a phase too early must not become one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# The catalogues say the errors below; importing them lets str(error) be English for logs.
import braille_words.present.messages  # noqa: F401
from braille_words.errors import InputError
from braille_words.games.kit import CommandLanguage
from braille_words.games.seat_names import find_seat
from braille_words.games.seven_words.rules import (
    Challenge,
    Correct,
    Done,
    Keep,
    Move,
    Ruling,
    Submit,
    TimeUp,
)
from braille_words.games.seven_words.view import SevenWordsView
from braille_words.tiles import normalize

HELP: dict[str, list[tuple[str, str]]] = {
    "pl": [
        ("{word_lang:select:en=cat|*=kot}",
         "w trakcie rundy samo słowo to twoje słowo na tę rundę (nie można go zmienić)"),
        ("słowo {word_lang:select:en=done|*=gotowe}",
         "zapisz słowo, które brzmi jak polecenie (tu: {word_lang:select:en=DONE|*=GOTOWE})"),
        ("wyzwanie Ola", "rzuć wyzwanie słowu gracza o tym imieniu (albo numerze; niesłuszne "
         "wyzwanie: -2 pkt na koniec)"),
        ("gotowe", "nie masz (więcej) wyzwań w tej rundzie"),
        ("zostaw l s w n", "weteran: te litery (najwyżej 4) punktują normalnie, inne po 1 pkt"),
        ("popraw {word_lang:select:en=cat|*=kot}",
         "łagodny stół: popraw zakwestionowane słowo na właściwą formę"),
        ("wycofaj", "łagodny stół: zrezygnuj z zakwestionowanego słowa (0 pkt)"),
        (
            "ta sama rodzina",
            "rozstrzygnięcie stołu: słowo jest z tej samej rodziny (nie liczy "
            "się); przeciwnie: inna rodzina",
        ),
        ("koniec czasu", "klepsydra się przesypała (zwykle robi to stół)"),
        (
            "o talii",
            "talia nie jest podana w instrukcji: ile jest popularnych i rzadkich spółgłosek "
            "i ile dają premie, czyta to polecenie (te liczby są nasze, z pliku danych gry; "
            "nauczyciel może je zmienić)",
        ),
    ],
    "en": [
        ("⟦{word_lang:select:en=cat|*=kot}⟧",
         "during a round a bare word is your word for the round (it cannot be changed)"),
        ("word ⟦{word_lang:select:en=done|*=gotowe}⟧",
         "write a word that looks like a command (here: ⟦{word_lang:select:en=DONE|*=GOTOWE}⟧)"),
        ("challenge Ola", "challenge the word of the player you name (or number; a wrong "
         "challenge costs 2 points at the end)"),
        ("done", "you have no (more) challenges this round"),
        ("keep ⟦l s w n⟧", "veteran: these letters (at most 4) score normally, others 1 point"),
        ("correct ⟦{word_lang:select:en=cat|*=kot}⟧",
         "lenient table: correct a challenged word to its proper form"),
        ("withdraw", "lenient table: give up a challenged word (it scores 0)"),
        (
            "same family",
            "the table's ruling: the word is of the same family (it does not "
            "count); otherwise: different family",
        ),
        ("time up", "the hourglass has run out (the table usually does this)"),
        (
            "about the deck",
            "the deck is not in the rulebook: this reads how many common and rare "
            "consonants it holds and what the bonuses are (our numbers, from the game's "
            "data file; a teacher may change them)",
        ),
    ],
}

_WORD = {"słowo": "pl", "slowo": "pl", "wyraz": "pl", "word": "en", "write": "en"}
_CHALLENGE = {"wyzwanie": "pl", "wyzwij": "pl", "sprawdź": "pl", "sprawdz": "pl", "challenge": "en"}
_DONE = {
    "gotowe": "pl",
    "gotów": "pl",
    "gotowy": "pl",
    "dalej": "pl",
    "pas": "pl",
    "done": "en",
    "pass": "en",
    "ok": "en",
    "next": "en",
}
_KEEP = {"zostaw": "pl", "zachowaj": "pl", "keep": "en"}
_CORRECT = {"popraw": "pl", "poprawka": "pl", "correct": "en", "fix": "en"}
_WITHDRAW = {"wycofaj": "pl", "withdraw": "en", "drop": "en"}
_TIME = {"czas": "pl", "time": "en", "timeup": "en"}
_PHRASES: dict[str, tuple[str, str]] = {
    "ta sama rodzina": ("same", "pl"),
    "same family": ("same", "en"),
    "inna rodzina": ("different", "pl"),
    "different family": ("different", "en"),
    "bez wyzwań": ("done", "pl"),
    "bez wyzwan": ("done", "pl"),
    "no challenge": ("done", "en"),
    "no challenges": ("done", "en"),
    "koniec czasu": ("time", "pl"),
    "time up": ("time", "en"),
    "time is up": ("time", "en"),
}
_YES = {"tak": "pl", "yes": "en", "y": "en", "t": "pl"}
_NO = {"nie": "pl", "no": "en", "n": "en"}


_COMMAND_NAMES = frozenset(
    {*_CHALLENGE, *_DONE, *_KEEP, *_CORRECT, *_WITHDRAW, *_TIME, *_YES, *_NO}
)


GAME = "seven_words"
"""The catalogue section of this game's sentences, command errors included."""


def _error(code: str, /, **params: Any) -> InputError:
    """An error said from the game's catalogue in the seat's language (``present.messages``)."""
    return InputError.coded(code, GAME, **params)


def _player(arg: str, view: SevenWordsView) -> int:
    """A player by number (from 1) or by name, as the 0-based seat."""
    seats: Sequence[str] = view.get("seats", [])
    seat = find_seat(arg, seats)
    if seat is None:
        raise _error("no_player", player=arg, n=len(seats))
    return seat


def parse(line: str, view: SevenWordsView) -> Move:
    """The move a typed line asks for, or ``InputError`` saying what to type instead."""
    text = normalize(line)
    phase = view.get("phase")
    if not text:
        raise _error("empty_line")
    phrase = " ".join(text.split())
    if phrase in _PHRASES:
        what, _lang = _PHRASES[phrase]
        if what == "same":
            return Ruling(True)
        if what == "different":
            return Ruling(False)
        if what == "done":
            return Done()
        return TimeUp()
    verb, _, rest = phrase.partition(" ")
    args = rest.split()
    if phase == "writing" and not args and verb in _COMMAND_NAMES:
        # A written word cannot be changed, so a bare command name is not taken as one.
        raise _error("command_as_word", word=verb)
    if verb in _WORD:
        if not rest:
            raise _error("word_after_word")
        return Submit(rest)
    if verb in _CHALLENGE:
        if not args:
            raise _error("one_player")
        return Challenge(_player(rest, view))
    if verb in _DONE and not args:
        return Done()
    if verb in _KEEP:
        letters = [c for a in args for c in a if not c.isspace() and c != ","]
        if not letters:
            raise _error("keep_letters")
        return Keep(tuple(letters))
    if verb in _CORRECT:
        if not rest:
            raise _error("correct_word")
        return Correct(rest)
    if verb in _WITHDRAW and not args:
        return Correct(None)
    if verb in _TIME and not args:
        return TimeUp()
    if phase == "ruling" and not args:
        if verb in _YES:
            return Ruling(True)
        if verb in _NO:
            return Ruling(False)
    if phase == "writing":
        return Submit(phrase)
    if phase == "correction":
        return Correct(phrase)
    if phase == "challenges":
        raise _error("challenges_now")
    if phase == "ruling":
        raise _error("ruling_now")
    raise _error("game_is_over")


def to_command(move: Move, view: SevenWordsView, lang: str = "en") -> str:
    """The line that ``parse`` turns back into ``move``: a hint is said as what to type."""
    pl = lang == "pl"
    if isinstance(move, Submit):
        return f"{'słowo' if pl else 'word'} {move.word}"
    if isinstance(move, Keep):
        return f"{'zostaw' if pl else 'keep'} {' '.join(move.letters)}"
    if isinstance(move, TimeUp):
        return "koniec czasu" if pl else "time up"
    if isinstance(move, Challenge):
        seats = view.get("seats", [])
        who = seats[move.target] if 0 <= move.target < len(seats) else str(move.target + 1)
        return f"{'wyzwanie' if pl else 'challenge'} {who}"
    if isinstance(move, Done):
        return "gotowe" if pl else "done"
    if isinstance(move, Ruling):
        if pl:
            return "ta sama rodzina" if move.upheld else "inna rodzina"
        return "same family" if move.upheld else "different family"
    if move.word is None:
        return "wycofaj" if pl else "withdraw"
    return f"{'popraw' if pl else 'correct'} {move.word}"


class Commands(CommandLanguage[Move, SevenWordsView]):
    """7 słów's command language as the table calls it."""

    help_table = HELP

    def parse(self, line: str, view: SevenWordsView) -> Move:
        return parse(line, view)

    def to_command(self, move: Move, view: SevenWordsView, lang: str = "en") -> str:
        return to_command(move, view, lang)


    def words_of(self, move: Move) -> list[str]:
        if isinstance(move, Submit | Correct) and move.word:
            return [move.word]
        return []
