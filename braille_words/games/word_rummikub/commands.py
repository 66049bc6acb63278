"""The Rummikub Słowny command language, in Polish and English.

A player types what they would do with their hands ("put rack tile 3 into word 2 before its
first letter") or what they want to end up with ("take words 2 and 3 and my two A's, make
SZYSZKA, OCZY and KAT"). Numbers are 1-based, as a player counts; tiles may also be named by
their letter. A line that cannot be understood raises ``InputError`` saying what to type
instead, in the language the player was typing (both when that is unclear).

Numbering: words in the order the table lists them; rack tiles in the order the rack lists
them, then the jokers taken off the table this turn (they are placed like rack tiles).

Forms (each has a Polish and an English name):

- ``put R W [P] [L]`` / ``połóż``: rack tile R (a number or a letter) into word W before
  position P (omitted or one past the end: at the end; W one past the last word or ``new``: a
  new word); L is the letter a joker stands for.
- ``new R R R [L…]`` / ``nowe``: the rack tiles (numbers, or one run of letters such as ``kot``)
  as a new word; trailing letters are what the jokers stand for.
- ``split W P`` / ``podziel``: cut word W before its P-th letter.
- ``move W P W2 [P2]`` / ``przenieś``: the tile at word W position P goes to word W2 so that it
  becomes its P2-th letter (P2 omitted or 0: at the end; W2 0 or ``new``: a new word).
- ``back W P`` / ``zdejmij``: a tile you laid this turn goes back to your rack.
- ``joker W L`` / ``joker W P R`` / ``joker W P W2 P2``: put letter L (from your rack), rack
  tile R or the table tile at W2 P2 in place of the joker in word W.
- ``undo``/``cofnij``, ``reset``/``od nowa``, ``done``/``gotowe``/``koniec tury``,
  ``draw``/``dobierz``, ``yes``/``tak`` and ``no``/``nie`` (votes in the thematic variant).
- The rebuild: ``[W W …] [+LETTERS] = WORD WORD … [!]`` — take table words W, your rack letters
  (``?`` a joker; without ``+`` the program finds the rack letters), make the words; a final
  ``!`` ends the turn at once. Without ``!`` the words are laid and the turn goes on.

``to_command(move, view, lang)`` says a move back as the line that plays it (for hints).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# The catalogues say the errors below; importing them lets str(error) be English for logs.
import braille_words.present.messages  # noqa: F401
from braille_words.errors import InputError
from braille_words.games.kit import CommandLanguage
from braille_words.games.votes import is_close, parse_ballot
from braille_words.games.word_rummikub.rules import (
    CastVote,
    CloseVote,
    Draw,
    EndTurn,
    Move,
    MoveTile,
    NewWord,
    Place,
    Rebuild,
    ResetTurn,
    Split,
    SwapJoker,
    TakeBack,
    Undo,
)
from braille_words.games.word_rummikub.view import RackTile, RummikubView, TableWord
from braille_words.lexicon.diacritics import VARIANTS
from braille_words.tiles import is_number, normalize

JOKER_NAMES = frozenset({"?", "*", "joker", "dżoker", "jokera", "blank"})
NEW_NAMES = frozenset({"new", "nowe", "nowy"})

_VERBS: dict[str, tuple[str, str]] = {
    # name -> (move key, language of the name)
    "put": ("put", "en"), "place": ("put", "en"), "insert": ("put", "en"),
    "połóż": ("put", "pl"), "poloz": ("put", "pl"), "dołóż": ("put", "pl"),
    "wstaw": ("put", "pl"),
    "new": ("new", "en"), "nowe": ("new", "pl"), "nowy": ("new", "pl"),
    "split": ("split", "en"), "podziel": ("split", "pl"), "rozdziel": ("split", "pl"),
    "move": ("move", "en"), "przenieś": ("move", "pl"), "przenies": ("move", "pl"),
    "przesuń": ("move", "pl"),
    "back": ("back", "en"), "takeback": ("back", "en"), "zdejmij": ("back", "pl"),
    "weź": ("back", "pl"),
    "joker": ("joker", "en"), "dżoker": ("joker", "pl"),
    "undo": ("undo", "en"), "cofnij": ("undo", "pl"),
    "reset": ("reset", "en"), "restart": ("reset", "en"), "resetuj": ("reset", "pl"),
    "done": ("done", "en"), "end": ("done", "en"), "gotowe": ("done", "pl"),
    "zakończ": ("done", "pl"), "zakoncz": ("done", "pl"),
    "draw": ("draw", "en"), "pass": ("draw", "en"), "dobierz": ("draw", "pl"),
    "pas": ("draw", "pl"), "pasuję": ("draw", "pl"),
}
_PHRASES: dict[str, tuple[str, str]] = {
    "od nowa": ("reset", "pl"),
    "koniec tury": ("done", "pl"),
    "end turn": ("done", "en"),
    "take back": ("back", "en"),
}

HELP: dict[str, list[tuple[str, str]]] = {
    # Short on purpose: "pomoc wszystko" reads them all, and 1 930 characters were minutes of
    # speech for a child (issue 33). How the game goes is told by "zasady", the numbers by
    # "wartości", not here.
    "pl": [
        ("połóż 3 2 1", "płytka 3 do słowa 2 przed 1. literę (bez niej: na koniec; "
                        "albo literą: połóż a 2)"),
        ("połóż 4 2 1 a", "joker 4 jako A"),
        ("nowe 3 5 7", "nowe słowo z płytek 3, 5, 7 (albo: nowe {word_lang:select:en=cat|*=kot})"),
        ("podziel 2 3", "tnie słowo 2 przed 3. literą"),
        ("przenieś 2 4 1 1", "litera 4 słowa 2 na 1. miejsce słowa 1 (0: koniec; "
                             "słowo 0: nowe)"),
        ("zdejmij 2 3", "płytka z tej tury wraca na stojak"),
        ("joker 2 a", "A ze stojaka za jokera ze słowa 2; jokera użyj w tej turze"),
        ("joker 2 3 1 4", "joker ze słowa 2, miejsce 3, za literę ze słowa 1, miejsce 4"),
        ("2 3 +{word_lang:select:en=ae = planets ocean cat|*=aa = szyszka oczy kat}",
         "słowa 2, 3 i {word_lang:select:en=A, E|*=A, A} ze stojaka w nowe słowa"),
        ("+? = {word_lang:select:en=kitten|*=kotek}",
         "słowo ze stojaka, joker za brakującą literę (bez +: litery wybierze "
                       "program)"),
        ("1 +{word_lang:select:en=ed = played|*=za = zaszczyt} !", "! na końcu kończy turę"),
        ("cofnij", "cofa krok"),
        ("od nowa", "cofa całą turę"),
        ("gotowe (lub: koniec tury)", "kończy turę"),
        ("dobierz", "płytka i pas, gdy nic nie położyłeś"),
        ("tak / nie", "gra tematyczna: głos, czy słowo pasuje do tematu"),
        ("zamknij głosowanie", "kończy to głosowanie"),
        ("wartości", "liczby gry"),
    ],
    "en": [
        ("put 3 2 1", "tile 3 into word 2 before its 1st letter (none: at the end; "
                      "or by letter: put ⟦a⟧ 2)"),
        ("put 4 2 1 ⟦a⟧", "joker 4 as ⟦A⟧"),
        ("new 3 5 7", "a new word of tiles 3, 5, 7 (or: new ⟦{word_lang:select:en=cat|*=kot}⟧)"),
        ("split 2 3", "cuts word 2 before its 3rd letter"),
        ("move 2 4 1 1", "letter 4 of word 2 to place 1 of word 1 (0: the end; "
                         "word 0: a new one)"),
        ("back 2 3", "a tile of this turn back to your rack"),
        ("joker 2 ⟦a⟧", "an ⟦A⟧ from your rack for the joker in word 2; use the joker "
                        "this turn"),
        ("joker 2 3 1 4", "the joker in word 2, place 3, for the letter in word 1, place 4"),
        ("2 3 +⟦{word_lang:select:en=ae|*=aa}⟧ = "
         "⟦{word_lang:select:en=planets ocean cat|*=szyszka oczy kat}⟧",
         "words 2, 3 and ⟦{word_lang:select:en=A, E|*=A, A}⟧ from your rack into "
         "new words"),
        ("+? = ⟦{word_lang:select:en=kitten|*=kotek}⟧",
         "a word from your rack, the joker for a missing letter (no +: the "
                         "program picks the letters)"),
        ("1 +⟦{word_lang:select:en=ed|*=za}⟧ = ⟦{word_lang:select:en=played|*=zaszczyt}⟧ !",
         "a final ! ends the turn"),
        ("undo", "undoes a step"),
        ("reset", "takes the turn back"),
        ("done", "ends the turn"),
        ("draw", "a tile and pass, when you laid nothing"),
        ("yes / no", "themed game: your vote on whether the word fits the theme"),
        ("close vote", "ends that vote"),
        ("values", "the game's numbers"),
    ],
}


GAME = "word_rummikub"
"""The catalogue section of this game's sentences, command errors included."""


def _error(code: str, /, **params: Any) -> InputError:
    """An error said from the game's catalogue in the seat's language (``present.messages``)."""
    return InputError.coded(code, GAME, **params)


class _Line:
    """One command being read, with what is needed to word its errors."""

    def __init__(self, verb: str, lang: str, args: list[str], view: RummikubView) -> None:
        self.verb = verb
        self.lang = lang
        self.args = args
        self.view = view
        self.table: list[TableWord] = list(view.get("table", []))
        self.rack: list[RackTile] = list(view.get("rack", [])) + list(view.get("loose", []))

    def error(self, code: str, /, example_of: str | None = None, **params: Any) -> InputError:
        """A coded error; with an example of this command (or of ``example_of``) in the language
        it was typed in."""
        example = next((s for s, _ in HELP[self.lang if self.lang != "?" else "en"]
                        if s.split()[0] == self._example_key(example_of or self.verb)), None)
        return _error(code, example=example, **params) if example else _error(code, **params)

    def _example_key(self, verb: str) -> str:
        en = {"put": "put", "new": "new", "split": "split", "move": "move", "back": "back",
              "joker": "joker"}
        pl = {"put": "połóż", "new": "nowe", "split": "podziel", "move": "przenieś",
              "back": "zdejmij", "joker": "joker"}
        return (pl if self.lang == "pl" else en).get(verb, "")

    def count(self, low: int, high: int) -> None:
        n = len(self.args)
        if not low <= n <= high:
            want = str(low) if low == high else f"{low}–{high}"
            raise self.error("wrong_count", want=want, n=n)

    def number(self, k: int, code: str) -> int:
        """The k-th argument as a number; ``code`` says which number was wanted."""
        token = self.args[k]
        if not is_number(token):
            raise self.error(code, token=token)
        return int(token)

    def word(self, k: int, allow_new: bool = False) -> int:
        """0-based word index; a new word is len(table)."""
        token = self.args[k]
        n = len(self.table)
        if allow_new and token in NEW_NAMES:
            return n
        w = self.number(k, "word_not_a_number")
        if allow_new and w in (0, n + 1):
            return n
        if not 1 <= w <= n:
            code = "word_out_of_range" if n else "no_words_yet"
            # on an empty table the example is a new word's: "put 3 2 1" cannot be done yet
            raise self.error(code + ("_or_new" if allow_new else ""),
                             example_of=None if n else "new", w=w, n=n)
        return w - 1

    def length(self, w: int) -> int:
        return len(self.table[w]["tiles"]) if w < len(self.table) else 0

    def position(self, k: int, w: int, end_ok: bool, zero_is_end: bool = False) -> int:
        """0-based position in word ``w``; with ``end_ok`` one past the end is allowed."""
        size = self.length(w)
        p = self.number(k, "position_not_a_number")
        if end_ok and (p == size + 1 or (zero_is_end and p == 0)):
            return size
        hi = size + 1 if end_ok else size
        if not 1 <= p <= hi:
            raise self.error("position_out_of_range", w=w + 1, p=p, hi=hi)
        return p - 1

    def rack_tile(self, token: str, taken: Sequence[int] = ()) -> int:
        """Tile id of a rack tile named by number or by letter ('?' a joker)."""
        if is_number(token):
            r = int(token)
            if not 1 <= r <= len(self.rack):
                raise self.error("rack_tile_out_of_range", r=r, count=len(self.rack))
            tile_id: int = self.rack[r - 1][0]
            return tile_id
        letter = None if token in JOKER_NAMES else token
        if letter is not None and len(letter) != 1:
            raise self.error("not_tile_or_letter", token=token)
        for tile_id, tile_letter in self.rack:
            if tile_letter == letter and tile_id not in taken:
                return int(tile_id)
        if letter is None:
            raise self.error("no_joker_on_rack")
        raise self.error("no_letter_on_rack", letter=letter.upper())

    def is_joker(self, tile_id: int) -> bool:
        return any(t[0] == tile_id and t[1] is None for t in self.rack)


def _verb(line: str) -> tuple[str, str, list[str]]:
    for phrase, (key, lang) in _PHRASES.items():
        if line == phrase or line.startswith(phrase + " "):
            return key, lang, line[len(phrase):].split()
    head, *rest = line.split()
    if head in _VERBS:
        key, lang = _VERBS[head]
        return key, lang, rest
    raise _error("unknown_verb", word=head)


def parse(line: str, view: RummikubView) -> Move:
    """The move a typed line stands for, given the typing seat's ``view``."""
    text = " ".join(normalize(line).replace(",", " ").split())
    if not text:
        raise _error("empty_line")
    if "=" in text:
        return _rebuild(text, view)
    # Votes are said in the words every game's table votes with (games/votes.py).
    if is_close(text):
        return CloseVote()
    ballot = parse_ballot(text)
    if ballot is not None:
        return CastVote(ballot)
    key, lang, args = _verb(text)
    cmd = _Line(key, lang, args, view)
    if key in ("undo", "reset", "done", "draw", "yes", "no", "close"):
        if args and all(is_number(a) for a in args):
            raise cmd.error("takes_no_numbers")
        if args:  # "cofnij ruch", "pas x z q": words, not numbers, follow the command
            raise cmd.error("takes_nothing", verb=text.split()[0], extra=" ".join(args))
        simple: dict[str, Move] = {
            "undo": Undo(), "reset": ResetTurn(), "done": EndTurn(), "draw": Draw(),
            "yes": CastVote(True), "no": CastVote(False), "close": CloseVote(),
        }
        return simple[key]
    if key == "put":
        return _put(cmd)
    if key == "new":
        return _new(cmd)
    if key == "split":
        cmd.count(2, 2)
        w = cmd.word(0)
        size = cmd.length(w)
        p = cmd.number(1, "position_not_a_number")
        if not 2 <= p <= size:
            raise cmd.error("split_between", w=w + 1, size=size)
        return Split(w, p - 1)
    if key == "move":
        cmd.count(3, 4)
        w = cmd.word(0)
        p = cmd.position(1, w, end_ok=False)
        w2 = cmd.word(2, allow_new=True)
        if len(args) == 3:
            p2 = cmd.length(w2) - (1 if w2 == w else 0)
        elif w2 == w:
            p2 = cmd.position(3, w2, end_ok=False) if args[3] != "0" else cmd.length(w) - 1
        else:
            p2 = cmd.position(3, w2, end_ok=True, zero_is_end=True)
        return MoveTile(w, p, w2, max(p2, 0))
    if key == "back":
        cmd.count(2, 2)
        w = cmd.word(0)
        return TakeBack(w, cmd.position(1, w, end_ok=False))
    return _joker(cmd)


def _put(cmd: _Line) -> Move:
    # A child laying a word types "połóż" and its tiles: on an empty table, or with more tiles
    # than one put takes, the answer is the command for a new word, not a count of numbers.
    # ("put 3 1" on an empty table still starts word 1: the keyboard's picked tile does so)
    if len(cmd.args) > 4:
        raise cmd.error("put_one_tile" if cmd.table else "no_words_yet_or_new", example_of="new")
    if not cmd.table and len(cmd.args) < 2:
        raise cmd.error("no_words_yet_or_new", example_of="new")
    cmd.count(2, 4)
    tile = cmd.rack_tile(cmd.args[0])
    w = cmd.word(1, allow_new=True)
    rest = cmd.args[2:]
    letter: str | None = None
    if rest and not is_number(rest[-1]):
        letter = rest.pop()
    if cmd.is_joker(tile) and letter is None:
        raise cmd.error("joker_letter_needed")
    if letter is not None and (len(letter) != 1 or not cmd.is_joker(tile)):
        raise cmd.error("letter_not_position", letter=letter)
    if rest:
        cmd.args = [*cmd.args[:2], rest[0]]
        p = cmd.position(2, w, end_ok=True, zero_is_end=True)
    else:
        p = cmd.length(w)
    return Place(tile, w, p, letter)


def _new(cmd: _Line) -> Move:
    if not cmd.args:
        raise cmd.error("new_needs_tiles")
    args = list(cmd.args)
    jokers = ""
    if len(args) > 1 and not is_number(args[-1]) and is_number(args[0]):
        jokers = args.pop()
    tiles: list[int] = []
    if len(args) == 1 and not is_number(args[0]):
        # letters: take rack tiles by letter; a missing letter is taken by a joker
        for ch in args[0]:
            try:
                tiles.append(cmd.rack_tile(ch, tiles))
            except InputError:
                polish = _polish_on_rack(cmd, ch, tiles)
                if polish is not None:
                    # "nowe gon" with Ń on the rack: the joker is not spent silently; the
                    # table offers NOWE GOŃ, and numbers still lay the joker as N.
                    # the joker's way is taught only to a rack that holds a free joker
                    joker = any(letter is None and tile_id not in tiles
                                for tile_id, letter in cmd.rack)
                    raise cmd.error("polish_letter_on_rack", letter=ch.upper(),
                                    polish=polish.upper(),
                                    joker="yes" if joker else "no") from None
                if not any(letter is None and tile_id not in tiles
                           for tile_id, letter in cmd.rack):
                    # "nowe ź" without Ź: the missing letter is named, not only the joker
                    raise cmd.error("no_letter_nor_joker", letter=ch.upper()) from None
                tiles.append(cmd.rack_tile("?", tiles))
                jokers += ch
        return NewWord(tuple(tiles), jokers)
    for token in args:
        tiles.append(cmd.rack_tile(token, tiles))
    if len(set(tiles)) != len(tiles):
        raise cmd.error("duplicate_tile")
    n = sum(1 for t in tiles if cmd.is_joker(t))
    if n != len(jokers):
        raise cmd.error("joker_letters_count", n=n)
    return NewWord(tuple(tiles), jokers)


def _polish_on_rack(cmd: _Line, letter: str, taken: Sequence[int]) -> str | None:
    """The Polish letter on the rack (not yet taken) that ``letter`` was typed for, if any."""
    for variant in VARIANTS.get(letter, "")[1:]:
        if any(tile_letter == variant and tile_id not in taken
               for tile_id, tile_letter in cmd.rack):
            return variant
    return None


def _joker(cmd: _Line) -> Move:
    cmd.count(2, 4)
    w = cmd.word(0)
    tiles = cmd.table[w]["tiles"]
    if len(cmd.args) == 2:
        letter = cmd.args[1]
        if len(letter) != 1 or is_number(letter):
            raise cmd.error("joker_letter_or_tile")
        spots = [i for i, t in enumerate(tiles) if t[2] and t[1] == letter]
        if not spots:
            raise cmd.error("no_joker_as", w=w + 1, letter=letter.upper())
        return SwapJoker(w, spots[0], tile=cmd.rack_tile(letter))
    p = cmd.position(1, w, end_ok=False)
    if len(cmd.args) == 3:
        return SwapJoker(w, p, tile=cmd.rack_tile(cmd.args[2]))
    w2 = cmd.word(2)
    return SwapJoker(w, p, from_word=w2, from_position=cmd.position(3, w2, end_ok=False))


def _rebuild(text: str, view: RummikubView) -> Move:
    left, _, right = text.partition("=")
    if "=" in right:
        raise _error("one_equals")
    end = right.rstrip().endswith("!")
    words = right.replace("!", " ").split()
    cmd = _Line("rebuild", "?", [], view)
    take: list[int] = []
    rack: str | None = None
    tokens = left.replace("+", " +").split()
    for token in tokens:
        if token.startswith("+"):
            letters = token[1:].replace("*", "?")
            if not all(ch.isalpha() or ch == "?" for ch in letters):
                # "(? to joker)" is taught only to a rack that holds a joker
                held = list(view.get("rack", [])) + list(view.get("loose", []))
                joker = any(tile_letter is None for _, tile_letter in held)
                raise _error("after_plus", letters=letters, joker="yes" if joker else "no")
            rack = (rack or "") + letters
        elif is_number(token):
            cmd.args = [token]
            w = cmd.word(0)
            if w in take:
                raise _error("word_named_twice", word=w + 1)
            take.append(w)
        else:
            raise _error("before_equals", token=token)
    if not words:
        raise _error("after_equals")
    for word in words:
        if not word.isalpha():
            raise _error("not_letters", word=word)
    return Rebuild(tuple(take), rack, tuple(words), end)


_NAMES: dict[str, tuple[str, str]] = {
    # move kind -> (Polish, English) command name
    "place": ("połóż", "put"), "new_word": ("nowe", "new"), "split": ("podziel", "split"),
    "move_tile": ("przenieś", "move"), "take_back": ("zdejmij", "back"),
    "swap_joker": ("joker", "joker"), "undo": ("cofnij", "undo"), "reset": ("od nowa", "reset"),
    "end_turn": ("gotowe", "done"), "draw": ("dobierz", "draw"), "time_up": ("dobierz", "draw"),
    "close_vote": ("zamknij głosowanie", "close vote"),
}


def to_command(move: Move, view: RummikubView, lang: str = "en") -> str:
    """The line a player would type for ``move`` (``parse`` reads it back to the same move),
    so a hint can be said as the command that plays it."""
    pl = lang == "pl"
    rack = list(view.get("rack", [])) + list(view.get("loose", []))

    def slot(tile_id: int) -> str:
        for k, t in enumerate(rack):
            if t[0] == tile_id:
                return str(k + 1)
        raise InputError(f"tile {tile_id} is not on this rack")

    if isinstance(move, Rebuild):
        left = [str(i + 1) for i in move.take]
        if move.rack is not None:
            left.append("+" + move.rack)
        line = " ".join([*left, "=", *move.make])
        return line + (" !" if move.end else "")
    if isinstance(move, CastVote):
        return ("tak" if move.accept else "nie") if pl else ("yes" if move.accept else "no")
    name = _NAMES[move.kind][0 if pl else 1]
    if isinstance(move, Place):
        parts = [name, slot(move.tile), str(move.word + 1), str(move.position + 1)]
        return " ".join(parts + ([move.letter] if move.letter else []))
    if isinstance(move, NewWord):
        return " ".join([name, *(slot(t) for t in move.tiles), *([move.jokers] if move.jokers
                                                                 else [])])
    if isinstance(move, Split):
        return f"{name} {move.word + 1} {move.position + 1}"
    if isinstance(move, MoveTile):
        to_pos = move.to_position + 1
        return f"{name} {move.from_word + 1} {move.from_position + 1} {move.to_word + 1} {to_pos}"
    if isinstance(move, TakeBack):
        return f"{name} {move.word + 1} {move.position + 1}"
    if isinstance(move, SwapJoker):
        head = f"{name} {move.word + 1} {move.position + 1}"
        if move.tile is not None:
            return f"{head} {slot(move.tile)}"
        return f"{head} {(move.from_word or 0) + 1} {(move.from_position or 0) + 1}"
    return name


class Commands(CommandLanguage[Move, RummikubView]):
    """Rummikub Słowny's command language as the table calls it."""

    help_table = HELP

    def parse(self, line: str, view: RummikubView) -> Move:
        return parse(line, view)

    def to_command(self, move: Move, view: RummikubView, lang: str = "en") -> str:
        return to_command(move, view, lang)

