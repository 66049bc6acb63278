"""The other half of the game interface: the parts of a game that talk to people.

``games/interface.py`` declares the pure half (rules, states, moves); this module the command
language, the computer player, the presenter and the ``GameKit`` that binds them for the table.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from braille_words.games.interface import GameRules, M, S, SeatClockRequest, TimerRequest, V
from braille_words.present.messages import text
from braille_words.present.tally import tally

if TYPE_CHECKING:
    from braille_words.braille.lines import NamedLine
    from braille_words.games.base import Event

NOT_PLAYED = frozenset({
    "word_unknown", "word_family_warning", "family_warning", "vote_result", "challenged",
    "word_locked", "victim_loses", "vote_opened", "vote_cast", "correction_offered",
})
"""Events that name a word without its seat laying or saying it (a warning, a vote)."""


class CommandLanguage(ABC, Generic[M, V]):
    """What a player types (in Polish or English), to moves and back."""

    @abstractmethod
    def parse(self, line: str, view: V) -> M:
        """The move ``line`` asks for; ``InputError`` with a sentence when it asks for none."""

    @abstractmethod
    def to_command(self, move: M, view: V, lang: str = "en") -> str:
        """A line that ``parse`` turns back into ``move``: hints are said as typeable lines."""

    help_table: Mapping[str, list[tuple[str, str]]] = {}
    """(syntax, meaning) of every game command, by language; English when a language lacks it."""

    def help(self, lang: str) -> list[tuple[str, str]]:
        """(syntax, meaning) of every game command, in ``lang``."""
        return list(self.help_table.get(lang, self.help_table.get("en", [])))

    def words_of(self, move: M) -> list[str]:
        """Words a move records as they were typed (7 słów's written word): the table offers
        a spelling with Polish letters before recording one the dictionary lacks."""
        return []


@dataclass(frozen=True)
class Plan(Generic[M]):
    """A computer's move and how long it pretends to think before playing it."""

    move: M
    think_seconds: float = 0.0


R = TypeVar("R", bound="GameRules[Any, Any]")


class ComputerPlayer(ABC, Generic[R, S, M]):
    """A computer seat and the hints given to people. It is handed the state because the
    table's journal replays it deterministically; it reads only what ``state.view_for(seat)``
    would show (the contract test checks its moves do not change when other racks do)."""

    levels: tuple[str, ...] = ("beginner", "medium", "strong")

    @abstractmethod
    def choose_move(
        self, rules: R, state: S, seat: int, level: str, rng: random.Random
    ) -> M: ...

    def plan(self, rules: R, state: S, seat: int, level: str, rng: random.Random) -> Plan[M]:
        """The move with its think time; games whose computer is timed override this."""
        return Plan(self.choose_move(rules, state, seat, level, rng))

    def react(self, rules: R, state: S, seat: int, level: str, rng: random.Random) -> M | None:
        """A move a computer seat makes out of turn, right after a move (a challenge, an
        ability in a reaction window), or None. The table asks each computer the game is not
        waiting for once after every move, and plays it if ``may_act`` lets it through."""
        return None

    def hint(self, rules: R, state: S, seat: int) -> M | None:
        return None

    def fallback_move(self, rules: R, state: S, seat: int) -> M | None:
        """A move that is always legal, for when a chosen move was refused."""
        return None


_HINT_POINTS = "hint_points"


def with_points(move: M, points: int) -> M:
    """``move`` (a hint) carrying what it would score, so the presenter can say it ("połóż
    KOT …: 5 pkt"): the presenter sees only the seat's view, and a game's scoring needs the
    rules. The points ride outside the move's fields, so its journal JSON and equality stay
    as they were."""
    object.__setattr__(move, _HINT_POINTS, points)
    return move


def points_of(move: Any) -> int | None:
    """The points ``with_points`` gave a hint, or None (a game that scores no single move)."""
    points = getattr(move, _HINT_POINTS, None)
    return points if isinstance(points, int) else None


_HINT_KIND = "hint_kind"
HINT_KINDS = ("best", "simpler")
"""What a hint offers: the best move the game knows, or a simpler one (a better one exists)."""


def with_kind(move: M, kind: str) -> M:
    """``move`` (a hint) saying whether it is the best move or a simpler one, so the
    presenter can tell the child which; carried as ``with_points`` carries the points."""
    if kind not in HINT_KINDS:
        raise ValueError(f"a hint is one of {HINT_KINDS}, not {kind!r}")
    object.__setattr__(move, _HINT_KIND, kind)
    return move


def kind_of(move: Any) -> str | None:
    """The kind ``with_kind`` gave a hint ("best", "simpler"), or None (not said)."""
    kind = getattr(move, _HINT_KIND, None)
    return kind if kind in HINT_KINDS else None


def hint_notes(move: Any) -> dict[str, Any]:
    """What a hint carries beside its move (``with_points``, ``with_kind``), as plain data:
    a network seat's hint crosses as the line that plays it, which says neither, and a
    student heard "Podpowiedź: połóż KOT" where a seat at the teacher's computer heard
    "… 8 punktów za ruch"."""
    notes: dict[str, Any] = {}
    points, kind = points_of(move), kind_of(move)
    if points is not None:
        notes["points"] = points
    if kind is not None:
        notes["kind"] = kind
    return notes


def with_notes(move: M, notes: Mapping[str, Any]) -> M:
    """``move`` (a hint read back from its line) carrying ``hint_notes`` again; a note that
    is not what ``hint_notes`` makes is left out (it came over the network)."""
    points, kind = notes.get("points"), notes.get("kind")
    if isinstance(points, int) and not isinstance(points, bool):
        move = with_points(move, points)
    if kind in HINT_KINDS:
        move = with_kind(move, str(kind))
    return move


Router = Callable[[Any, Any], tuple[Any, "str | None"]]
"""(routing target, current selection) → (new selection, command line to run or None)."""


def standings(result: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """A result's winners and its scores best first ("Ola: 12; Jan: 9"), for a game's final
    sentence (``{winners}``, ``{scores}``)."""
    scores = list(result.get("scores", []))
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return {
        "winners": [names[s] for s in result.get("winners", []) if s < len(names)],
        "scores": tally((names[s], scores[s]) for s in order if s < len(names)),
    }


class GamePresenter(ABC, Generic[V]):
    """Every player-facing word, Braille line and sound of one game, from views only.

    ``word_lang`` is the game's word language (letters named, Brailled and voiced in it);
    ``cues`` names the earcon of each event kind that has one."""

    cues: Mapping[str, str] = {}
    clock_events: frozenset[str] = frozenset()
    """Event kinds that only tell of a clock the table runs ("the hourglass runs: 30
    seconds"): unsaid at a table that runs none (``--no-timer``), where no clock may be
    announced that never runs out."""
    skip_events: frozenset[str] = frozenset()
    """Event kinds that only say how a turn ended without the player's move ("Ewa pasuje.",
    "Ewa: koniec czasu."): unsaid when the teacher skipped the move, which the table has
    told as a skip ("Nauczyciel pomija ruch: Ewa."), not as the player's pass."""
    def without_clock(self, view: V) -> V:
        """``view`` as a table that runs no clock (``--no-timer``) shows it: every field that
        only a running clock gives (the hourglass turned, a move limit, a chess clock) as if
        the game had none. Reading commands (``runda``, ``gdzie``) and prompts see only the
        view, so this is the one place they learn that no clock runs: "Klepsydra się
        przesypuje" at a table without one sent a child hurrying for nothing."""
        return view

    def offer_note(self, view: V, line: str, lang: str) -> str:
        """A sentence to say with "Czy chodziło o: BUŁKA?" when the spelling offered would
        cost the player (Alicja: a letter forbidden to them), else "". The offer came with no
        word of it, and a child said "tak" and went out of the round."""
        return ""

    own_words: str = "pl"
    """The language the game's own words are in (its rulebook's): played in other words, it
    is called by its title in those words."""

    def __init__(self, word_lang: str = "pl") -> None:
        self.word_lang = word_lang

    def event_key(self, kind: str) -> str:
        """The catalogue key of an event's sentence: its kind. A game played in other words
        than its own begins under its title in those words ("A game of Word Rummikub…"):
        ``game_started_words_en``, kept apart from the game's own sentence."""
        if kind == "game_started" and self.word_lang != self.own_words:
            return f"{kind}_words_{self.word_lang}"
        return kind

    @abstractmethod
    def read(self, low: str, view: V, lang: str, verbosity: str) -> str | None:
        """The answer to a reading command (rack, table, scores…), or None if ``low`` is none."""

    def reads(self, low: str, view: V, lang: str) -> bool:
        """Whether ``low`` is a reading command: what ``read`` would answer. The table asks
        it of every line, and a network seat's answer is worded on the student's computer,
        so a game whose answers cost much (a long rack named tile by tile) says it without
        wording one."""
        return self.read(low, view, lang, "expert") is not None

    @abstractmethod
    def prompt(self, view: V, lang: str, verbosity: str) -> str: ...

    @abstractmethod
    def where(self, view: V, lang: str, verbosity: str, names: Sequence[str]) -> str: ...

    @abstractmethod
    def final(self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int) -> str:
        ...

    def final_brief(
        self, result: Mapping[str, Any], lang: str, names: Sequence[str], seat: int = 0
    ) -> str:
        """The end of the game for a short display: who won and each score, nothing more.
        Rummikub's results, each score taken apart, took a dozen windows of 14 cells, read
        after the game was over; the whole sentence stays in speech and in ``historia``."""
        winners = [names[s] for s in result.get("winners", ()) if 0 <= s < len(names)]
        scores = tally(zip(names, result.get("scores", ()), strict=False))
        if "target" in result:  # a solo game: its target, reached or not
            return text(lang, "final_brief_target", "expert", s=scores, t=result["target"],
                        won="yes" if result.get("won") else "no")
        return text(lang, "final_brief", "expert", s=scores, w=winners)

    @abstractmethod
    def braille_view(self, view: V, lang: str, selection: Any = None) -> list[NamedLine]: ...

    @abstractmethod
    def rack_letters(self, view: V) -> str:
        """The letters ``literuj`` spells when given nothing to spell."""

    def rack_shown(self, view: V, lang: str) -> str:
        """A seat's rack or hand as the teacher's page shows it: its letters, and cards
        that are no letter (Scrabble karty's bonus cards) by name, in ``lang``."""
        return self.rack_letters(view)

    def cue_for(self, kind: str, seat: int, params: Mapping[str, Any]) -> str | None:
        return self.cues.get(kind)

    def target_name(self, target: Any, view: V, lang: str) -> str | None:
        """What a routing target is, in print, where its cells say less than a sighted
        player sees (a card's suit is its colour, on the cells only dots 7 and 8): a
        student's page names its button so. None: the cells say it all. A word of the game's
        language inside it is marked (``mark_word``) as the spoken sentences mark it, so the
        page gives that word, and only that word, its language."""
        return None

    def target_look(self, target: Any, view: V) -> Mapping[str, Any]:
        """How a student's page draws a routing target for a sighted partner, beyond its
        print: ``suit`` (a suit's name, drawn as a colour and a pattern), ``value`` (shown in
        a corner; only where ``target_name`` says it too), ``kind`` ("premium", "wild"),
        ``column`` (7 słów's card column) and ``state`` of a board square ("pending": laid and
        waiting, "last": the last move). Drawing only: the button's name says the same."""
        return {}

    def target_face(self, target: Any, view: V, lang: str) -> str | None:
        """What a student's page prints on a routing target's button where the cells' print
        cannot tell it from another (two conditional cards both show the same symbol): a
        short face in ``lang`` ("1 samogł."), drawn only, as its name says it in full. None:
        the cells' print."""
        return None

    def target_pressed(self, target: Any, view: V) -> bool:
        """Whether a routing target is switched on beyond the current pick (a premium card
        marked to go with the move): a student's page shows its button pressed."""
        return False

    def event_params(
        self,
        kind: str,
        params: Mapping[str, Any],
        seat: int,
        names: Sequence[str],
        lang: str = "en",
    ) -> dict[str, Any]:
        """Parameters a sentence needs beyond the event's own, in the language ``lang`` of the
        seat being told (players' names, cards said as a sentence). A word chosen by a code is
        chosen in the catalogue (``{why:select:…}``), not here."""
        return {}

    def prompt_key(self, view: V) -> Any:
        """The prompt is said again when this changes while the same seats are awaited."""
        return None

    def private_input(self, view: V) -> bool:
        """Whether what the seat types now is secret (7 słów words before all are in)."""
        return False

    def route(self, target: Any, selection: Any) -> tuple[Any, str | None]:
        """A routing key on ``target``: the new selection and the line it sends, if any."""
        return selection, None

    def typed_target(self, line: str, selection: Any) -> Any:
        """What a typed line points at, as a routing key would (None: not a pointing line).
        A keyboard has no routing keys: "płytka 3" picks a tile as routing on it does, and
        then "1 2" puts it where routing on letter 2 of word 1 would."""
        return None

    def wants_letter(self, selection: Any) -> bool:
        """Whether the pick waits for one letter (Scrabble karty's blank routed to a square):
        then one chord on the display's Braille keyboard is sent at once, no Enter needed."""
        return False

    def describe_move(self, move: Any, lang: str, view: V | None = None) -> str:
        """A move (a hint) said as the line a player would type."""
        return str(move.to_json())

    def terse_move(self, move: Any, lang: str, view: V | None = None) -> str | None:
        """A hint's move in the terse form an expert hears and a short display shows (the
        line and its points, without why); None: ``describe_move`` serves both."""
        return None

    def nudge(self, move: Any, lang: str, view: V, verbosity: str) -> str | None:
        """A first hint that leaves the finding to the player ("a 6-letter word with your W,
        O, Z"); the table gives ``describe_move`` when the same hint is asked for again.
        None: the game has no nudge, and the whole move is said at once."""
        return None

    def no_hint_params(self, view: V, lang: str) -> Mapping[str, Any]:
        """What the game's ``no_hint`` sentence says of where the seat stands (7 słów: the
        word it has written), when a hint has no move to give; none by default."""
        return {}

    def timer(self, view: V) -> TimerRequest | None:
        """The countdown the game wants running now, read from the table's view."""
        return None

    def seat_clock(self, view: V) -> SeatClockRequest | None:
        """The game clock per seat (a chess clock) the game wants running, read from the
        table's view; None: the game has none."""
        return None

    def skipped(self, events: Sequence[Event]) -> list[Event]:
        """The news of a move the teacher skipped (the game's time-up, played for the seat),
        once the table has said the skip: without what would tell it as the player's own
        pass or time-up (``skip_events``)."""
        return [e for e in events if e.kind not in self.skip_events]

    def resumed(self, view: V, lang: str, verbosity: str, *, private: bool = False) -> str:
        """What a resumed game says first: where it stands, counted as its players count it
        (turns, rounds), not as the journal's steps. ``private``: said to this seat alone
        (its own computer), so what is the seat's own may be in it."""
        from braille_words.present.messages import text

        return text(lang, "resumed_plain", verbosity)

    def cancel_line(self, lang: str) -> str | None:
        """What the display's cancel key sends when nothing is picked or typed."""
        return None

    def words_played(self, events: Sequence[Event], seat: int) -> list[str]:
        """The words ``seat`` laid or said with one move, each once, for the teacher's
        report. By default: a ``word`` an event names as that seat's, and a list of
        ``words``; a ``words`` that is a sentence (a rebuild under way, "4 KOT, 5 PIES",
        numbered by the table) names no word played, and warnings and votes name words
        nobody played. A game whose events say it otherwise overrides this."""
        found: list[str] = []
        for event in events:
            if event.kind in NOT_PLAYED or event.params.get("seat", event.to) != seat:
                continue
            word, words = event.params.get("word"), event.params.get("words")
            named = [word] if isinstance(word, str) else []
            if isinstance(words, list | tuple):
                named.extend(w for w in words if isinstance(w, str))
            for w in named:
                if w and w not in found:
                    found.append(w)
        return found


@dataclass(frozen=True)
class GameKit(Generic[R, S, M, V]):
    """One game as the table sees it: typed factories, no module names."""

    id: str
    title: str
    aliases: tuple[str, ...]
    word_lang: str
    """The language of the game's words: letters are spelled, Brailled and voiced in it,
    whatever language the messages are in."""
    players: tuple[int, int]
    make_rules: Callable[[Any, Mapping[str, Any]], R]
    """(lexicon, options) → rules; options are checked with a sentence for a teacher."""
    commands: CommandLanguage[M, V]
    computer: ComputerPlayer[R, S, M]
    presenter: GamePresenter[V]
    event_kinds: Mapping[str, str] = field(default_factory=dict)
    """Every event kind with its English template: the fallback and the catalogue's checklist."""
    reason_codes: Mapping[str, str] = field(default_factory=dict)
    default_players: str = "human,computer:medium"
    option_names: Mapping[str, str] = field(default_factory=dict)

    @property
    def lang(self) -> str:
        return self.word_lang

    def event_template(self, kind: str) -> str | None:
        return self.event_kinds.get(kind)

    def help(self, lang: str) -> list[tuple[str, str]]:
        """The game's commands as help says them in ``lang``, its example words from the
        language the game is played in: a game of English words offers "new cat", not
        "new kot" (an entry writes ``{word_lang:select:en=cat|*=kot}``)."""
        from braille_words.present.messages import fill

        params = {"word_lang": self.word_lang}
        return [(fill(syntax, params, lang), fill(meaning, params, lang))
                for syntax, meaning in self.commands.help(lang)]


@dataclass(frozen=True)
class GameEntry:
    """A registered game before its parts are loaded: what a game list or ``--help`` needs.

    ``load`` imports the game's rules, computer and presenter on first use, so listing the
    games (or starting another one) does not pay for every game's modules.
    """

    id: str
    title: str
    aliases: tuple[str, ...]
    players: tuple[int, int]
    word_lang: str
    load: Callable[..., GameKit[Any, Any, Any]]
    """``load()`` the game in its own word language, ``load(words="en")`` in another."""
    default_players: str = "human,computer:medium"
    word_langs: tuple[str, ...] = ()
    """Every word language the game can be played in (``--words``); empty: only its own."""
    titles: Mapping[str, str] = field(default_factory=dict)
    """The game's title when its words are in another language (Wordsy for 7 słów)."""

    def langs(self) -> tuple[str, ...]:
        """The word languages the game is played in, its own first."""
        return tuple(dict.fromkeys((self.word_lang, *self.word_langs)))

    def title_in(self, words: str) -> str:
        """The title of the game played in ``words``."""
        return self.titles.get(words, self.title)


def make_kit(package: str, *, data: str, words: str | None = None
             ) -> GameKit[Any, Any, Any, Any]:
    """The kit of the game whose folder is ``package`` (its ``__name__``), built from the
    folder's modules by their agreed names: ``rules`` (``Rules``, ``Options``, ``EVENT_KINDS``,
    ``REASON_CODES``), ``commands.Commands``, ``computer.Computer``, ``presenter.Presenter``,
    and the folder's ``ENTRY`` (its id, title, players). ``data`` ("module.function") reads
    what the rules are built with (a deck, the data file): it is read when the rules are
    made, on the table's side, so the rules stay pure; it is called with ``words``, the
    word language, which picks the tile set and values. ``words`` (default: the game's own)
    is the language the words are played in: it picks the lexicon the table loads, the data
    and what the presenter spells. Called on first use (``ENTRY.load``), so listing the games
    imports none of them."""
    from importlib import import_module

    def part(name: str) -> Any:
        return import_module(f"{package}.{name}")

    entry: GameEntry = import_module(package).ENTRY
    word_lang = words or entry.word_lang
    if word_lang not in entry.langs():
        raise ValueError(f"{entry.id} is not played in {word_lang!r} words")
    rules = part("rules")
    module, _, function = data.rpartition(".")
    load = getattr(part(module), function)

    def make_rules(lexicon: Any, options: Mapping[str, Any]) -> Any:
        opts = rules.Options.from_json(options) if options else rules.Options()
        return rules.Rules(lexicon, opts, load(words=word_lang))

    return GameKit(
        id=entry.id,
        title=entry.title_in(word_lang),
        aliases=entry.aliases,
        word_lang=word_lang,
        players=entry.players,
        make_rules=make_rules,
        commands=part("commands").Commands(),
        computer=part("computer").Computer(),
        presenter=part("presenter").Presenter(word_lang=word_lang),
        event_kinds=rules.EVENT_KINDS,
        reason_codes=rules.REASON_CODES,
        default_players=entry.default_players,
    )
