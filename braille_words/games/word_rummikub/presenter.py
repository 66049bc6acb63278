"""Rummikub Słowny for ears and fingers: reading commands, prompts, Braille lines, sounds.

Everything here works from ``State.view_for(seat)``, never from the state itself, so nothing a
seat may not know can reach its voice or display. Letters are read by their names ("ka", "o
kreskowane") because a synthesiser saying a lone "o" or "ó" is easy to mishear.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from braille_words.braille import Mode, rack_line, text_line, words_line
from braille_words.braille.lines import NamedLine
from braille_words.braille.translator import PlayedJoker
from braille_words.games.interface import TimerRequest
from braille_words.games.kit import GamePresenter, points_of
from braille_words.games.word_rummikub import ENTRY
from braille_words.games.word_rummikub.view import RummikubView, TableWord
from braille_words.present.messages import render, text
from braille_words.present.rulebook import rules_told
from braille_words.present.tally import tally
from braille_words.speech.speaker import mark_word, mark_words_in
from braille_words.speech.spelling import cell_letter, said_letter
from braille_words.tiles import is_number

GAME = "word_rummikub"
WORD_LANG = "pl"
"""The language of the tiles: letters are named and Brailled in it, whatever the messages."""

_READ = {
    # "hand", "ręka": the word of a card game (Scrabble karty, Word Thief) a player brings
    # along; "hand" was an unknown command.
    "rack": ("stojak", "rack", "s", "płytki", "tiles", "moje płytki", "hand", "ręka", "reka"),
    "table": ("stół", "stol", "table", "t", "słowa", "words"),
    "scores": ("wyniki", "wynik", "punkty", "scores", "score"),
    "bank": ("bank", "pula", "bag"),
    "turn": ("kto", "czyj ruch", "turn", "whose turn"),
    "racks": ("stojaki", "racks", "ile płytek"),
}
_READ_WORDS = frozenset(word for words in _READ.values() for word in words)
"""Every reading command by name: the table asks at every line whether it is one."""
_WORD_PREFIXES = ("słowo", "slowo", "word", "w")
_TILE_PREFIXES = ("płytka", "plytka", "tile")
_LETTER_PREFIXES = ("litera", "letter")


def _t(lang: str, key: str, verbosity: str = "beginner", /, **params: Any) -> str:
    """The game's sentence ``key`` from its catalogue, in ``lang``."""
    return render(lang, GAME, key, params, verbosity=verbosity)


def _name(letter: str | None, lang: str, word_lang: str = WORD_LANG) -> str:
    """A tile said by its letter's name in the tiles' language (a joker in the message's)."""
    if letter is None:
        return _t(lang, "joker_name")
    return said_letter(letter, word_lang, lang)


def rack_letters(view: RummikubView) -> str:
    return "".join("?" if letter is None else letter for _id, letter in view["rack"])


def _word_text(word: TableWord, lang: str, word_lang: str = WORD_LANG) -> str:
    return mark_word(str(word["text"]).upper(), word_lang, lang)


def read(
    low: str, view: RummikubView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str | None:
    """Answer a reading command, or None when ``low`` is not one."""
    for key, words in _READ.items():
        if low in words:
            return _READERS[key](view, lang, verbosity, word_lang)
    first, _, rest = low.partition(" ")
    args = rest.split()
    if first in _WORD_PREFIXES and len(args) == 1 and is_number(args[0]):
        return read_word(view, int(args[0]), lang, word_lang)
    if first in _TILE_PREFIXES and len(args) == 1 and is_number(args[0]):
        return read_tile(view, int(args[0]), lang, word_lang)
    if first in _LETTER_PREFIXES and len(args) == 2 and all(is_number(a) for a in args):
        return read_letter(view, int(args[0]), int(args[1]), lang, word_lang)
    return None


def read_tile(view: RummikubView, number: int, lang: str, word_lang: str = WORD_LANG) -> str:
    """One rack tile: what a routing key on the rack picks, said so the player knows."""
    rack = view["rack"]
    if not 1 <= number <= len(rack):
        return _t(lang, "no_rack_tile", n=number, count=len(rack))
    name = _worth(view, _name(rack[number - 1][1], lang, word_lang), lang)
    return _t(lang, "tile_picked", n=number, name=name)


def _worth(view: RummikubView, name: str, lang: str) -> str:
    """A tile with what it is worth, as a single tile is said and its button is named (the
    rack's reading leaves the values out: every tile is worth the same)."""
    points = view.get("tile_points")
    return name if points is None else _t(lang, "tile_worth", name=name, value=points)


def _own_tile(target: Any, view: RummikubView) -> tuple[bool, str | None] | None:
    """(found, its letter: None a joker) of a rack or loose tile target; None for others."""
    if not (isinstance(target, tuple) and len(target) == 2 and target[0] in ("rack", "loose")):
        return None
    tiles = view["rack"] if target[0] == "rack" else view.get("loose") or []
    k = target[1]
    if not isinstance(k, int) or not 0 <= k < len(tiles):
        return None
    return True, tiles[k][1]


def tile_name(target: Any, view: RummikubView, lang: str, word_lang: str = WORD_LANG) -> str | None:
    """A rack or loose tile as the page names its button: its printed letter (marked as the
    tiles' language) or "joker", with its value, as ``płytka N`` says it."""
    found = _own_tile(target, view)
    if found is None:
        return None
    letter = found[1]
    name = _t(lang, "joker_name") if letter is None else mark_word(letter.upper(), word_lang, lang)
    return _worth(view, name, lang)


def tile_look(target: Any, view: RummikubView) -> dict[str, Any]:
    """A rack or loose tile's value in its corner (its name says it), a joker as a wild."""
    found = _own_tile(target, view)
    points = view.get("tile_points")
    if found is None or points is None:
        return {}
    return {"value": points, **({"kind": "wild"} if found[1] is None else {})}


def read_letter(
    view: RummikubView, word: int, position: int, lang: str, word_lang: str = WORD_LANG
) -> str:
    words = view["table"]
    if not 1 <= word <= len(words) or not 1 <= position <= len(words[word - 1]["tiles"]):
        return _t(lang, "no_letter_at", w=word, p=position)
    _id, letter, joker = words[word - 1]["tiles"][position - 1]
    name = _name(None if joker else letter, lang, word_lang)
    return _t(lang, "letter_at", w=word, p=position, name=name)


def read_rack(
    view: RummikubView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    rack = view["rack"]
    if not rack:
        return _t(lang, "rack_empty", verbosity)
    items = ", ".join(
        f"{i} {_name(letter, lang, word_lang)}" for i, (_id, letter) in enumerate(rack, 1)
    )
    said = _t(lang, "rack", verbosity, n=len(rack), items=items)
    loose = view.get("loose") or []
    if loose:
        tiles = ", ".join(_name(letter, lang, word_lang) for _id, letter in loose)
        said += " " + _t(lang, "to_place", verbosity, tiles=tiles)
    return said


def read_table(
    view: RummikubView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    words = view["table"]
    if not words:
        return _t(lang, "table_empty", verbosity)
    listed = ", ".join(f"{i} {_word_text(w, lang, word_lang)}" for i, w in enumerate(words, 1))
    return _t(lang, "table", verbosity, n=len(words), listed=listed)


def read_word(view: RummikubView, number: int, lang: str, word_lang: str = WORD_LANG) -> str:
    words = view["table"]
    if not 1 <= number <= len(words):
        return _t(lang, "no_word_n", n=number, count=len(words))
    word = words[number - 1]
    letters = ", ".join(
        f"{i} "
        + (
            _t(lang, "joker_as", letter=_name(letter, lang, word_lang))
            if joker
            else _name(letter, lang, word_lang)
        )
        for i, (_id, letter, joker) in enumerate(word["tiles"], 1)
    )
    return _t(lang, "word_letters", n=number, w=_word_text(word, lang, word_lang), letters=letters)


def read_scores(
    view: RummikubView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    parts = tally(zip(view["seats"], view["scores"], strict=False))
    return _t(lang, "scores", verbosity, s=parts)


def read_bank(view: RummikubView, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str:
    return _t(lang, "bank", verbosity, n=view["bank"])


def read_turn(view: RummikubView, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str:
    awaiting = view.get("awaiting") or []
    if view.get("over"):
        return _t(lang, "game_is_over", verbosity)
    if view["seat"] in awaiting:
        return _t(lang, "your_turn", verbosity)
    names = ", ".join(view["seats"][s] for s in awaiting)
    return _t(lang, "now_playing", verbosity, names=names)


def read_racks(
    view: RummikubView, lang: str, verbosity: str, word_lang: str = WORD_LANG
) -> str:
    parts = tally(zip(view["seats"], view["rack_sizes"], strict=False))
    return _t(lang, "racks", verbosity, s=parts)


_READERS = {
    "rack": read_rack,
    "table": read_table,
    "scores": read_scores,
    "bank": read_bank,
    "turn": read_turn,
    "racks": read_racks,
}


def prompt(view: RummikubView, lang: str, verbosity: str, word_lang: str = WORD_LANG) -> str:
    """What a seat hears when the game turns to it."""
    if view.get("vote"):
        return _t(lang, "prompt_vote", verbosity)
    first = not view["laid_down"][view["seat"]]
    # Words laid and the turn still open (a hint's move is left open): the child heard the
    # first lay-down's rule again and did not know the turn waited for "gotowe".
    key = "prompt_changed" if view.get("turn_changed") else (
        "prompt_first" if first else "prompt")
    return _t(
        lang,
        key,
        verbosity,
        rack=read_rack(view, lang, verbosity, word_lang) if verbosity != "expert" else "",
        # The same first-lay-down rule the help states, from the table's own settings.
        min=view["options"]["first_word_min"],
        many=view["options"]["first_lay_down_many_words"],
        # With no tile left, "dobierz" passes: said at every turn, since the end comes by it.
        empty=view["bank"] == 0,
        # Letter by letter: "WWWCAIZ" read as one word is a nonsense word to a synthesiser.
        # In an English sentence in lower case, as the other games' hands: UEB gave "T, J,
        # S" a capitals passage (five cells of 14) and a reader met capitals for letters.
        letters=", ".join(
            "joker" if ch == "?" else mark_word(cell_letter(ch, lang), word_lang, lang)
            for ch in rack_letters(view)
        ),
    )


def where(
    view: RummikubView,
    lang: str,
    verbosity: str,
    names: Sequence[str],
    word_lang: str = WORD_LANG,
) -> str:
    me = view["seat"]
    return " ".join(
        [
            _t(lang, "where_you_are", verbosity, name=names[me],
               title=ENTRY.title_in(word_lang)),
            read_turn(view, lang, verbosity),
            _t(
                lang,
                "where_counts",
                verbosity,
                r=len(view["rack"]),
                t=len(view["table"]),
                b=view["bank"],
            ),
            read_scores(view, lang, verbosity),
        ]
    )


def final(result: dict[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
    scores = result.get("scores", [])
    winners = [names[s] for s in result.get("winners", result.get("winner_seats", []))]
    # Where the points came from, by the rulebook's scoring: a child whose running total was
    # 87 heard 91 at the end with no reason (the last turn, doubled for an empty rack).
    said = [_t(lang, "final_score", score=score, parts=_score_parts(result, seat, score, lang))
            for seat, score in enumerate(scores)]
    parts = tally(zip(names, said, strict=False))
    return _t(lang, "final", parts=parts, w=winners)


def _score_parts(result: Mapping[str, Any], seat: int, score: int, lang: str) -> str:
    """One seat's score taken apart: the turns that scored and their letters (the longest
    word among them), the doubling for an emptied rack, the jokers left on the rack."""
    def at(key: str, empty: Any) -> Any:
        values = list(result.get(key) or [])
        return values[seat] if seat < len(values) else empty

    turns, doubled, penalty = int(at("words_scored", 0)), int(at("doubled", 0)), int(
        at("penalties", 0))
    longest = str(at("longest", ""))
    letters = score + penalty - doubled
    if turns:
        parts = [_t(lang, "final_turns", turns=turns, points=letters)]
    elif letters:  # a save from before the turns were counted
        parts = [_t(lang, "final_words", points=letters)]
    else:
        parts = [_t(lang, "final_none")]
    if longest:
        parts.append(_t(lang, "final_longest", word=longest.upper()))
    if doubled:
        parts.append(_t(lang, "final_doubled", points=doubled))
    if penalty:
        parts.append(_t(lang, "final_penalty", points=penalty))
    return ", ".join(parts)


_CUES = {
    "tile_placed": "placed",
    "word_started": "placed",
    "tile_moved": "placed",
    "word_split": "placed",
    "table_rebuilt": "placed",
    "words_rebuilt": "placed",
    "words_rearranged": "placed",
    "turn_ended": "accepted",
    "joker_swapped": "joker",
    "time_up": "time_up",
    "tiles_received": "picked",
}



def event_params(
    kind: str,
    params: dict[str, Any],
    seat: int,
    names: Sequence[str],
    lang: str,
    word_lang: str = WORD_LANG,
) -> dict[str, Any]:
    """Jokers named as jokers, winners by name, and tiles by the names the rack reading uses
    (``{named}``: "o kreskowane", not a bare capital Ó a synthesiser may swallow)."""
    extra: dict[str, Any] = {}
    letters = params.get("letters")
    if isinstance(letters, list):
        extra["letters"] = ["joker" if x is None else x for x in letters]
        extra["named"] = ", ".join(_name(x, lang, word_lang) for x in letters)
    if kind == "game_over":
        extra["winners"] = ", ".join(names[s] for s in params.get("winner_seats", []))
    # The table's words and letters in a move's news: in their language (issue 38).
    for key in ("word", "words", "taken", "added"):
        if isinstance(params.get(key), str):
            extra[key] = mark_words_in(params[key], word_lang, lang)
    return extra


def braille_view(
    view: RummikubView, lang: str, selection: Any = None, word_lang: str = WORD_LANG
) -> list[NamedLine]:
    """Rack, table and scores, each a line the reader moves to with line up/down; a rack tile
    picked with a routing key carries dot 8."""
    rack = [letter for _id, letter in view["rack"]]
    picked = [selection[1]] if isinstance(selection, tuple) and selection[0] == "rack" else []
    # A joker on the table shows the letter it stands for, with dot 7 (the Braille design).
    words = [
        [PlayedJoker(letter) if joker else letter for _id, letter, joker in w["tiles"]]
        for w in view["table"]
    ]
    # The tiles are in the game's word language whatever language the messages are in.
    lines = [NamedLine("rack", rack_line(rack, word_lang, selected=picked))]
    if view.get("loose"):
        lines.append(
            NamedLine(
                "loose", rack_line([lt for _i, lt in view["loose"]], word_lang, name="loose")
            )
        )
    lines.append(NamedLine("table", words_line(words, word_lang)))
    lines.append(
        NamedLine(
            "scores",
            text_line(read_scores(view, lang, "expert"), lang, Mode.LITERARY, name="scores"),
        )
    )
    return lines


def route(target: Any, selection: Any) -> tuple[Any, str | None]:
    """A routing key on the rack picks a tile; on a table letter it puts the picked tile (or
    moves the picked table letter) in front of that letter. Routing the same tile again drops
    the pick."""
    if not isinstance(target, tuple) or not target:
        return selection, None
    if target[0] == "rack":
        if selection == target:
            return None, None
        return target, f"tile {target[1] + 1}"
    if target[0] == "word" and len(target) == 3:
        _, w, i = target
        if isinstance(selection, tuple) and selection[0] == "rack":
            return None, f"put {selection[1] + 1} {w + 1} {i + 1}"
        if isinstance(selection, tuple) and selection[0] == "word":
            if selection == target:
                return None, None
            return None, f"move {selection[1] + 1} {selection[2] + 1} {w + 1} {i + 1}"
        return target, f"letter {w + 1} {i + 1}"
    if target[0] in ("message", "text", "scores"):
        return selection, "repeat"
    return selection, None


_TYPED_TILE = re.compile(r"(?:płytka|plytka|tile) (\d+)")
_TYPED_PLACE = re.compile(r"(\d+) (\d+)")


def typed_target(line: str, selection: Any) -> Any:
    """``płytka 3`` picks rack tile 3 as routing on it does; with a pick, ``1 2`` points at
    letter 2 of word 1 (the pick goes in front of it, or to the end of a word one past it)."""
    tile = _TYPED_TILE.fullmatch(line)
    if tile is not None and int(tile.group(1)) >= 1:
        target = ("rack", int(tile.group(1)) - 1)
        return None if selection == target else target  # a routing key picked it already
    place = _TYPED_PLACE.fullmatch(line)
    if place is not None and selection is not None:
        word, letter = int(place.group(1)), int(place.group(2))
        if word >= 1 and letter >= 1:
            return ("word", word - 1, letter - 1)
    return None


def describe_move(move: Any, lang: str, view: RummikubView | None = None) -> str:
    """A computer hint, said as the command that plays it."""
    from braille_words.errors import InputError
    from braille_words.games.word_rummikub.commands import to_command
    from braille_words.games.word_rummikub.rules import Draw, EndTurn, Rebuild

    if view is None:
        return str(move.to_json())
    try:
        command = to_command(move, view, lang)
    except InputError:
        return str(move.to_json())
    points = points_of(move)
    worth = "" if points is None else _t(lang, "hint_worth", points=points)
    if isinstance(move, EndTurn):
        return _t(lang, "hint_end", command=command, worth=worth)
    if isinstance(move, Draw):
        # "Możesz dobrać płytkę" with an empty bank sent a child to draw, and it passed.
        said = _t(lang, "hint_draw", command=command, empty=view["bank"] == 0)
        return _t(lang, "hint_from_start", hint=said) if view.get("turn_changed") else said
    if isinstance(move, Rebuild) and move.make:
        # "= wkurzona" alone was heard as "równa się wkurzona": say what the line does.
        words = ", ".join(w.upper() for w in move.make)
        taken = ", ".join(str(i + 1) for i in move.take)
        said = _t(lang, "hint_rebuild", command=command, words=words, taken=taken, worth=worth,
                  count=len(move.take))
        # A hint is for the turn's start: from a table already changed, its line is typed
        # after taking every tile back.
        return _t(lang, "hint_from_start", hint=said) if view.get("turn_changed") else said
    return command


def nudge(
    move: Any, lang: str, view: RummikubView, verbosity: str, word_lang: str = WORD_LANG
) -> str | None:
    """What to look for, not the move: the length of the word to make, the table words to
    take apart and the player's own letters it needs (by name, like the rack reading)."""
    from collections import Counter

    from braille_words.games.word_rummikub.rules import Rebuild

    if not isinstance(move, Rebuild) or not move.make:
        return None
    table = view["table"]
    taken = Counter("".join(table[i]["text"] for i in move.take if 0 <= i < len(table)))
    own = Counter("".join(move.make)) - taken
    # In the rack's order, not the word's: "wu, ka, u, er, zet, o, en, a" spelled WKURZONA,
    # the whole answer, in a hint meant to leave the word to the player.
    letters = sorted(own.elements(), key=_rack_order(view))
    longest = max(len(word) for word in move.make)
    params = {
        "length": longest,
        "letters": ", ".join(_name(x, lang, word_lang) for x in letters),
        "tiles": " ".join(cell_letter(x, lang) for x in letters),
        "words": ", ".join(str(i + 1) for i in move.take),
        "count": len(move.take),
        "own": len(letters),
    }
    key = "nudge_table" if move.take else "nudge"
    return render(lang, "word_rummikub", key, params, verbosity=verbosity)


def _rack_order(view: RummikubView) -> Callable[[str], tuple[int, str]]:
    """A letter's place on the rack (its first tile there), for naming letters as the player
    finds them; a letter only a joker gives comes last."""
    places: dict[str, int] = {}
    for place, (_id, letter) in enumerate(view["rack"]):
        if letter is not None:
            places.setdefault(letter, place)
    return lambda letter: (places.get(letter, len(places) + 1), letter)


def timer(view: RummikubView) -> TimerRequest | None:
    """The optional move limit (the print edition's 60 seconds): one countdown per turn;
    and in the thematic game, one per vote, so nobody away from the table holds it up."""
    if view.get("over"):
        return None
    vote = view.get("vote")
    if vote:
        seconds = int(view.get("options", {}).get("vote_seconds") or 0)
        if seconds <= 0:
            return None
        vote_key = ("vote", vote.get("seat"), view.get("turns_played", 0))
        return TimerRequest(vote_key, float(seconds), warning_at=min(10.0, seconds / 3))
    limit = int(view.get("options", {}).get("move_limit_seconds") or 0)
    if limit <= 0:
        return None
    awaiting = view.get("awaiting") or []
    key = ("move", view.get("current"), view.get("turns_played", 0), tuple(awaiting))
    return TimerRequest(key, float(limit), warning_at=min(10.0, limit / 3))


class Presenter(GamePresenter[RummikubView]):
    """Rummikub Słowny's presenter as the table calls it (the functions above do the work).

    ``word_lang`` is the kit's word language: tiles are named, Brailled and voiced in it."""

    cues = _CUES
    skip_events = frozenset({"time_up", "passed"})

    def __init__(self, word_lang: str = WORD_LANG) -> None:
        super().__init__(word_lang)

    def read(self, low: str, view: RummikubView, lang: str, verbosity: str) -> str | None:
        # "zasady", "zasady 2", "wartości": the rules told by the game (issue 33 §2).
        told = rules_told(GAME, low, lang, None, self.word_lang)
        return told if told is not None else read(low, view, lang, verbosity, self.word_lang)

    def reads(self, low: str, view: RummikubView, lang: str) -> bool:
        return low in _READ_WORDS or super().reads(low, view, lang)

    def prompt(self, view: RummikubView, lang: str, verbosity: str) -> str:
        return prompt(view, lang, verbosity, self.word_lang)

    def prompt_key(self, view: RummikubView) -> Any:
        """The turn is said again once it is left open by the seat's own change: a player who
        laid a word heard only the move ("Ada układa: 1 PUSTYMI.") and waited in silence,
        not knowing the turn waits for "gotowe"; now "Twój ruch trwa… powiedz „gotowe”"
        follows whenever the turn goes from untouched to changed (more words laid keep it
        open and quiet; "cofnij" or "od nowa" back to the start says the turn as at its
        start, and the next change says it is open again)."""
        return bool(view.get("turn_changed"))

    def where(self, view: RummikubView, lang: str, verbosity: str, names: Sequence[str]) -> str:
        return where(view, lang, verbosity, names, self.word_lang)

    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        return final(dict(result), lang, names, seat)

    def braille_view(self, view: RummikubView, lang: str, selection: Any = None) -> list[NamedLine]:
        return braille_view(view, lang, selection, self.word_lang)

    def rack_letters(self, view: RummikubView) -> str:
        return rack_letters(view)

    def target_name(self, target: Any, view: RummikubView, lang: str) -> str | None:
        return tile_name(target, view, lang, self.word_lang)

    def target_look(self, target: Any, view: RummikubView) -> Mapping[str, Any]:
        return tile_look(target, view)

    def event_params(
        self,
        kind: str,
        params: Mapping[str, Any],
        seat: int,
        names: Sequence[str],
        lang: str = "en",
    ) -> dict[str, Any]:
        return event_params(kind, dict(params), seat, names, lang, self.word_lang)

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        return route(target, selection)

    def typed_target(self, line: str, selection: Any) -> Any:
        return typed_target(line, selection)

    def resumed(self, view: RummikubView, lang: str, verbosity: str, *,
                private: bool = False) -> str:
        said = text(lang, "resumed_turns", verbosity, turns=view["turns_played"])
        if view["turn_changed"]:
            said += " " + text(lang, "resumed_turn_in_progress", verbosity)
        return said

    def describe_move(self, move: Any, lang: str, view: RummikubView | None = None) -> str:
        return describe_move(move, lang, view)

    def nudge(self, move: Any, lang: str, view: RummikubView, verbosity: str) -> str | None:
        return nudge(move, lang, view, verbosity, self.word_lang)

    def timer(self, view: RummikubView) -> TimerRequest | None:
        return timer(view)

    def cancel_line(self, lang: str) -> str | None:
        # One step back; the whole turn is reset only when the player says "od nowa".
        return "undo" if lang == "en" else "cofnij"
