"""A seat played from another computer: its news is worded on the student's own computer.

The table decides what a network seat may know exactly as for a seat at this computer: the
public events and its own, and its own ``view_for``. Where a local seat's ``SeatNews`` words
that at once, a network seat's is a ``RemoteNews``: each call goes, as the data it was given
(events, the view, catalogue keys with their parameters), to that seat's connection only, and
the student's computer runs the very same ``SeatNews`` on its own devices (``net.client``):
sentences in the student's language and verbosity, the terse form for their display's width,
Braille lines with their routing targets, their own sounds. One student's rack can reach no
other student's computer by construction — the privacy of a seat is the privacy the table
already keeps, not a second filter that could drift from it.

The few sentences the table still words itself for a seat (a hint, a spelling, a journal that
failed) go as sentences (``say``), made in the student's language.

What the student's computer shows and says is worded there, so the table does not have it: the
computer reports it (``screen``) and the seat keeps it as its ``mirror``, for the teacher's page
only — it is never sent to any seat.

While a seat has no connection, its news is kept as data (the last ``MISSED_KEPT`` messages)
and sent when it is back: the student's computer words it as one "while you were away".
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from braille_words.errors import BrailleWordsError
from braille_words.games.base import Event
from braille_words.games.kit import GameKit, hint_notes
from braille_words.net import frames, view_delta
from braille_words.net.protocol import Hello, Screen
from braille_words.present.messages import text
from braille_words.table.outputs import SeatOutput
from braille_words.table.seatnews import SeatNews
from braille_words.table.snapshot import HEARD_SHOWN, SeatMirror

MISSED_KEPT = 30


class Link(Protocol):
    """One connection's way out: ``send`` is safe from any thread and never blocks."""

    def send(self, message: dict[str, Any]) -> None: ...

    def send_frame(self, frame: str) -> None: ...

    def close(self, reason: str) -> None: ...


class _Speaker:
    """The seat's voice over its connection. For a page, each sentence says whose it is and
    what of it anyone may keep (``kept``): people sharing one browser hand it over, and the
    page then drops from its news whatever was the last person's own."""

    def __init__(self, link: Link, seat: int,
                 kept: Callable[[str], str] | None = None) -> None:
        self._link = link
        self._seat = seat
        self._kept = kept

    def say(self, text: str, lang: str | None = None, priority: Any = None) -> None:
        message: dict[str, Any] = {"t": "say", "text": text, "lang": lang}
        if self._kept is not None:
            message.update(seat=self._seat, public=self._kept(text))
        self._link.send(message)

    def stop(self) -> None:
        self._link.send({"t": "stop"})

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def describe(self) -> str:
        return "network"

    def close(self) -> None:
        pass


class _Missed:
    """The seat's voice while it has no connection: what it would have heard, kept."""

    def __init__(self, kept: deque[str]) -> None:
        self._kept = kept

    def say(self, text: str, lang: str | None = None, priority: Any = None) -> None:
        self._kept.append(text)

    def stop(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> bool:
        return True

    def describe(self) -> str:
        return "network (away)"

    def close(self) -> None:
        pass


class _Earcons:
    def __init__(self, link: Link) -> None:
        self._link = link

    def play(self, name: str) -> None:
        self._link.send({"t": "cue", "name": name})


def _nothing(said: str) -> str:
    return ""


def _whole(said: str) -> str:
    return said


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back: what the student's computer will be given."""
    return json.loads(json.dumps(value, default=str))


def _frame(message: dict[str, Any]) -> str:
    """``message`` as the JSON text ``plain`` would make of it, sent as ``protocol.dump``
    sends (one pass: the view of a seat with a long rack is most of a move's cost)."""
    return frames.loose(message)


_T, _F = "true", "false"
"""A flag as JSON, written in place (not a call: five flags go to every seat at every move)."""


class RemoteNews(SeatNews):
    """A network seat's ``SeatNews`` on the table's side: every call is sent as data to the
    student's computer, which words it; with nobody connected, it is worded here (in the
    language the student last asked for) and kept for when they are back."""

    def __init__(self, out: SeatOutput, kit: GameKit[Any, Any, Any, Any],
                 remote: RemoteSeat, timed: Callable[[], bool] = lambda: True) -> None:
        super().__init__(out, kit, timed)
        self._remote = remote
        self._keep: Callable[[str], str] = _nothing
        """Of the sentence being said now, the part anyone at the seat's page may keep."""
        self._views = frames.SeatViews()
        self._base: tuple[Link, dict[str, Any]] | None = None
        """The view last sent to the seat's connection, and that connection: the next view
        there goes as what changed since (``view_delta``). The table's thread and the
        clock's both send views, so it is read and replaced under ``_sending``."""
        self._sending = threading.Lock()
        self._no_clock: Link | None = None
        """The connection last told there is no clock (and nothing since): telling it again
        changes nothing there, and costs a message to every seat at every move."""

    def _view_text(self, view: Any) -> str | None:
        """The seat's view as JSON, made by this seat's own ``frames.SeatViews``."""
        return self._views.text(view)

    def _view_part(self, link: Link, view: Any) -> str | None:
        """The member of the message to ``link`` that carries the seat's view: the whole
        view the first time on a connection (``"view":…``), and after that only what
        changed since the view sent before (``"delta":…``); None when the view is not plain
        data (then it is not sent as JSON made here). Called with ``_sending`` held, just
        before the message is handed to ``link``."""
        base = self._base
        if base is not None and base[0] is link and type(view) is dict:
            if base[1] is view:
                return '"delta":{"set":{}}'
            made = frames.view_text(view_delta.diff(base[1], view))
            if made is not None:
                self._base = (link, view)
                return f'"delta":{made}'
        made = self._view_text(view)
        self._base = (link, view) if made is not None and type(view) is dict else None
        return None if made is None else f'"view":{made}'

    def kept(self, sentence: str) -> str:
        """Of ``sentence``, said now through this seat, what may stay on a page that people
        share once it is handed to the next of them: all of it when the seat is muted (a
        muted seat says only what anyone at the shared page may hear) or the news is public;
        of the game's news, its public events; nothing of the seat's own (its rack, its
        draws, its refusals, the answers to what it asked). Called on the table's thread,
        from inside the ``SeatNews`` call that says it."""
        if self.out.muted:
            return sentence
        return self._keep(sentence)

    @contextlib.contextmanager
    def _keeping(self, keep: Callable[[str], str]) -> Iterator[None]:
        before, self._keep = self._keep, keep
        try:
            yield
        finally:
            self._keep = before

    def _public_part(self, events: Sequence[Event], view: Any, names: Sequence[str]) -> str:
        """The public events of ``events`` worded as ``SeatNews.told`` words them."""
        seat = int(view["seat"]) if view is not None else -1
        texts = (self.event_text(e, seat, names) for e in events if e.to is None)
        return " ".join(t for t in texts if t)

    def _send(self, message: dict[str, Any], frame: str | None = None) -> bool:
        """``message`` (its values as they are: made plain here) to the seat's computer,
        as ``frame`` when that is already made; False for a page, which words it here."""
        if self._remote.words_here:
            return False  # a browser's page: worded here, by the seat's own SeatNews
        link = self._remote.present
        if link is None:
            # Away: kept as it is, and worded on the student's computer when they are back.
            # (The clock's seconds, and a view with no news in it, are stale by then.)
            if message.get("do") != "clock" and message.get("events", True):
                self._remote.missed_calls.append(plain(message))
            return True
        link.send_frame(frame if frame is not None else _frame(message))
        return True

    def _call(self, do: str, **args: Any) -> bool:
        message = {"t": "news", "do": do, "args": args}
        view = args.get("view")
        link = self._remote.present
        if view is None or link is None or self._remote.words_here:
            return self._send(message)
        # The seat's view was most likely sent with its last news already: what changed.
        others = _frame({k: v for k, v in args.items() if k != "view"})
        rest = f",{others[1:-1]}" if len(others) > 2 else ""
        with self._sending:
            part = self._view_part(link, view)
            if part is None:
                return self._send(message)
            link.send_frame(f'{{"t":"news","do":"{do}","args":{{{part}{rest}}}}}')
        return True

    def told(self, events: Sequence[Event], view: Any, *, names: Sequence[str],
             urgent: bool = False, speaks: bool = True, mine: bool = False,
             left: float | None = None, awaited: bool = False, over: bool = False) -> None:
        # A "view" message of its own: the seat's view and the events it may know. The view
        # is made into JSON once, strictly (a view that is not plain data is not sent).
        sent = False
        if not self._remote.words_here:
            # A game whose view is not plain data sends no view; its events still go.
            link = self._remote.present
            if link is not None:  # the usual case: the frame, made of texts made once
                said = frames.events_text(events)
                with self._sending:
                    part = self._view_part(link, view)
                    if part is not None:
                        link.send_frame(
                            f'{{"t":"view",{part},"awaited":{_T if awaited else _F},'
                            f'"over":{_T if over else _F},"events":[{said}],'
                            f'"names":{frames.names_text(names)},"urgent":{_T if urgent else _F},'
                            f'"speaks":{_T if speaks else _F},"mine":{_T if mine else _F},'
                            f'"left":{"null" if left is None else frames.loose(left)}}}')
                        return
            elif self._view_text(view) is not None:
                sent = self._send({"t": "view", "view": view, "awaited": awaited,
                                   "over": over, "events": [e.to_json() for e in events],
                                   "names": list(names), "urgent": urgent,
                                   "speaks": speaks, "mine": mine, "left": left})
        if not sent:
            with self._keeping(lambda said: self._public_part(events, view, names)):
                super().told(events, view, names=names, urgent=urgent, speaks=speaks,
                             mine=mine, left=left, awaited=awaited, over=over)

    def prompt(self, view: Any, *, turn: bool = True, timed: bool = True) -> None:
        if not self._call("prompt", view=view, turn=turn, timed=timed):
            super().prompt(view, turn=turn, timed=timed)

    def final(self, result: Mapping[str, Any], names: Sequence[str], seat: int) -> None:
        if not self._call("final", result=result, names=names, seat=seat):
            with self._keeping(_whole):
                super().final(result, names, seat)

    def resumed(self, view: Any) -> None:
        if not self._call("resumed", view=view):
            super().resumed(view)

    def clock(self, left: float | None, view: Any = None, owner: str = "") -> None:
        # Only a student's computer: there nothing but this news sets the clock it shows.
        link = None if self._remote.words_here else self._remote.present
        none = left is None and view is None
        if none and link is not None and link is self._no_clock:
            return
        self._no_clock = link if none else None
        if not self._call("clock", left=left, view=view, owner=owner):
            super().clock(left, view, owner)

    def tell(self, key: str, *, cue: str | None = None, public: bool = False,
             urgent: bool = False, game: bool = False, expiring: bool = False,
             brief: Mapping[str, Any] | None = None, **params: Any) -> None:
        if not self._call("tell", key=key, cue=cue, public=public, urgent=urgent, game=game,
                          expiring=expiring, brief=brief, params=params):
            with self._keeping(_whole if public else _nothing):
                super().tell(key, cue=cue, public=public, urgent=urgent, game=game,
                             expiring=expiring, brief=brief, **params)

    def refused(self, reasons: Sequence[Mapping[str, Any]]) -> None:
        if not self._call("refused", reasons=reasons):
            super().refused(reasons)

    def not_your_turn(self, names: Sequence[str]) -> None:
        if not self._call("not_your_turn", names=names):
            super().not_your_turn(names)

    def hint(self, move: Any, view: Any, *, nudge: bool) -> None:
        # The move goes as the line a player would type (every game's moves type back, a
        # contract test holds it) with what the hint says of it beside (its points, whether
        # it is the best move: ``hint_notes``), to this seat's computer only, which reads it
        # back and words the hint as a seat at the teacher's computer hears it.
        commands = self.kit.commands
        try:
            line = commands.to_command(move, view, self.kit.word_lang)
            typed_back = commands.parse(line, view) == move
        except BrailleWordsError:
            typed_back = False
        if not (typed_back and self._call("hint", line=line, view=view, nudge=nudge,
                                          notes=hint_notes(move))):
            super().hint(move, view, nudge=nudge)

    def key_pressed(self) -> None:
        # A student's computer stopped its own speech when the line was typed (``client``'s
        # ``key``): telling it again would cost a message at every command. A page is told.
        if self._remote.words_here or self._remote.present is None:
            super().key_pressed()

    def typing(self) -> bool:
        if self._remote.present is not None:
            return self._remote.busy  # as the student's computer last said
        return super().typing()

    def typed_left_over(self) -> None:
        if not self._call("typed_left_over"):
            super().typed_left_over()

    def answer(self, low: str) -> bool:
        # The student's computer answers these before sending them; a line that came anyway
        # is answered there too, from what it was told.
        if self.answers(low) and self._call("answer", low=low):
            return True
        return super().answer(low)

    def point(self, low: str, run: Callable[[str], None]) -> bool:
        if self._remote.present is not None:
            return False  # pointing is done on the student's computer, where the pick is
        return super().point(low, run)

    def read(self, low: str, view: Any) -> None:
        if not self._call("read", low=low, view=view):
            super().read(low, view)

    def where(self, view: Any, names: Sequence[str]) -> None:
        if not self._call("where", view=view, names=names):
            super().where(view, names)

    def spell(self, letters: str, view: Any) -> None:
        if not self._call("spell", letters=letters, view=view):
            super().spell(letters, view)

    def help(self, topic: str = "", *, public: bool = False) -> None:
        if not self._call("help", topic=topic, public=public):
            with self._keeping(_whole if public else _nothing):
                super().help(topic, public=public)


NEWS_CALLS = frozenset({"prompt", "final", "resumed", "clock", "tell", "refused",
                        "not_your_turn", "answer", "read", "where", "spell", "help",
                        "typed_left_over", "hint", "missed"})
"""The ``SeatNews`` calls a ``news`` message may make on the student's computer."""


class RemoteSeat:
    """One network seat of a table; every method but ``claim``, ``release`` and ``key`` runs
    on the table's thread. Its ``news`` takes the seat's place in ``Session.news``."""

    def __init__(
        self,
        seat: int,
        out: SeatOutput,
        kit: GameKit[Any, Any, Any, Any],
        call_soon: Callable[[Callable[[], None]], None],
        report: Callable[[str], None],
        show: Callable[[SeatNews], None],
        catch_up: Callable[[SeatNews], None],
        *,
        joined_before: bool = False,
        timed: Callable[[], bool] = lambda: True,
    ) -> None:
        self.seat = seat
        self.out = out
        self._call_soon = call_soon
        self._report = report
        self._show = show
        self._catch_up = catch_up
        self._missed: deque[str] = deque(maxlen=MISSED_KEPT)
        """Sentences the table itself worded for the seat while it was away."""
        self.missed_calls: deque[dict[str, Any]] = deque(maxlen=MISSED_KEPT)
        """The seat's news kept as data while it was away."""
        self._lock = threading.Lock()
        self.link: Link | None = None
        """The connection now speaking for this seat (set on the network's thread)."""
        self.present: Link | None = None
        """The connection the seat's news goes to: set on the table's thread once the
        student's computer has been welcomed there, so no news overtakes the welcome."""
        self.ever_joined = joined_before
        """A student has held this seat (in this host's life, or before a ``--resume``)."""
        self.busy = False
        """Letters wait on the student's typing line (their computer says so)."""
        self.words_here = False
        """The seat's news is worded on this computer (a browser's page, which has no
        presenter of its own) and sent as sentences; a student's ``join`` words its own."""
        self._fresh = True
        self.mirror = SeatMirror()
        """What the student's computer last reported it shows and said (for the teacher's
        page); replaced whole on the network's thread, read whole on the page's."""
        self.news = RemoteNews(out, kit, self, timed)
        """``timed``: whether the table runs a clock, as for a seat at this computer (a page's
        news is worded here; a student's computer is told it in the welcome)."""
        out.plug(speaker=_Missed(self._missed), display=None, earcons=None)

    # -- called on the network's thread -----------------------------------------------------

    def claim(self, link: Link) -> Link | None:
        """``link`` speaks for this seat from now on; the connection it replaces, if any."""
        with self._lock:
            old, self.link = self.link, link
        return old

    def release(self, link: Link) -> bool:
        """``link`` closed; True if it was the seat's (not already replaced)."""
        with self._lock:
            if self.link is not link:
                return False
            self.link = None
        return True

    def key(self, link: Link, name: str, arg: int | None) -> None:
        """A display key sent by a client that does not handle its keys itself: the table's
        commands behind it (help, repeat, where) still work."""
        if self.link is link:
            self._call_soon(lambda: self._key(link, name, arg))

    def typed(self, link: Link, busy: bool) -> None:
        if self.link is link:
            self.busy = busy

    def screen(self, link: Link, screen: Screen) -> None:
        """The student's computer reports its display and its new sentences (already checked
        against the width its connection announced): the seat's mirror, and nothing else."""
        if self.link is link:
            heard = (self.mirror.heard + screen.heard)[-HEARD_SHOWN:]
            self.mirror = SeatMirror(screen.cells, screen.line, heard)

    # -- on the table's thread -------------------------------------------------------------

    def arrive(self, link: Link, hello: Hello) -> None:
        """The student's computer is connected: the seat's news goes there from now on (it
        has said the welcome itself, in its own words)."""
        if self.link is not link:
            return
        out = self.out
        self.words_here = bool(getattr(link, "words_here", False))
        speaker = _Speaker(link, self.seat, self.news.kept if self.words_here else None)
        out.plug(speaker=speaker, display=None, earcons=_Earcons(link),
                 lang=hello.lang, verbosity=hello.verbosity, hold_news=not hello.hears,
                 on_lines=getattr(link, "lines_changed", None))
        self.present = link
        if self._fresh:
            # What was kept before the first join was worded for nobody in particular (the
            # seat's language was not known yet): the student hears where the game stands.
            self._fresh = False
            self._missed.clear()
            self.missed_calls.clear()
            self._catch_up(self.news)
        elif self.words_here and self._missed:
            out.announce(text(out.lang, "net_missed", out.verbosity,
                              news=" ".join(self._missed)))
            self._missed.clear()
            self.missed_calls.clear()
        elif self._missed or self.missed_calls:
            self.news._call("missed", calls=list(self.missed_calls), said=list(self._missed))
            self._missed.clear()
            self.missed_calls.clear()
        self._show(self.news)
        first = not self.ever_joined
        self.ever_joined = True
        self._report("network_joined" if first else "network_back")

    def leave(self, link: Link) -> None:
        """The connection is gone: keep what the seat would hear, and let the table wait."""
        if self.link is not None and self.link is not link:
            return  # already replaced by a newer connection of the same student
        self.present = None
        self.busy = False
        self.out.plug(speaker=_Missed(self._missed), display=None, earcons=None)
        self._report("network_lost")

    def _key(self, link: Link, name: str, arg: int | None) -> None:
        if self.link is link:
            from braille_words.displays.events import DisplayCommand

            self.out.on_display_command(DisplayCommand(name, arg))
