"""What Alicja says and shows: the theme, the forbidden letters, who speaks, the words said,
who is out and why, the cups, and in the advanced game the characters, their tokens and a
laid letter (a secret letter only to its owner); the teapot is the game's clock, with its own
music."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from braille_words.braille import Mode, text_line
from braille_words.braille.lines import NamedLine
from braille_words.games.alicja.commands import to_command
from braille_words.games.alicja.rules import Data, load_data
from braille_words.games.base import Event
from braille_words.games.interface import TimerRequest
from braille_words.games.kit import GamePresenter, standings
from braille_words.present.messages import render
from braille_words.present.rulebook import rules_told
from braille_words.present.tally import tally
from braille_words.speech.speaker import mark_word

GAME = "alicja"


@functools.cache
def _data(word_lang: str = "pl") -> Data:
    """The data file of the game's words (its themes by number, the vote's time)."""
    return load_data(words=word_lang)

_READ = {
    "theme": ("temat", "theme"),
    "letters": ("litery", "zakazane", "letters"),
    "words": ("słowa", "slowa", "words"),
    "scores": ("wyniki", "punkty", "filiżanki", "scores", "cups"),
    "characters": ("postacie", "postać", "postac", "characters", "character"),
    "secret": ("sekret", "tajna litera", "secret", "secret letter"),
}


def _t(lang: str, key: str, verbosity: str = "beginner", /, **params: Any) -> str:
    return render(lang, GAME, key, params, verbosity=verbosity)


def _name(view: Mapping[str, Any], seat: int | None) -> str:
    seats = view["seats"]
    return seats[seat] if seat is not None and 0 <= seat < len(seats) else "?"


def theme_name(view: Mapping[str, Any], word_lang: str) -> str:
    """The chosen theme's name in the game's word language (no default: a resumed English
    game named its theme from the Polish list, "komputer" for night)."""
    themes = view["themes"]
    return _data(word_lang).themes[themes[0]].name if len(themes) == 1 else ""


def read(low: str, view: Mapping[str, Any], lang: str, verbosity: str,
         word_lang: str = "pl") -> str | None:
    for what, words in _READ.items():
        if low not in words:
            continue
        if what == "theme":
            if view["phase"] == "theme":
                return choose_sentence(view, lang, verbosity, word_lang)
            return _t(lang, "read_theme", verbosity, theme=theme_name(view, word_lang))
        if what == "letters":
            return letters_sentence(view, lang, verbosity)
        if what == "characters":
            return characters_sentence(view, lang, verbosity)
        if what == "secret":
            if view["secret"] is None:
                return _t(lang, "no_secret_letter", verbosity)
            return _t(lang, "read_secret", verbosity, letter=view["secret"].upper())
        if what == "words":
            said = [f"{_name(view, s)}: {w}" for s, w in view["said"]]
            return _t(lang, "read_words", verbosity, words="; ".join(said)) if said else \
                _t(lang, "no_words_yet", verbosity)
        return read_scores(view, lang, verbosity)
    return None


def letters_sentence(view: Mapping[str, Any], lang: str, verbosity: str, *,
                     secret: bool = True) -> str:
    """The row, a laid letter (whose, and whether it binds this seat), own secret letter
    (left out with ``secret=False``: a sentence a shared speaker may say to everyone)."""
    if view["phase"] == "theme":
        return _t(lang, "letters_later", verbosity)
    row = [x.upper() for x in view["letters"]]
    said = _t(lang, "read_letters", verbosity, letters=row) if row else \
        _t(lang, "no_letters", verbosity)
    for placer, letter in view.get("laid", []):
        said += " " + _t(lang, "read_laid", verbosity, letter=letter.upper(),
                         name=_name(view, placer),
                         binds="yes" if letter in view["forbidden"] else
                         ("own" if placer == view["seat"] else "no"))
    if secret and view.get("secret") and view["seat"] in view["active"]:
        said += " " + _t(lang, "read_secret", verbosity, letter=view["secret"].upper())
    return said


def character_name(lang: str, character: str) -> str:
    return _t(lang, f"char_{character}") if character else ""


def characters_sentence(view: Mapping[str, Any], lang: str, verbosity: str) -> str:
    """Each player's character with what is left of it: tokens, a turned or face-down card,
    Pan Gąsienica's token."""
    if not view.get("characters"):
        return _t(lang, "no_characters", verbosity)
    parts = []
    for seat, card in enumerate(view["characters"]):
        state = ("out" if seat in view["out"] and seat not in view["active"] and
                 view["phase"] != "theme" else
                 "turned" if seat in view["sideways"] else "up")
        parts.append(_t(lang, "one_character", verbosity, name=_name(view, seat),
                        character=character_name(lang, card), state=state,
                        tokens=view["tokens"][seat] if view["tokens"] else 0))
    said = "; ".join(parts) + "."
    if view.get("caterpillar") is not None:
        said += " " + _t(lang, "read_caterpillar", verbosity,
                         name=_name(view, view["caterpillar"]))
    return said


def abilities_sentence(view: Mapping[str, Any], lang: str, verbosity: str,
                       word_lang: str = "pl") -> str:
    """What this seat may use now, said at its turn so nobody has to remember the commands
    (an example word in the words played: "clown +E")."""
    seat = view["seat"]
    if not view.get("characters") or seat not in view["active"]:
        return ""
    card = view["characters"][seat]
    upright = seat not in view["sideways"]
    can = []
    if view["tokens"] and view["tokens"][seat] and (upright or view.get("hat")):
        can.append(_t(lang, "can_token", verbosity, tokens=view["tokens"][seat]))
    if upright and card == "cat":
        can.append(_t(lang, "can_cat", verbosity))
    if upright and card == "hatter":
        can.append(_t(lang, "can_hat", verbosity))
    if view.get("secret"):
        can.append(_t(lang, "can_lay", verbosity, letter=str(view["secret"]).upper(),
                      word_lang=word_lang))
    if upright and card == "deuce" and view.get("just") not in (None, seat):
        can.append(_t(lang, "can_encore", verbosity, name=_name(view, view["just"])))
    return " ".join(can)


def read_scores(view: Mapping[str, Any], lang: str, verbosity: str) -> str:
    cups = tally((_name(view, s), c) for s, c in enumerate(view["cups"]))
    return _t(lang, "read_scores", verbosity, round=view["round"], rounds=view["rounds"],
              cups=cups)


def choose_sentence(view: Mapping[str, Any], lang: str, verbosity: str,
                    word_lang: str = "pl") -> str:
    # The themes are in the words' language: marked so on a page in another (issue 38).
    first, second = (mark_word(_data(word_lang).themes[i].name, word_lang, lang)
                     for i in view["themes"])
    return _t(lang, "choose_theme", verbosity, first=first, second=second)


def prompt(view: Mapping[str, Any], lang: str, verbosity: str, word_lang: str = "pl") -> str:
    seat, phase = view["seat"], view["phase"]
    if phase == "over":
        return _t(lang, "over", verbosity)
    if seat not in view["awaiting"]:
        if phase == "vote":
            return _t(lang, "vote_waiting", verbosity)
        if phase == "talk" and seat not in view["active"]:
            return _out_waiting(view, lang, verbosity)
        if view["madness"] and seat in view["active"]:
            return _t(lang, "waiting_wild", verbosity, player=_name(view, view["current"]))
        return _t(lang, "waiting", verbosity, player=_name(view, view["current"]))
    if phase == "theme":
        if len(view["themes"]) == 2 and seat == view["current"]:
            return choose_sentence(view, lang, verbosity, word_lang)
        others = [n for k, n in enumerate(view["seats"]) if k != seat]
        return _t(lang, "place_caterpillar", verbosity, players=others, example=others[0])
    if phase == "vote":
        words = view["said"][view["last"]][1] if view["last"] is not None else ""
        if view.get("suspect"):
            return _t(lang, "vote_family", verbosity, words=words.upper(),
                      earlier=view["suspect"].upper())
        return _t(lang, "vote_now", verbosity, words=words.upper(),
                  theme=theme_name(view, word_lang))
    if not _turn_names_theme(view):
        # The theme and the row were said a moment ago, as the conversation began.
        turn = _t(lang, "first_turn", verbosity, clock=_clock(view))
        extra = abilities_sentence(view, lang, verbosity, word_lang)
        return f"{turn} {extra}" if extra else turn
    forbidden = [x.upper() for x in view["forbidden"]]
    turn = _t(lang, "your_turn", verbosity, theme=theme_name(view, word_lang),
              letters=forbidden or _t(lang, "none", verbosity), clock=_clock(view))
    extra = abilities_sentence(view, lang, verbosity, word_lang)
    return f"{turn} {extra}" if extra else turn


def _turn_names_theme(view: Mapping[str, Any]) -> bool:
    """Whether the seat's prompt to speak says the theme and the forbidden letters: every
    turn's does but the conversation's first, said just after them."""
    return not (view["teapot"] == 1 and not view["said"] and not view.get("laid"))


def _prompt_names_theme(view: Mapping[str, Any]) -> bool:
    """Whether this seat's prompt, said next, names the theme and the letters."""
    return (view["seat"] in view["awaiting"] and view["phase"] not in ("over", "theme", "vote")
            and _turn_names_theme(view))


def _clock(view: Mapping[str, Any]) -> str:
    """"no" at a table that runs no clock (its view's teapot has no seconds): a turn there
    is not hurried by a teapot that never stops."""
    return "yes" if view.get("teapot_seconds") else "no"


def _out_waiting(view: Mapping[str, Any], lang: str, verbosity: str) -> str:
    """A player out of the round: who speaks, how many are still in it (by name), and, until
    they asked for it, that "czekam" makes the rest of the round quieter: a child out early
    listened for minutes not knowing how long (issue 33)."""
    left = [_name(view, s) for s in view["active"]]
    return _t(lang, "out_waiting", verbosity, player=_name(view, view["current"]),
              left=len(left), names=left, quiet="yes" if view.get("quiet") else "no")


def where(view: Mapping[str, Any], lang: str, verbosity: str, names: Sequence[str],
          word_lang: str = "pl") -> str:
    if (view["phase"] == "theme" and view["seat"] == view["current"]
            and len(view.get("themes", ())) == 2):
        # The Queen asking "where am I" is told her choice, not "Turn: <her name>. The Queen
        # draws the letters once she has chosen" as if the Queen were someone else.
        return " ".join((choose_sentence(view, lang, verbosity, word_lang),
                         read_scores(view, lang, verbosity)))
    if view["phase"] == "over":  # no turn, theme or letters left: it said "?'s turn."
        return " ".join((_t(lang, "game_ended", verbosity), read_scores(view, lang, verbosity)))
    # The seat asking is told "Your turn", not its own name as if it were someone else's;
    # during a vote, the vote (a voter heard "Ada's turn." while the game waited on them).
    turn = (prompt(view, lang, verbosity, word_lang) if view["phase"] == "vote" else
            _t(lang, "turn_of", verbosity, player=_name(view, view["current"]),
               self="yes" if view["seat"] == view["current"] else "no"))
    if view["phase"] == "talk" and view["seat"] not in view["active"]:
        turn = _out_waiting(view, lang, verbosity)
    named = theme_name(view, word_lang)
    theme = _t(lang, "read_theme", verbosity, theme=named) if named else ""
    letters = letters_sentence(view, lang, verbosity)
    return " ".join(p for p in (turn, theme, letters, read_scores(view, lang, verbosity)) if p)


def final(result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
    if result.get("tied"):  # the rulebook's optional tie-break decided it
        tied = [names[s] for s in result["tied"] if s < len(names)]
        return _t(lang, "final_tie_break", tied=tied, **standings(result, names))
    return _t(lang, "final", **standings(result, names))


def variant_said(view: Mapping[str, Any], lang: str) -> str:
    """Which of the rulebook's variants this table plays, for ``zasady 5``: the advanced
    game and the children's combine, "Za mało szaleństwa?" adds to either."""
    parts = [key for key, on in (("advanced", bool(view.get("characters"))),
                                 ("children", bool(view.get("children"))),
                                 ("wild", bool(view.get("madness")))) if on]
    return ", ".join(_t(lang, f"variant_{key}") for key in parts or ["basic"])


def event_params(kind: str, params: dict[str, Any], seat: int, names: Sequence[str],
                 lang: str, word_lang: str = "pl") -> dict[str, Any]:
    def name(s: Any) -> str:
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"

    # A player out of the round who said "czekam" is not told the turns, words and ballots.
    extra: dict[str, Any] = {"quiet": "yes" if seat in params.get("hush", ()) else "no"}
    for key in ("seat", "queen", "challenger", "target"):
        if key in params:
            extra[f"{key}_name"] = name(params[key])
    if "character" in params:
        extra["character_name"] = character_name(lang, str(params["character"]))
    if kind == "characters_dealt":
        extra["cards_said"] = ", ".join(f"{name(s)} — {character_name(lang, c)}"
                                        for s, c in params["cards"])
    if kind == "theme_chosen" and not params.get("letters"):
        extra["letters"] = _t(lang, "none")
    if "words" in params:
        # Marked as the game's words, so a Polish voice reads English words in English.
        extra["words_up"] = mark_word(str(params["words"]).upper(), word_lang, lang)
    if kind == "player_out":
        extra["detail"] = _out_detail(params, name, lang, word_lang, seat)
        # Out for the word just said: its line named the speaker a moment ago ("Ewa: HOP.
        # Odpada — litera: H." on the cells, not "Ewa" twice).
        # The child going out is told "Odpadasz" ("Gracz odpada" named a player the child
        # did not know was them).
        mine = params.get("seat") == seat
        extra["self"] = "yes" if mine else "no"
        extra["named"] = ("yes" if params.get("why") in ("letter", "repeat", "slip") else
                          "self" if mine else "no")
        left = [name(s) for s in params.get("left", ())]
        # Said only to the one going out, while the round goes on without them.
        waits = params.get("seat") == seat and len(left) >= 2
        extra["you_wait"] = _t(lang, "you_wait", left=len(left), names=left) if waits else ""
        # The same on 14 cells, where the whole took a dozen windows.
        extra["you_wait_short"] = _t(lang, "you_wait_short", names=left) if waits else ""
    if kind in ("challenged", "suspected"):
        # The speaker of a challenged word does not vote: told "Vote: yes…" they answered,
        # and heard only that they were out. A voter's prompt asks the question right after
        # ("asked"): the news says only what happened, so the question is heard once.
        extra["yours"] = ("yes" if params.get("seat") == seat else
                          "asked" if params.get("asked") == "yes" else "no")
    if kind == "vote_cast":
        # The child's own ballot: "Gracz głosuje." named her by the table's name for her.
        extra["voter"] = ("quiet" if extra["quiet"] == "yes" else
                          "self" if params.get("seat") == seat else "other")
    if kind == "cups_scored":
        extra["cups_said"] = tally((name(s), c) for s, c in params["cups"])
        totals = params.get("totals") or ()
        extra["totals_said"] = tally((name(s), c) for s, c in enumerate(totals))
    if kind in ("round_started", "themes_drawn"):
        # The Queen's own prompt offers her the two themes: she is not told them first.
        extra["mine"] = "yes" if params.get("queen") == seat else "no"
    if "stands" in params:
        extra["result"] = "stands" if params["stands"] else "goes"
    return extra


def _out_detail(params: Mapping[str, Any], name: Any, lang: str, word_lang: str = "pl",
                seat: int | None = None) -> str:
    """Why a player went out, beyond the reason's word: the forbidden letters; the earlier
    word repeated, who said it ("you" to the one who did: a child alone at the table does not
    know the table's name for them) and how (the same word, another form, one family); what
    the table voted on (the theme, or the word it derives from)."""
    why = params.get("why")
    if why == "repeat" and "relation" in params:
        by = params.get("by")
        by_name = _t(lang, "said_by_you") if by is not None and by == seat else name(by)
        return _t(lang, f"out_repeat_{params['relation']}",
                  word=mark_word(str(params.get("word", "?")), word_lang, lang),
                  earlier=mark_word(str(params.get("earlier", "?")), word_lang, lang),
                  by_name=by_name)
    if why == "vote" and params.get("about") == "family":
        return _t(lang, "out_vote_family",
                  words=mark_word(str(params.get("words", "?")), word_lang, lang),
                  earlier=mark_word(str(params.get("earlier", "?")), word_lang, lang))
    if why == "vote" and params.get("about") == "theme":
        themes = _data(word_lang).themes
        index = params.get("theme", -1)
        theme = themes[index].name if isinstance(index, int) and 0 <= index < len(themes) else "?"
        return _t(lang, "out_vote_theme",
                  words=mark_word(str(params.get("words", "?")), word_lang, lang),
                  theme=mark_word(theme, word_lang, lang))
    detail = params.get("letters") or params.get("earlier") or ""
    return f": {_join(detail)}" if detail else ""


def _join(value: Any) -> str:
    return ", ".join(str(v) for v in value) if isinstance(value, list | tuple) else str(value)


def braille_view(view: Mapping[str, Any], lang: str, selection: Any = None,
                 word_lang: str = "pl") -> list[NamedLine]:
    letters = " ".join(x.upper() for x in view["forbidden"])
    theme = theme_name(view, word_lang) or " / ".join(
        _data(word_lang).themes[i].name for i in view["themes"])
    said = "; ".join(w for _, w in view["said"][-6:])
    # The theme, its forbidden letters and the words said are the game's words: Brailled in
    # their language (English Braille in a game of English words with Polish messages). The
    # words said are spelled letter for letter, never contracted: whether a word holds a
    # forbidden letter is the game, and "the" in one cell of grade 2 hides its t, h and e.
    lines = [
        NamedLine("theme", text_line(f"{theme}: {letters}" if letters else theme, word_lang,
                                     Mode.LITERARY, name="theme")),
        NamedLine("words", text_line(said or "-", word_lang, Mode.UNCONTRACTED, name="words")),
        NamedLine("scores", text_line(read_scores(view, lang, "expert"), lang, Mode.LITERARY,
                                      name="scores")),
    ]
    if view["characters"]:  # the advanced game: the cards face up, turned, tokens
        lines.append(NamedLine("characters", text_line(
            characters_sentence(view, lang, "expert"), lang, Mode.LITERARY,
            name="characters")))
    return lines


_CUES = {"player_out": "rejected", "word_said": "placed", "challenged": "warning",
         "suspected": "warning", "round_won": "accepted", "theme_chosen": "your_turn",
         "letter_laid": "warning", "deuce_encore": "warning", "token_spent": "placed"}


class Presenter(GamePresenter[Any]):
    def offer_note(self, view: Any, line: str, lang: str) -> str:
        """BUŁKA offered for "bulka" with Ł forbidden: the offer says so before the "tak"."""
        low = line.lower()
        letters = [x.upper() for x in view.get("forbidden", ()) if x in low]
        if not letters:
            return ""
        return _t(lang, "offer_forbidden", "beginner", letters=letters, n=len(letters))

    def without_clock(self, view: Any) -> Any:
        """No teapot plays at a table without a clock: the turn does not say it does."""
        return {**view, "teapot_seconds": 0}

    def read(self, low: str, view: Any, lang: str, verbosity: str) -> str | None:
        # "zasady", "zasady 2", "wartości": the rules told by the game (issue 33 §2).
        # a table without a clock (``without_clock``) is told of no teapot
        clock = {"clock": "no" if view.get("teapot_seconds") == 0 else "yes",
                 "variant": variant_said(view, lang)}
        told = rules_told(GAME, low, lang, clock, self.word_lang)
        return told if told is not None else read(low, view, lang, verbosity, self.word_lang)

    def prompt(self, view: Any, lang: str, verbosity: str) -> str:
        return prompt(view, lang, verbosity, self.word_lang)

    def where(self, view: Any, lang: str, verbosity: str, names: Sequence[str]) -> str:
        return where(view, lang, verbosity, names, self.word_lang)

    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        return final(result, lang, names, seat)

    def braille_view(self, view: Any, lang: str, selection: Any = None) -> list[NamedLine]:
        return braille_view(view, lang, selection, self.word_lang)

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        """A routing key on a line reads that line in full, in words (the theme with its
        forbidden letters, the words said, the cups): the cells hold only a window of it."""
        line = target[0] if isinstance(target, tuple) and target else None
        read = _READ.get(line) if isinstance(line, str) else None
        return selection, (read[0] if read else None)

    def rack_letters(self, view: Any) -> str:
        """'literuj' alone spells the letters forbidden to this seat; with none (the theme
        not chosen yet, a children's table without letters) the theme, or the two offered."""
        return "".join(view["forbidden"]) or theme_name(view, self.word_lang) or " ".join(
            _data(self.word_lang).themes[i].name for i in view["themes"])

    def cue_for(self, kind: str, seat: int, params: Mapping[str, Any]) -> str | None:
        return _CUES.get(kind)

    def words_played(self, events: Sequence[Event], seat: int) -> list[str]:
        """What a player said on the theme (``word_said``'s words, one answer however many
        words it has): the report's words of Alicja."""
        said = [str(e.params.get("words", "")).upper() for e in events
                if e.kind == "word_said" and e.params.get("seat") == seat]
        return [w for w in said if w]

    def event_params(self, kind: str, params: Mapping[str, Any], seat: int,
                     names: Sequence[str], lang: str = "en") -> dict[str, Any]:
        return event_params(kind, dict(params), seat, names, lang, self.word_lang)

    def prompt_key(self, view: Any) -> Any:
        return (view["round"], view["phase"], view["current"], len(view["said"]),
                view["teapot"])

    def timer(self, view: Any) -> TimerRequest | None:
        """The teapot, restarted with every word; a vote has its own time."""
        if view["phase"] == "talk":
            # A new key restarts it: a new turn, a time token, the turn after a vote.
            key: tuple[Any, ...] = ("teapot", view["round"], view["teapot"])
            seconds = float(view["teapot_seconds"])
            return TimerRequest(key, seconds, warning_at=min(5.0, seconds / 3), ticking=True,
                                cue="teapot", beat=0.5)
        if view["phase"] == "vote":
            key = ("vote", view["round"], len(view["said"]))
            seconds = float(_data(self.word_lang).vote_seconds)
            return TimerRequest(key, seconds, warning_at=10.0)
        return None

    def skipped(self, events: Sequence[Event]) -> list[Event]:
        """A skipped turn puts the player out as a time-up does: said without the time-up's
        reason ("Janek odpada, karta 1."), after the table's "Nauczyciel pomija ruch"."""
        return [Event(e.kind, {**e.params, "why": "skip"}, e.to)
                if e.kind == "player_out" and e.params.get("why") == "time" else e
                for e in super().skipped(events)]

    def resumed(self, view: Any, lang: str, verbosity: str, *, private: bool = False) -> str:
        """The round, then the theme and the forbidden letters: a resumed game said only the
        round, and a child had to ask for what everyone was talking about. ``view`` is the
        seat's own: the seat whose turn it is hears them in its prompt instead, not twice."""
        said = _t(lang, "resumed", verbosity, round=view["round"], rounds=view["rounds"])
        theme = theme_name(view, self.word_lang)
        if not theme or _prompt_names_theme(view):
            return said  # the seat's turn, said next, names both: once is enough
        # Said aloud to the table (its shared speaker too), the seat's secret letter is not
        # in it ("litery" says it to its owner); to the seat's own computer it is.
        return " ".join((said, _t(lang, "read_theme", verbosity, theme=theme),
                         letters_sentence(view, lang, verbosity, secret=private)))

    def describe_move(self, move: Any, lang: str, view: Any = None) -> str:
        """The hint: the line to type, quoted in English ("say ship" on an English reader's
        cells had its "sh" sign, and a forbidden letter can hide in a contraction)."""
        return _t(lang, "hint_line", line=to_command(move, view or {}, lang))
