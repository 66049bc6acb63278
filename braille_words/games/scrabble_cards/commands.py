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
    "pl": [
        ("8H kotek", "połóż KOTEK w poziomie: wiersz 8, od kolumny H w prawo (najpierw wiersz "
         "to poziomo)"),
        ("H8 kotek", "połóż KOTEK w pionie: kolumna H, od wiersza 8 w dół (najpierw kolumna "
         "to pionowo); podaj całe słowo, razem z literami ze stołu"),
        ("8H ko?tek", "blank to znak zapytania przed literą, którą zastępuje (tu T)"),
        ("8H kotek 6", "z kartą premii nr 6 z ręki (podwójna, potrójna lub warunkowa)"),
        ("połóż 3 H8", "połóż kartę 3 z ręki na polu H8 (blank: połóż 7 H8 k); tak samo "
         "klawisz routingu na karcie, potem na polu (blank: potem litera jednym akordem albo "
         "wpisana)"),
        ("gotowe", "karty położone na polach to ruch: sprawdzam go w całości"),
        ("zabierz H8", "zabierz kartę położoną w tej turze z pola H8; od nowa: wszystkie"),
        ("premia 6", "dołącz (albo odłącz) kartę premii 6 do układanego ruchu"),
        ("pas", "opuść ruch"),
        ("wymień 1 3 5", "wymień karty 1, 3 i 5 (w worku musi być co najmniej 7 kart)"),
        ("akceptuj", "przyjmij ruch rywala"),
        ("sprawdź", "sprawdź ruch rywala w słowniku: złe słowo cofa ruch, rywal nie dostaje "
         "punktów"),
        ("przeciw 3", "zagraj swoją kartę warunkową 3 przeciw ruchowi rywala (ciemna "
         "liczba, gdy słowo spełnia warunek), potem akceptuj lub sprawdź"),
        ("zegar", "z opcją clock_minutes: ile czasu ma każdy gracz (zegar szachowy: czas "
         "płynie tylko w twojej turze; przy 5 minutach, minucie i 10 sekundach słyszysz "
         "ostrzeżenie, a komu czas się skończy, ten może już tylko pasować)"),
        ("zegar 2", "przy stole bez zegarów programu (gra ze skryptu): czas gracza 2 się "
         "skończył"),
        ("wiersz 8, kolumna H, pole H8", "czytaj wiersz, kolumnę, pole"),
        ("słowa H8", "słowa przechodzące przez pole H8 w obu kierunkach"),
        ("pasuje H8", "jakie litery pasują na pole H8 (w poziomie i w pionie)"),
        ("zaczepienia", "pola, przy których można dołożyć słowo"),
        ("następne słowo, następne zaczepienie", "kursor planszy na następne słowo (czytane "
         "wzdłuż niego) albo na następne wolne pole przy kartach; na monitorze brajlowskim "
         "spacja z n albo z z, na Vario trzy lewe albo trzy prawe klawisze razem"),
        ("ruch", "ostatni ruch: słowa i punkty"),
        ("ręka", "karty w ręce z wartościami; karta 3: co robi karta 3"),
        ("worek, wymiany, wyniki, plansza", "karty w worku, twoje wymiany, wyniki, cała "
         "plansza"),
        ("podpowiedź", "jeden dobry ruch, do wpisania"),
        ("nasze wartości", "stół 15×15, +50 za 7 kart i 13 kart warunkowych to nasze "
         "wartości (regulamin ich nie podaje)"),
    ],
    "en": [
        ("8H ⟦kotek⟧", "lay ⟦KOTEK⟧ across: row 8, from column H rightwards (row first is "
         "across)"),
        ("H8 ⟦kotek⟧", "lay ⟦KOTEK⟧ down: column H, from row 8 downwards (column first is down); "
         "give the whole word, letters on the table included"),
        ("8H ⟦ko?tek⟧", "a blank is a question mark before the letter it stands for (here ⟦T⟧)"),
        ("8H ⟦kotek⟧ 6", "with premium card 6 of your hand (double, triple or conditional)"),
        ("put 3 H8", "lay hand card 3 on square H8 (a blank: put 7 H8 ⟦k⟧); a routing key on "
         "the card, then on the square, does the same (a blank: then its letter, one chord or "
         "typed)"),
        ("done", "the cards laid on squares are the move: it is judged as a whole"),
        ("take H8", "take back the card laid this turn on H8; clear: all of them"),
        ("bonus 6", "play (or stop playing) premium card 6 with the move being built"),
        ("pass", "miss your turn"),
        ("exchange 1 3 5", "exchange cards 1, 3 and 5 (the bag needs at least 7 cards)"),
        ("accept", "accept a rival's move"),
        ("check", "check a rival's move in the lexicon: a wrong word takes the move back, "
         "the rival scores nothing"),
        ("against 3", "play your conditional card 3 against a rival's move (its dark number, "
         "when the word meets the condition), then accept or check"),
        ("clock", "with the clock_minutes option: each player's time left (a chess clock: "
         "time runs only on your turn; you hear a warning at 5 minutes, a minute and 10 "
         "seconds left, and a player whose time is up may only pass)"),
        ("clock 2", "at a table where the program runs no clocks (a scripted game): player "
         "2's time has run out"),
        ("row 8, column H, square H8", "read a row, a column, a square"),
        ("words H8", "the words through square H8 both ways"),
        ("fits H8", "which letters fit on square H8 (across and down)"),
        ("anchors", "the squares where a word can join the table"),
        ("next word, next anchor", "the board's cursor to the next word (read along it) or "
         "to the next free square beside the cards; on a Braille display space with n or with "
         "z, on a Vario the three left or the three right keys together"),
        ("move", "the last move: its words and points"),
        ("hand", "the cards in your hand with their values; card 3: what card 3 does"),
        ("bag, exchanges, scores, board", "cards in the bag, your exchanges, the scores, the "
         "whole board"),
        ("hint", "one good move, as a line to type"),
        ("our values", "the 15×15 table, +50 for all 7 cards and the 13 conditional cards are "
         "our values (the rulebook does not give them)"),
    ],
}

_DONE = ("gotowe", "gotowe.", "done", "koniec", "zatwierdź", "zatwierdz")
_CLEAR = ("od nowa", "clear", "wyczyść", "wyczysc")
_PASS = ("pas", "pass")
_ACCEPT = ("akceptuj", "accept", "ok", "dalej")
_CHECK = ("sprawdź", "sprawdz", "check")
_PUT = ("połóż", "poloz", "put")
_TAKE = ("zabierz", "take")
_PREMIUM = ("premia", "bonus")
_EXCHANGE = ("wymień", "wymien", "exchange")
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
