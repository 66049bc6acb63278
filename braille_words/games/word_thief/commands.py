"""The Word Thief command language, in Polish and English (the words themselves are English).

- ``work`` or ``połóż work`` / ``lay work``: lay WORK from your hand.
- ``ukradnij 2 frown cat`` / ``steal 2 frown cat``: steal table word 2 and make FROWN and CAT
  from it and your cards (one new word lengthens it; several cut it).
- ``ukradnij 2 +red = reworked`` / ``steal 2 +red = reworked``: the same, written as Rummikub's
  rebuild is (the letters after "+" are only for the player: the rules pick the cards).
- ``pas x z q`` / ``pass x z q``: neither lay nor steal; while cards are left to draw you lose
  10 points and swap three cards (``?`` a wild). With the draw pile empty: ``pas`` alone.
"""

from __future__ import annotations

from typing import Any

import braille_words.present.messages  # noqa: F401  (the catalogues say the errors below)
from braille_words.errors import InputError
from braille_words.games.kit import CommandLanguage
from braille_words.games.word_thief.rules import Lay, Move, Pass, StealMove
from braille_words.games.word_thief.view import WordThiefView
from braille_words.speech.spelling import ENGLISH_LETTER_NAMES
from braille_words.tiles import is_number, normalize

GAME = "word_thief"

HELP: dict[str, list[tuple[str, str]]] = {
    "pl": [
        ("połóż ⟦work⟧", "połóż słowo ⟦WORK⟧ z kart w ręce (słowa są angielskie; wystarczy też "
         "samo słowo: ⟦work⟧)"),
        ("ukradnij 2 ⟦frown⟧ ⟦cat⟧", "ukradnij słowo 2 ze stołu i zrób z niego i swoich kart "
         "słowa ⟦FROWN⟧ i ⟦CAT⟧; jedno słowo je wydłuża, kilka je dzieli"),
        ("pas ⟦x z q⟧", "nie kładziesz ani nie kradniesz: -10 pkt i wymieniasz 3 karty "
         "(? to dżoker); gdy talia jest pusta, samo „pas”"),
        ("kolory", "twoje karty według kolorów; na monitorze kolor karty to kropki 7 i 8: "
         "czerwony bez nich, niebieski 7, zielony 8, żółty 7 i 8; dżoker to pełna komórka. "
         "Klawisz nad kartą ją odczytuje, nad słowem na stole czyta je kartami"),
        ("ręka", "twoje karty z kolorami i wartościami; „karta 3” czyta trzecią"),
        ("stół", "słowa na stole z numerami, właścicielami i wartościami; „słowo 2” czyta "
         "słowo 2 karta po karcie"),
        ("wyniki", "punkty graczy i ile kart zostało w talii"),
    ],
    "en": [
        ("lay work", "lay WORK from your hand (or type just the word: \"work\")"),
        ("steal 2 frown cat", "steal table word 2 and make FROWN and CAT from it and your "
         "cards; one word lengthens it, several cut it"),
        ("pass x z q", "neither lay nor steal: -10 points and swap 3 cards (? a wild); with "
         "the draw pile empty, just \"pass\""),
        ("suits", "your cards by suit; on the display a card's suit is its dots 7 and 8: red "
         "none, blue 7, green 8, yellow 7 and 8; a wild is the full cell. A routing key over "
         "a card reads it, over a table word reads it card by card"),
        ("hand", "your cards with their suits and values; \"card 3\" reads the third"),
        ("table", "the table's words with their numbers, owners and values; \"word 2\" reads "
         "word 2 card by card"),
        ("scores", "the players' points and how many cards are left to draw"),
    ],
}

_LAY = {"połóż": "pl", "poloz": "pl", "lay": "en", "play": "en"}
_STEAL = {"ukradnij": "pl", "kradnij": "pl", "steal": "en"}
_PASS = {"pas": "pl", "pass": "en"}


def _error(code: str, /, **params: Any) -> InputError:
    return InputError.coded(code, GAME, **params)


def parse(line: str, view: WordThiefView) -> Move:
    """The move a typed line asks for, or ``InputError`` saying what to type instead."""
    text = normalize(line)
    if "=" in text:
        return _declared(text)
    words = text.split()
    if not words:
        raise _error("empty_line")
    verb, args = words[0], words[1:]
    if verb in _LAY:
        if len(args) != 1:
            raise _error("lay_one_word")
        return Lay(args[0])
    if verb in _STEAL:
        if len(args) < 2 or not is_number(args[0]):
            raise _error("steal_args")
        return StealMove(int(args[0]) - 1, tuple(args[1:]))
    if verb in _PASS:
        return Pass(_cards(args))
    if len(words) == 1 and not is_number(verb):
        return Lay(verb)
    raise _error("unknown_command", command=line.strip())


_NAMED = {name: letter for letter, name in ENGLISH_LETTER_NAMES.items() if len(name) > 1}
_NAMED.update({"zee": "z", "double u": "w", "doubleu": "w"})
# A wild as the hand names it ("dżoker" in Polish, "wild" in English): typed as a name it
# was taken letter by letter, W, I, L, D.
_NAMED.update(dict.fromkeys(("dżoker", "dzoker", "joker", "wild", "dżokera", "dzokera"), "?"))


def _cards(args: list[str]) -> tuple[str, ...]:
    """The cards a pass gives up, typed as letters (``x z q``) or as the letter names the
    hand is read with (``ex zed cue``, ``bee``): a child repeats what was heard."""
    text = " ".join(args).replace(",", " ").replace("double u", "doubleu")
    cards: list[str] = []
    for word in text.split():
        if word in _NAMED:
            cards.append(_NAMED[word])
        else:
            cards.extend(word)
    return tuple(cards)


def _declared(text: str) -> Move:
    """``ukradnij 2 +red = reworked`` (or ``2 = frown cat``): the table word, optionally the
    hand's letters to add, and the words to make. The rules choose the cards, so the letters
    after "+" only help the player think; the words decide."""
    left, _, right = text.partition("=")
    head = [w for w in left.split() if w not in _STEAL]
    words = tuple(right.split())
    number = next((w for w in head if is_number(w)), None)
    if number is None or not words or any(not (is_number(w) or w.startswith("+")) for w in head):
        raise _error("steal_args")
    return StealMove(int(number) - 1, words)


def to_command(move: Move, view: WordThiefView, lang: str = "en") -> str:
    """A line that plays ``move`` (what a hint tells a player to type)."""
    pl = lang == "pl"
    if isinstance(move, Lay):
        return f"{'połóż' if pl else 'lay'} {move.word}"
    if isinstance(move, StealMove):
        return f"{'ukradnij' if pl else 'steal'} {move.target + 1} {' '.join(move.words)}"
    return " ".join([("pas" if pl else "pass"), *move.discard])


class Commands(CommandLanguage[Move, WordThiefView]):
    """Word Thief's commands as the table calls them."""

    def parse(self, line: str, view: WordThiefView) -> Move:
        return parse(line, view)

    def to_command(self, move: Move, view: WordThiefView, lang: str = "en") -> str:
        return to_command(move, view, lang)

    def help(self, lang: str) -> list[tuple[str, str]]:
        return HELP.get(lang, HELP["en"])

    def words_of(self, move: Move) -> list[str]:
        if isinstance(move, Lay):
            return [move.word]
        if isinstance(move, StealMove):
            return list(move.words)
        return []
