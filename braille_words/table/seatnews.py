"""What one seat hears and sees of a game, made from its own view and the events it may know.

The table decides *what* a seat may be told (``Session.announce`` leaves out every event meant
for another seat, and only ``view_for(seat)`` is ever given); this is the seat's half: the
sentences in the seat's language and verbosity, the terse form for a short display, the Braille
lines with their routing targets, the sound cues, and what the seat was told lately (for
"powtórz", "ostatni", "historia"). A seat at this computer runs it inside the table; a student
at their own computer runs the very same class on their own devices (``net.client``), fed with
the same calls as data (``net.remote``), so one code path words a seat's news wherever it sits.

Every method takes only plain data (views, event JSON, names, catalogue keys with their
parameters), which is what lets a call cross the network as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from braille_words.errors import BrailleWordsError, in_language
from braille_words.games.base import Event
from braille_words.games.kit import GameKit
from braille_words.present.messages import lookup, render, text
from braille_words.speech.speaker import mark_game_words, mark_word, strip_marks
from braille_words.table.clock import clock_text
from braille_words.table.outputs import SeatOutput, ViewLine
from braille_words.table.vocabulary import (
    HELP_ALL_WORDS,
    HISTORY_SHOWN,
    HISTORY_WORDS,
    LAST_WORDS,
    NOW_WORDS,
    REPEAT_WORDS,
    help_example,
    help_matches,
)
from braille_words.tiles import is_number

QUOTES = "„”“\""
"""Quotation marks a hint's line may stand in (``_word_marked``)."""

WORD_PARAMS = frozenset({"word", "words", "stolen", "letters", "missing"})
"""A refusal's parameters that hold the player's words or letters, in the game's language."""


class SeatNews:
    """One seat's presentation of its game, on that seat's ``SeatOutput``."""

    def __init__(self, out: SeatOutput, kit: GameKit[Any, Any, Any, Any],
                 timed: Callable[[], bool] = lambda: True) -> None:
        self.out = out
        self.kit = kit
        self.timed = timed
        """Whether the table runs a clock (asked when news is told: the table's ``timers`` is
        set after its seats are): news is told with ``{table_clock}`` ("yes"/"no"),
        so a table without one does not hear "Imbryk gra!" (Alicja's teapot)."""
        self.last_move: list[str] = []
        """News the seat was told since its own last move: ``ostatni`` reads all of it, so two
        computers moving one after the other are both heard again."""

    def key_pressed(self) -> None:
        """The seat typed a line: whatever it is saying stops (any key does)."""
        self.out.stop_speech()

    # -- the game's news ------------------------------------------------------------------

    def told(
        self,
        events: Sequence[Event],
        view: Any,
        *,
        names: Sequence[str],
        urgent: bool = False,
        speaks: bool = True,
        mine: bool = False,
        left: float | None = None,
        awaited: bool = False,
        over: bool = False,
    ) -> None:
        """``events`` (already only those this seat may know) said, shown and sounded; the
        display then shows ``view``. ``speaks``: this seat says the public news at a speaker
        it shares; ``mine``: the seat's own move (``ostatni`` starts afresh); ``left``: the
        seconds on the table's clock."""
        out = self.out
        seat = int(view["seat"]) if view is not None else -1
        if urgent and not awaited:
            # Urgent news (time is up) comes to the cells before older unread news: the turn
            # it ended, still unread among them, would be read after it ("your turn" when the
            # seat is already out). News in its order ends the turn after the prompt.
            out.withdraw_turn()
        # Someone watching computers is none of their seats: told as nobody ("you" is never them).
        told = -1 if out.watching else seat
        if awaited and not out.muted and told >= 0:
            events = [e for e in events if not own_turn(e, told)]
        texts = [(e, self.event_text(e, told, names, asked=awaited)) for e in events]
        cues = (self.kit.presenter.cue_for(e.kind, seat, dict(e.params)) for e, _ in texts)
        cue = next((c for c in cues if c), None)
        said = " ".join(t for _, t in texts if t)
        brief = None
        if said and self.terse_cells:
            # On a short display the cells get the terse form, numbers and words first.
            terse = (self.event_text(e, told, names, "expert", asked=awaited)
                     for e, _ in texts)
            brief = " ".join(t for t in terse if t) or None
        if not said:
            pass
        elif not out.muted:
            # a seat of its own, or the confirmed holder
            out.announce(said, cue=cue, urgent=urgent, braille=brief)
            self._remember(said, mine)
        else:
            # At a shared speaker public news is said once, by whoever speaks for the group;
            # everything else waits for the keyboard, except on a Braille display that is the
            # seat's own, where announce shows it silently.
            public = " ".join(t for e, t in texts if t and e.to is None)
            if speaks and public:
                out.announce(public, cue=cue, public=True)
            if out.private_display and (said != public or not speaks):
                out.announce(said, braille=brief)
            self._remember(said, mine)
        if view is not None:
            self.show(view, left)

    def show(self, view: Any, left: float | None = None) -> None:
        """The seat's Braille lines (drawn again when its pick changes) and status cells."""
        self.out.show(self.drawing(view))
        self.out.show_status(status(view, left))

    def drawing(self, view: Any) -> Callable[[Any], list[ViewLine]]:
        return drawing(self.kit.presenter, view, self.out.lang)

    @property
    def terse_cells(self) -> bool:
        """Whether the cells show terse sentences while speech stays full: a short display
        (20 cells or fewer) at a beginner's verbosity (an expert hears the terse ones)."""
        return self.out.short_display and self.out.verbosity != "expert"

    def event_text(self, event: Event, seat: int, names: Sequence[str],
                   verbosity: str | None = None, *, asked: bool = False) -> str:
        """An event's sentence for ``seat``. ``asked``: the game now waits for this seat, and
        its prompt follows at once: a sentence that would ask what the prompt asks ("Vote:
        yes or no") says only what happened (``{asked}`` is "yes"), so a voter is asked
        once."""
        out = self.out
        params = {"table_clock": "yes" if self.timed() else "no", **event.params,
                  "asked": "yes" if asked else "no"}
        params.update(self.kit.presenter.event_params(event.kind, params, seat, names, out.lang))
        params.setdefault("word_lang", self.kit.word_lang)  # examples in the words played
        return render(out.lang, self.kit.id, self.kit.presenter.event_key(event.kind), params,
                      verbosity=verbosity or out.verbosity,
                      fallback=self.kit.event_template(event.kind))

    def recall(self, events: Sequence[Event], seat: int, names: Sequence[str], *,
               mine: bool) -> None:
        """A move played before a resume, worded for ``ostatni`` and not said: "ostatni"
        right after a resume answered "Nie było jeszcze ruchu." though the game was moves
        in. ``events``: those this seat may know."""
        said = " ".join(t for t in (self.event_text(e, seat, names) for e in events) if t)
        if said:
            self._remember(said, mine)

    def _remember(self, said: str, mine: bool) -> None:
        if mine or not self.last_move:
            self.last_move = [said]
        else:
            self.last_move.append(said)

    def prompt(self, view: Any, *, turn: bool = True, timed: bool = True) -> None:
        """What the game waits for from this seat: its turn (with the turn's sound and the
        terse form on a short display; ``timed``: a countdown waits for it), or asked again
        with Enter alone."""
        out, presenter = self.out, self.kit.presenter
        said = presenter.prompt(view, out.lang, out.verbosity)
        # The terse form on a short display, asked again with Enter too: Scrabble karty's
        # turn came back as fourteen windows of 14 cells where the turn itself took four.
        brief = (presenter.prompt(view, out.lang, "expert")
                 if self.terse_cells else None)
        if not turn:
            out.announce(said, braille=brief)
            return
        out.announce_turn(said, braille=brief, timed=timed)

    def told_already(self, view: Any) -> bool:
        """The seat's turn still on its cells or waiting there says word for word what a
        new prompt would: 7 słów asked a reader "Wyzwanie? …" three times over as the
        hourglass ran out and the others finished (the game's moment changed, its question
        did not)."""
        out = self.out
        return out.news.turn is not None and out.news.turn_said == self.kit.presenter.prompt(
            view, out.lang, out.verbosity)

    def final(self, result: Mapping[str, Any], names: Sequence[str], seat: int) -> None:
        out = self.out
        presenter = self.kit.presenter
        # On a short display (an expert's too: the end has no terse sentence) the winner
        # and the scores.
        brief = (presenter.final_brief(result, out.lang, names, seat) if out.short_display
                 else None)
        out.announce(presenter.final(result, out.lang, names, seat), cue="game_over",
                     public=True, braille=brief)

    def resumed(self, view: Any) -> None:
        """Where a resumed game stands, counted as its players count it: to this seat alone
        (a student's computer catching up), so with what is its own (Alicja's secret
        letter). A table's speakers hear ``Session.tell_resumed``, which says none."""
        out = self.out
        out.announce(self.kit.presenter.resumed(view, out.lang, out.verbosity, private=True))

    def clock(self, left: float | None, view: Any = None, owner: str = "") -> None:
        """The tactile clock (None: no clock now), after whose it is (``owner``), and the
        status cells when ``view`` is given."""
        self.out.show_clock(left, owner)
        if view is not None:
            self.out.show_status(status(view, left))

    # -- the table's sentences -------------------------------------------------------------

    @property
    def reader(self) -> str:
        """"yes" for a seat that reads its news without hearing it: a sentence that sends it
        to more says "przeczytać", not "usłyszeć" (``{reader:select:yes=…|*=…}``)."""
        out = self.out
        return "yes" if out.hold_news and out.display is not None else "no"

    def tell(self, key: str, *, cue: str | None = None, public: bool = False,
             urgent: bool = False, game: bool = False, expiring: bool = False,
             brief: Mapping[str, Any] | None = None, **params: Any) -> None:
        """A sentence of the catalogue (the game's own with ``game``), by its key; ``brief``:
        parameters of its terse form on a short display that differ from the spoken ones."""
        out = self.out
        params.setdefault("reader", self.reader)
        params.setdefault("word_lang", self.kit.word_lang)
        params.setdefault("table_clock", "yes" if self.timed() else "no")

        def worded(verbosity: str, values: Mapping[str, Any]) -> str:
            return (render(out.lang, self.kit.id, key, dict(values), verbosity=verbosity)
                    if game else text(out.lang, key, verbosity, **values))

        said = worded(out.verbosity, params)
        # On a short display the cells get the terse form (a hint, the end's "Enter"), as
        # the game's news does; speech stays full.
        terse = None
        if self.terse_cells or (out.short_display and brief):
            terse = worded("expert", {**params, **(brief or {})})
        out.announce(said, cue=cue, public=public, urgent=urgent, expiring=expiring,
                     braille=terse if terse != said else None)

    def refused(self, reasons: Sequence[Mapping[str, Any]]) -> None:
        """A move or line refused: every reason at once."""
        self.out.announce(self.refusal(reasons), cue="rejected")

    def refusal(self, reasons: Sequence[Mapping[str, Any]], lang: str | None = None) -> str:
        """The sentence that refuses a move or line: every reason (``code``, ``params``, and
        the English ``text`` for a code no catalogue has; or an old two-language
        ``message``), in the seat's language or ``lang``. Apart from ``refused`` so the
        teacher's report keeps the sentence, in the teacher's language, whichever computer
        says it to the student."""
        out = self.out
        lang = lang or out.lang
        said = []
        for reason in reasons:
            if "message" in reason:
                said.append(in_language(str(reason["message"]), lang))
                continue
            section = str(reason.get("section") or self.kit.id)
            params = dict(reason.get("params") or {})
            if section == self.kit.id:
                params = self._words_marked(params)
            params.setdefault("reader", self.reader)
            params.setdefault("word_lang", self.kit.word_lang)
            sentence = render(lang, section, str(reason["code"]), params,
                              verbosity=out.verbosity, fallback=reason.get("text"))
            example = params.get("example") if reason.get("section") else None
            if example:
                sentence += " " + text(lang, "for_example", out.verbosity, example=example)
            said.append(sentence)
        return " ".join(said)

    def _words_marked(self, params: dict[str, Any]) -> dict[str, Any]:
        """A game's refusal names the player's words ("FROZEN nie ma liter słowa ZERO"):
        each is marked as in the game's word language, as move news marks them, so a voice
        or a page reads it in that language and the sentence around it in the seat's."""
        word_lang = self.kit.word_lang
        return {k: mark_word(v, word_lang, self.out.lang)
                if k in WORD_PARAMS and isinstance(v, str) else v for k, v in params.items()}

    def not_your_turn(self, names: Sequence[str]) -> None:
        """Refused out of turn."""
        self.out.announce(self.not_your_turn_sentence(names), cue="rejected")

    def whose_turn(self, names: Sequence[str], *, public: bool = False) -> None:
        """Whom the table waits for, told to a seat it does not wait for (after a resume, a
        student joining): in the game's own words where it has them, as out of turn. A child
        who had written this round's word heard "Ruch: Ada." after 7 słów was resumed, as if
        the round were Ada's turn and the child's word lost; "Czekamy na: Ada." says it."""
        out = self.out
        if lookup(out.lang, self.kit.id, "waiting_for") is not None:
            self.tell("waiting_for", game=True, public=public, player=", ".join(names))
        else:
            self.tell("status_turn", public=public, names=names)

    def not_your_turn_sentence(self, names: Sequence[str], lang: str | None = None) -> str:
        """Out of turn, in the game's own words where it has them (7 słów waits for words,
        not for a turn at a rack); in the seat's language or ``lang``."""
        out = self.out
        lang = lang or out.lang
        who = ", ".join(names)
        if lookup(lang, self.kit.id, "waiting_for") is not None:
            return render(lang, self.kit.id, "waiting_for", {"player": who},
                          verbosity=out.verbosity)
        return text(lang, "not_your_turn", out.verbosity, player=who)

    def hint(self, move: Any, view: Any, *, nudge: bool) -> None:
        """A hint: a ``nudge`` first (what to look for), else the whole move as the line the
        player would type."""
        out, presenter = self.out, self.kit.presenter
        if nudge:
            said = presenter.nudge(move, out.lang, view, out.verbosity)
            if said:
                # The cells of a short display get the nudge's terse form too, not only the
                # sentence around it: Rummikub's took seven windows of 14 cells.
                terse = (presenter.nudge(move, out.lang, view, "expert")
                         if out.short_display else None)
                self.tell("hint_nudge", nudge=said, brief={"nudge": terse} if terse else None)
                return
        line = presenter.describe_move(move, out.lang, view)
        terse = presenter.terse_move(move, out.lang, view)
        if terse is None:
            self.tell("hint", move=self._line_words_marked(line, move))
            return
        # Word Thief's hint on 14 cells was eight windows, why it is not the best move too.
        full = text(out.lang, "hint", out.verbosity, move=self._line_words_marked(line, move))
        brief = text(out.lang, "hint", "expert", move=self._line_words_marked(terse, move))
        if out.verbosity == "expert":
            full = brief
        out.announce(full, braille=brief if out.short_display and brief != full else None)

    def _line_words_marked(self, line: str, move: Any) -> str:
        """The line a hint gives, its words (the move's own) marked in the game's word
        language and its command words not ("ukradnij 1 BLAZE ROUTED": a voice reads
        "ukradnij" in Polish and the words in English)."""
        try:
            words = {w.lower() for w in self.kit.commands.words_of(move)}
        except (AttributeError, TypeError, ValueError):
            return line
        return " ".join(self._word_marked(part, words) for part in line.split(" "))

    def _word_marked(self, part: str, words: set[str]) -> str:
        """One word of a hint's line marked in the game's word language when it is one of
        the move's words, a quotation mark around it left outside the mark (the line to
        type is quoted: „ukradnij 18 fork ad riders is”)."""
        core = part.strip(QUOTES)
        if not core or core.lower() not in words:
            return part
        start = part.index(core)
        return (part[:start] + mark_word(core, self.kit.word_lang, self.out.lang)
                + part[start + len(core):])

    # -- the seat's typing line ------------------------------------------------------------

    def typing(self) -> bool:
        """Whether letters wait on the seat's typing line (its display's Braille keyboard):
        a half-typed move the game's time-up may wait for."""
        return bool(self.out.typed_left_over())

    def typed_left_over(self) -> None:
        """The seat's turn passed while letters waited on its typing line: they are still
        there, and go to the new turn only if the seat sends them."""
        typed = self.out.typed_left_over()
        if typed:
            self.tell("typed_left_over", urgent=True, typed=typed)

    # -- answers to the seat's own commands -------------------------------------------------

    @staticmethod
    def answers(low: str) -> bool:
        """Whether ``low`` asks for what the seat was told (``answer`` answers it)."""
        first, _, count = low.partition(" ")
        return (low in REPEAT_WORDS or low in LAST_WORDS
                or (first in HISTORY_WORDS
                    and (not count or is_number(count) or count in NOW_WORDS)))

    def answer(self, low: str) -> bool:
        """``powtórz``, ``ostatni`` and ``historia``: answered from what this seat was told,
        where it was worded. True when ``low`` was one of them."""
        out = self.out
        if low in REPEAT_WORDS:
            out.repeat()
            return True
        if low in LAST_WORDS:
            news = " ".join(self.last_move)
            out.announce(news or text(out.lang, "no_last_move", out.verbosity))
            return True
        first, _, count = low.partition(" ")
        if first in HISTORY_WORDS and count in NOW_WORDS:
            if not out.skip_to_now():
                out.announce(text(out.lang, "news_none_waiting", out.verbosity), cue=None)
            return True
        if first in HISTORY_WORDS and (not count or is_number(count)):
            out.announce(self.history(int(count) if count else HISTORY_SHOWN), cue=None)
            return True
        return False

    def history(self, count: int) -> str:
        """The last ``count`` sentences this seat was told, the newest last."""
        out = self.out
        told = [line for line in out.said if line][-max(1, count):]
        if not told:
            return text(out.lang, "no_history", out.verbosity)
        return " ".join(told)

    def point(self, low: str, run: Callable[[str], None]) -> bool:
        """Typed pointing, as a routing key points: pick a tile, or put the pick where two
        numbers say (``run`` carries out the line that makes). True when the line did its
        work; a pick alone is then read by the game's reading commands."""
        out, presenter = self.out, self.kit.presenter
        target = presenter.typed_target(low, out.selection)
        if target is None:
            return False
        picked, line = presenter.route(target, out.selection)
        out.pick(picked)
        if picked == target:
            return False
        if line is not None:
            run(line)
        return True

    def read(self, low: str, view: Any) -> None:
        """A reading command's answer (``ręka``, ``karta 3``, a routing key's): on a short
        display its terse form, as the game's news and prompts are ("Karta 1: jay zielony
        (8)." took two windows of 14 cells for the one card under the finger)."""
        out = self.out
        presenter = self.kit.presenter
        said = presenter.read(low, view, out.lang, out.verbosity)
        if said is None:
            return
        brief = (presenter.read(low, view, out.lang, "expert")
                 if out.short_display and out.verbosity != "expert" else None)
        out.announce(said, braille=brief if brief != said else None)

    def where(self, view: Any, names: Sequence[str]) -> None:
        out = self.out
        said = str(self.kit.presenter.where(view, out.lang, out.verbosity, names))
        line = out.current_line if out.display is not None else None
        if line is not None:
            said += " " + text(out.lang, "display_line", out.verbosity,
                               line=text(out.lang, f"line_{line}", out.verbosity))
        out.announce(said, cue=None)

    def spell(self, letters: str, view: Any) -> None:
        out = self.out
        out.announce(out.spell(letters or self.kit.presenter.rack_letters(view)))

    def help(self, topic: str = "", *, public: bool = False) -> None:
        """A short list of the commands; ``pomoc połóż`` for one of them in full, ``pomoc
        wszystko`` for everything. One 250-word block was more than a child (or a 14-cell
        display) can hold on to. On a short display, one command a window."""
        out = self.out
        items = self._help_items(topic) if out.short_display and not public else None
        out.announce(self._help(topic), cue=None, braille_items=items, public=public)

    def _entries(self) -> list[tuple[str, str]]:
        """The game's commands as help says them, the game's own words in them marked."""
        out, word_lang = self.out, self.kit.word_lang
        return [(mark_game_words(syntax, word_lang, out.lang),
                 mark_game_words(meaning, word_lang, out.lang))
                for syntax, meaning in self.kit.help(out.lang)]

    def _help(self, topic: str) -> str:
        out = self.out
        entries = self._entries()
        common = text(out.lang, "help_common", out.verbosity)
        if topic in HELP_ALL_WORDS:
            lines = [text(out.lang, "help_intro", out.verbosity)]
            lines += [f"{self._typed(syntax)}: {meaning}." for syntax, meaning in entries]
            return " ".join([*lines, common])
        if topic:
            found = [f"{self._typed(syntax)}: {meaning}." for syntax, meaning in entries
                     if help_matches(topic, strip_marks(syntax))]
            if found:
                return " ".join(found)
            if topic in common.lower():
                return common
            said = text(out.lang, "help_no_topic", out.verbosity, word=topic)
            return f"{said} {self._help_short(entries)}"
        more = text(out.lang, "help_more", out.verbosity,
                    example=help_example([strip_marks(syntax) for syntax, _ in entries]))
        return f"{self._help_short(entries)} {more} {common}"

    def _help_items(self, topic: str) -> list[str] | None:
        """Help as a list for a short display, one command a window: the commands' syntax
        (each in full with "pomoc wszystko"), then the commands every game has."""
        out = self.out
        entries = self._entries()
        if topic and topic not in HELP_ALL_WORDS:
            return None  # one command asked for: its sentence as it is
        if topic:
            items = [f"{self._typed(syntax)}: {meaning}." for syntax, meaning in entries]
        else:
            items = [self._typed(syntax) for syntax, _ in entries]
            items.append(text(out.lang, "help_more", "expert",
                              example=help_example([strip_marks(s) for s, _ in entries])))
        return [*items, text(out.lang, "help_common", "expert")]

    def _help_short(self, entries: list[tuple[str, str]]) -> str:
        """The game's own one-sentence list, or its command examples when it has none."""
        out = self.out
        if lookup(out.lang, self.kit.id, "help_short") is not None:
            return mark_game_words(
                render(out.lang, self.kit.id, "help_short", {"word_lang": self.kit.word_lang},
                       verbosity=out.verbosity),
                self.kit.word_lang, out.lang)
        intro = text(out.lang, "help_intro", out.verbosity)
        return f"{intro} {'; '.join(self._typed(syntax) for syntax, _ in entries)}."

    def _typed(self, syntax: str) -> str:
        """A command as help lists it (``help_command``): quoted in English, so a grade 2
        reader's cells spell it as it is typed; "pass x z q" read "pass it z quite"."""
        return text(self.out.lang, "help_command", self.out.verbosity, command=syntax)


TURN_EVENTS = frozenset({"turn_started"})
"""Events that only say whose turn begins: the games name it so ("turn_started")."""


def own_turn(event: Event, seat: int) -> bool:
    """Whether ``event`` only says that ``seat``'s own turn begins. Not told to a seat the
    game now waits for: its prompt ("Twoja kolej…") follows at once and says it, and "Kolej:
    Ola." before it was the same news twice (a window of its own on 14 cells). A seat sharing
    a speaker still says it for the others, who hear it through that seat."""
    return event.kind in TURN_EVENTS and event.to is None and event.params.get("seat") == seat


def drawing(presenter: Any, view: Any, lang: str) -> Callable[[Any], list[ViewLine]]:
    """A seat's Braille lines as a function of its current routing-key pick."""

    def draw(selection: Any) -> list[ViewLine]:
        return list(presenter.braille_view(view, lang, selection))

    return draw


def status(view: Any, left: float | None = None) -> str:
    """Status cells: "*" when the game waits for this seat, then the seconds left."""
    mine = "*" if view["seat"] in view["awaiting"] else ""
    return mine + (clock_text(left) if left is not None else "")


def reasons_of(exc: BaseException) -> list[dict[str, Any]]:
    """A refusal as data: each reason's code and parameters (what ``SeatNews.refused``
    words), so the seat's own computer may word it."""
    from braille_words.games.base import RuleViolation

    if isinstance(exc, RuleViolation):
        return [{"code": r.code, "params": dict(r.params), "text": r.text} for r in exc.reasons]
    if isinstance(exc, BrailleWordsError) and exc.code is not None:
        return [{"section": exc.section, "code": exc.code, "params": dict(exc.params)}]
    return [{"message": str(exc)}]
