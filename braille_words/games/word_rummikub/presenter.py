"""Rummikub Słowny for ears and fingers: reading commands, prompts, Braille lines, sounds.

Everything here works from ``State.view_for(seat)``, never from the state itself, so nothing a
seat may not know can reach its voice or display. Letters are read by their names ("ka", "o
kreskowane") because a synthesiser saying a lone "o" or "ó" is easy to mishear.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from braille_words.braille import Mode, rack_line, text_line, words_line
from braille_words.braille.lines import NamedLine
from braille_words.braille.translator import PlayedJoker
from braille_words.games.interface import TimerRequest, View
from braille_words.games.kit import GamePresenter
from braille_words.present.messages import fill
from braille_words.speech.spelling import letter_name
from braille_words.tiles import is_number

PL = "pl"

_READ = {
    "rack": ("stojak", "rack", "s", "płytki", "tiles", "moje płytki"),
    "table": ("stół", "stol", "table", "t", "słowa", "words"),
    "scores": ("wyniki", "wynik", "punkty", "scores", "score"),
    "bank": ("bank", "pula", "bag"),
    "turn": ("kto", "czyj ruch", "turn", "whose turn"),
    "racks": ("stojaki", "racks", "ile płytek"),
}
_WORD_PREFIXES = ("słowo", "slowo", "word", "w")
_TILE_PREFIXES = ("płytka", "plytka", "tile")
_LETTER_PREFIXES = ("litera", "letter")


def _t(lang: str, pl: str, en: str, **params: Any) -> str:
    return fill(pl if lang == PL else en, params)


def _name(letter: str | None, lang: str) -> str:
    return "joker" if letter is None else letter_name(letter, lang)


def rack_letters(view: dict[str, Any]) -> str:
    return "".join("?" if letter is None else letter for _id, letter in view["rack"])


def _word_text(word: dict[str, Any]) -> str:
    return str(word["text"]).upper()


def read(low: str, view: dict[str, Any], lang: str, verbosity: str) -> str | None:
    """Answer a reading command, or None when ``low`` is not one."""
    for key, words in _READ.items():
        if low in words:
            return _READERS[key](view, lang, verbosity)
    first, _, rest = low.partition(" ")
    args = rest.split()
    if first in _WORD_PREFIXES and len(args) == 1 and is_number(args[0]):
        return read_word(view, int(args[0]), lang)
    if first in _TILE_PREFIXES and len(args) == 1 and is_number(args[0]):
        return read_tile(view, int(args[0]), lang)
    if first in _LETTER_PREFIXES and len(args) == 2 and all(is_number(a) for a in args):
        return read_letter(view, int(args[0]), int(args[1]), lang)
    return None


def read_tile(view: dict[str, Any], number: int, lang: str) -> str:
    """One rack tile: what a routing key on the rack picks, said so the player knows."""
    rack = view["rack"]
    if not 1 <= number <= len(rack):
        return _t(
            lang,
            "Nie ma płytki {n}; na stojaku płytek: {count}.",
            "There is no tile {n}; your rack has {count}.",
            n=number,
            count=len(rack),
        )
    return _t(
        lang,
        "Płytka {n}: {name}. Wskaż miejsce w słowie.",
        "Tile {n}: {name}. Now route to a place in a word.",
        n=number,
        name=_name(rack[number - 1][1], lang),
    )


def read_letter(view: dict[str, Any], word: int, position: int, lang: str) -> str:
    words = view["table"]
    if not 1 <= word <= len(words) or not 1 <= position <= len(words[word - 1]["tiles"]):
        return _t(
            lang,
            "Nie ma litery {p} w słowie {w}.",
            "Word {w} has no letter {p}.",
            w=word,
            p=position,
        )
    _id, letter, joker = words[word - 1]["tiles"][position - 1]
    name = _name(None if joker else letter, lang)
    return _t(
        lang,
        "Słowo {w}, litera {p}: {name}.",
        "Word {w}, letter {p}: {name}.",
        w=word,
        p=position,
        name=name,
    )


def read_rack(view: dict[str, Any], lang: str, verbosity: str) -> str:
    rack = view["rack"]
    if not rack:
        return _t(lang, "Stojak jest pusty.", "Your rack is empty.")
    items = ", ".join(f"{i} {_name(letter, lang)}" for i, (_id, letter) in enumerate(rack, 1))
    loose = view.get("loose") or []
    extra = ""
    if loose:
        extra = _t(
            lang,
            " Do ułożenia w tej turze: {tiles}.",
            " To place this turn: {tiles}.",
            tiles=", ".join(_name(letter, lang) for _id, letter in loose),
        )
    if verbosity == "expert":
        return f"{items}.{extra}"
    return (
        _t(
            lang,
            "Stojak, płytek {n}: {items}.",
            "Rack, {n} tiles: {items}.",
            n=len(rack),
            items=items,
        )
        + extra
    )


def read_table(view: dict[str, Any], lang: str, verbosity: str) -> str:
    words = view["table"]
    if not words:
        return _t(lang, "Stół jest pusty.", "The table is empty.")
    listed = ", ".join(f"{i} {_word_text(w)}" for i, w in enumerate(words, 1))
    if verbosity == "expert":
        return listed + "."
    return _t(
        lang,
        "Stół, słów {n}: {listed}.",
        "Table, {n} words: {listed}.",
        n=len(words),
        listed=listed,
    )


def read_word(view: dict[str, Any], number: int, lang: str) -> str:
    words = view["table"]
    if not 1 <= number <= len(words):
        return _t(
            lang,
            "Nie ma słowa {n}; na stole słów: {count}.",
            "There is no word {n}; the table has {count} words.",
            n=number,
            count=len(words),
        )
    word = words[number - 1]
    letters = ", ".join(
        f"{i} {_name(None if joker else letter, lang)}"
        + (_t(lang, " jako {l}", " as {l}", l=letter_name(letter, lang)) if joker else "")
        for i, (_id, letter, joker) in enumerate(word["tiles"], 1)
    )
    return _t(
        lang,
        "Słowo {n}, {w}: {letters}.",
        "Word {n}, {w}: {letters}.",
        n=number,
        w=_word_text(word),
        letters=letters,
    )


def read_scores(view: dict[str, Any], lang: str, verbosity: str) -> str:
    parts = [f"{name} {score}" for name, score in zip(view["seats"], view["scores"], strict=False)]
    return _t(lang, "Wyniki: {s}.", "Scores: {s}.", s=", ".join(parts))


def read_bank(view: dict[str, Any], lang: str, verbosity: str) -> str:
    return _t(lang, "W banku płytek: {n}.", "Tiles in the bank: {n}.", n=view["bank"])


def read_turn(view: dict[str, Any], lang: str, verbosity: str) -> str:
    awaiting = view.get("awaiting") or []
    if view.get("over"):
        return _t(lang, "Gra skończona.", "The game is over.")
    if view["seat"] in awaiting:
        return _t(lang, "Twój ruch.", "Your turn.")
    names = ", ".join(view["seats"][s] for s in awaiting)
    return _t(lang, "Ruch: {names}.", "Now playing: {names}.", names=names)


def read_racks(view: dict[str, Any], lang: str, verbosity: str) -> str:
    parts = [f"{name} {n}" for name, n in zip(view["seats"], view["rack_sizes"], strict=False)]
    return _t(lang, "Płytek na stojakach: {s}.", "Tiles on racks: {s}.", s=", ".join(parts))


_READERS = {
    "rack": read_rack,
    "table": read_table,
    "scores": read_scores,
    "bank": read_bank,
    "turn": read_turn,
    "racks": read_racks,
}


def prompt(view: dict[str, Any], lang: str, verbosity: str) -> str:
    """What a seat hears when the game turns to it."""
    if view.get("vote"):
        return _t(lang, "Głosuj: tak albo nie.", "Vote: yes or no.")
    if verbosity == "expert":
        return _t(lang, "Twój ruch: {r}.", "Your turn: {r}.", r=rack_letters(view).upper())
    first = not view["laid_down"][view["seat"]]
    hint = _t(
        lang,
        " Pierwsze wyłożenie: jedno słowo z co najmniej 6 liter albo „dobierz”."
        if first
        else " Ułóż słowa albo „dobierz”. „Pomoc” czyta polecenia.",
        ' First lay-down: one word of 6 letters or more, or "draw".'
        if first
        else ' Make words, or "draw". "Help" reads the commands.',
    )
    return (
        _t(lang, "Twój ruch. {rack}", "Your turn. {rack}", rack=read_rack(view, lang, verbosity))
        + hint
    )


def where(view: dict[str, Any], lang: str, verbosity: str, names: Sequence[str]) -> str:
    me = view["seat"]
    return " ".join(
        [
            _t(
                lang,
                "Rummikub Słowny, grasz jako {name}.",
                "Rummikub Słowny, you are {name}.",
                name=names[me],
            ),
            read_turn(view, lang, verbosity),
            _t(
                lang,
                "Na stojaku płytek: {r}, na stole słów: {t}, w banku: {b}.",
                "Your rack: {r} tiles; the table: {t} words; the bank: {b}.",
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
    parts = ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=False))
    return _t(
        lang,
        "Koniec gry. Wyniki: {parts}. Wygrywa: {w}.",
        "Game over. Scores: {parts}. Winner: {w}.",
        parts=parts,
        w=", ".join(winners),
    )


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


def cue_for(kind: str, seat: int, params: dict[str, Any]) -> str | None:
    return _CUES.get(kind)


def event_params(
    kind: str, params: dict[str, Any], seat: int, names: Sequence[str]
) -> dict[str, Any]:
    """Jokers named as jokers, winners by name."""
    extra: dict[str, Any] = {}
    letters = params.get("letters")
    if isinstance(letters, list):
        extra["letters"] = ["joker" if x is None else x for x in letters]
    if kind == "vote_result":
        extra["verdict_pl"] = "przyjmuje" if params.get("accepted") else "odrzuca"
    if kind == "game_over":
        extra["winners"] = ", ".join(names[s] for s in params.get("winner_seats", []))
    return extra


TILE_LANG = "pl"


def braille_view(view: dict[str, Any], lang: str, selection: Any = None) -> list[NamedLine]:
    """Rack, table and scores, each a line the reader moves to with line up/down; a rack tile
    picked with a routing key carries dot 8."""
    rack = [letter for _id, letter in view["rack"]]
    picked = [selection[1]] if isinstance(selection, tuple) and selection[0] == "rack" else []
    # A joker on the table shows the letter it stands for, with dot 7 (the Braille design).
    words = [
        [PlayedJoker(letter) if joker else letter for _id, letter, joker in w["tiles"]]
        for w in view["table"]
    ]
    # The tiles are Polish letters whatever language the messages are in.
    lines = [NamedLine("rack", rack_line(rack, TILE_LANG, selected=picked))]
    if view.get("loose"):
        lines.append(
            NamedLine(
                "loose", rack_line([lt for _i, lt in view["loose"]], TILE_LANG, name="loose")
            )
        )
    lines.append(NamedLine("table", words_line(words, TILE_LANG)))
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


def describe_move(move: Any, lang: str, view: dict[str, Any] | None = None) -> str:
    """A computer hint, said as the command that plays it."""
    from braille_words.errors import InputError
    from braille_words.games.word_rummikub.commands import to_command

    try:
        return to_command(move, view or {}, lang)
    except InputError:
        return str(move.to_json())


def timer(view: dict[str, Any]) -> TimerRequest | None:
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


class Presenter(GamePresenter):
    """Rummikub Słowny's presenter as the table calls it (the functions above do the work)."""

    def read(self, low: str, view: View, lang: str, verbosity: str) -> str | None:
        return read(low, view, lang, verbosity)

    def prompt(self, view: View, lang: str, verbosity: str) -> str:
        return prompt(view, lang, verbosity)

    def where(self, view: View, lang: str, verbosity: str, names: Sequence[str]) -> str:
        return where(view, lang, verbosity, names)

    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        return final(dict(result), lang, names, seat)

    def braille_view(self, view: View, lang: str, selection: Any = None) -> list[NamedLine]:
        return braille_view(view, lang, selection)

    def rack_letters(self, view: View) -> str:
        return rack_letters(view)

    def cue_for(self, kind: str, seat: int, params: Mapping[str, Any]) -> str | None:
        return cue_for(kind, seat, dict(params))

    def event_params(
        self, kind: str, params: Mapping[str, Any], seat: int, names: Sequence[str]
    ) -> dict[str, Any]:
        return event_params(kind, dict(params), seat, names)

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        return route(target, selection)

    def describe_move(self, move: Any, lang: str, view: View | None = None) -> str:
        return describe_move(move, lang, view)

    def timer(self, view: View) -> TimerRequest | None:
        return timer(view)

    def cancel_line(self, lang: str) -> str | None:
        # One step back; the whole turn is reset only when the player says "od nowa".
        return "undo" if lang == "en" else "cofnij"
