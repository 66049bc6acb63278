"""Setting a table up: a new game, a resumed one, or an exercise from a position file.

Everything a seat needs is opened here (voice, display, sound) and everything that can fail
fails here with a sentence, before the first tile is dealt. A device that cannot be opened
falls back to the next best (speech to text, a display to none) with one warning, so a
missing speech engine never keeps a blind player from the game.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from braille_words.errors import BrailleWordsError, InputError
from braille_words.games.base import Event
from braille_words.games.kit import GameKit
from braille_words.games.registry import find_game
from braille_words.table import journal as journal_mod
from braille_words.table import saved_games
from braille_words.table.devices import open_outputs
from braille_words.table.journal import Header, Journal
from braille_words.table.outputs import SeatOutput
from braille_words.table.seats import SeatConfig, check_names
from braille_words.table.session import AnySession, Session


def sessions_dir() -> Path:
    """Where journals live: ``$BRAILLE_WORDS_DATA/sessions`` or the user's data folder."""
    base = os.environ.get("BRAILLE_WORDS_DATA")
    if base:
        return Path(base) / "sessions"
    from platformdirs import user_data_dir

    return Path(user_data_dir("braille-words")) / "sessions"


def load_lexicon(lang: str) -> Any:
    from braille_words.lexicon import get_lexicon

    return get_lexicon(lang)


def new_session(
    kit: GameKit[Any, Any, Any],
    seats: Sequence[SeatConfig],
    *,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    journal_path: Path | None = None,
    transcript: TextIO | None = None,
    lexicon: Any = None,
    outputs: list[SeatOutput] | None = None,
    shared: list[frozenset[int]] | None = None,
) -> AnySession:
    """Deal a new game and open its journal."""
    check_names(list(seats))
    low, high = kit.players
    if not low <= len(seats) <= high:
        raise BrailleWordsError(
            f"{kit.aliases[0]} is for {low} to {high} players, not {len(seats)}"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    options = dict(options or {})
    lexicon = lexicon if lexicon is not None else load_lexicon(kit.word_lang)
    rules, state, events = _deal(kit, lexicon, options, [s.name for s in seats], seed)
    header = Header(kit.id, seed, [s.to_json() for s in seats], options, kit.word_lang)
    if journal_path is not None:
        journal = Journal.create(journal_path, header)
    else:
        stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{kit.id}"
        journal = Journal.create_unique(sessions_dir(), stem, header)
    try:
        outs = outputs if outputs is not None else open_outputs(list(seats),
                                                                transcript=transcript)
        if shared is None:
            shared = _sharing(seats, outs) if outputs is None and transcript is None else []
        session = Session(kit, rules, state, list(seats), outs, journal, header, shared=shared)
    except BaseException:
        # The game never started: no journal of it may stand in for one (``resume`` would
        # offer a game nobody played, and hide the player's earlier one).
        journal.discard()
        raise
    session.announce(events)
    if journal_path is not None:
        # A game kept where the player chose: plain ``resume`` must find it all the same.
        saved_games.remember(journal.path, sessions_dir())
    return session


def read_position(path: Path) -> dict[str, Any]:
    """A teacher's position file (an exercise): one JSON object, or a sentence saying why
    not. Only a regular file is read: a device (``/dev/zero``) never ends and a named pipe
    waits for a writer, and either would hang the start with nothing said; ``null`` or a
    list is no position, and starting a random deal instead would hide the slip."""
    import json

    try:
        regular = path.is_file()
    except OSError:
        regular = False
    if not regular:
        what = "position_file_missing" if not path.exists() else "position_file_not_regular"
        raise InputError.coded(what, path=str(path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError.coded("position_file_unreadable", path=str(path), line=exc.lineno,
                               column=exc.colno) from None
    except (OSError, UnicodeDecodeError):
        raise InputError.coded("position_file_unreadable", path=str(path), line=0) from None
    except RecursionError:
        raise InputError.coded("position_file_too_deep", path=str(path)) from None
    if not isinstance(data, dict):
        raise InputError.coded("position_file_not_object", path=str(path),
                               kind=_json_kind(data))
    return data


def _json_kind(data: Any) -> str:
    """What a JSON value is, as the catalogue's sentence chooses its words."""
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "bool"
    if isinstance(data, list):
        return "list"
    if isinstance(data, str):
        return "text"
    return "number"


def next_session(
    before: AnySession,
    position: Path | None = None,
    *,
    outputs: list[SeatOutput] | None = None,
    lexicon: Any = None,
) -> AnySession:
    """The teacher's next game at the same table: the same game, seats (as the teacher left
    them: a seat given to the computer stays so) and options, a new deal or a position, a new
    journal beside the last one."""
    options = {k: v for k, v in before.header.options.items() if k != "position"}
    if position is not None:
        options["position"] = read_position(position)
    folder = before.journal.path.parent if before.journal is not None else sessions_dir()
    stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{before.kit.id}"
    path = next(
        p for n in range(1, 10_000)
        if not (p := folder / (f"{stem}.jsonl" if n == 1 else f"{stem}-{n}.jsonl")).exists()
    )
    seats = [SeatConfig.from_json(s.to_json()) for s in before.seats]
    return new_session(before.kit, seats, options=options, journal_path=path,
                       lexicon=lexicon,
                       outputs=outputs, shared=list(before.shared) if outputs else None)


TABLE_OPTIONS = ("position", "school_words")
"""Options the table keeps for itself (in the journal, so a resumed game has them too)."""


def _deal(
    kit: GameKit[Any, Any, Any], lexicon: Any, options: dict[str, Any], names: list[str], seed: int
) -> tuple[Any, Any, list[Any]]:
    """The rules and the first state: a fresh deal, or a teacher's position (an exercise).

    The position stays in the journal's options, so a resumed exercise starts from it again.
    """
    game_options = {k: v for k, v in options.items() if k not in TABLE_OPTIONS}
    school = options.get("school_words")
    if school is not None:
        if not isinstance(school, list) or not all(isinstance(w, str) for w in school):
            raise BrailleWordsError("school_words is a list of words (--school-words FILE)")
        from braille_words.lexicon.school import SchoolWords

        lexicon = SchoolWords(lexicon, school)
    rules = kit.make_rules(lexicon, game_options)
    position = options.get("position")
    if position is None:
        state, events = rules.new(names, seed)
        return rules, state, list(events)
    if not isinstance(position, dict):
        raise BrailleWordsError("a position file holds one JSON object (racks, table, bank)")
    state, events = rules.from_position(names, seed, position)
    return rules, state, list(events)


_MALFORMED = (TypeError, ValueError, KeyError, AttributeError, IndexError)
"""What a hand-edited value of the wrong type raises deep inside the rules."""


def latest_journal() -> Path | None:
    """The most recent journal of a game that has not ended (``saved_games``)."""
    return saved_games.latest_unfinished(sessions_dir())[0]


def latest_finished_journal() -> Path | None:
    """The most recent journal of a game that has ended."""
    return saved_games.latest_finished(sessions_dir())


RECALLED = 12
"""The journal's last moves worded again for each seat's ``ostatni`` after a resume: the
moves since its own last one, as far back as this."""


def resume_session(
    path: Path | None = None,
    *,
    transcript: TextIO | None = None,
    lexicon: Any = None,
    outputs: list[SeatOutput] | None = None,
    seat_overrides: Sequence[str] = (),
    shared: list[frozenset[int]] | None = None,
    held: Journal | None = None,
    skipped: Sequence[Path] = (),
) -> AnySession:
    """Rebuild a game from its journal: deal again from the seed, replay every move.

    The journal is locked as this program's first (``held``, or here), before a line of it is
    read: a second program started on the same game is refused before it replays a game the
    first goes on with. ``skipped``: newer journals that held no game, passed over to this one
    (the players are told)."""
    skipped = list(skipped)
    if path is None:
        path, passed = saved_games.latest_unfinished(sessions_dir())
        skipped += passed
        if path is None:
            if skipped:
                raise BrailleWordsError.coded("nothing_to_resume_skipped", name=skipped[0].name)
            raise BrailleWordsError.coded("nothing_to_resume")
    journal = held if held is not None else Journal.hold(path)
    try:
        session = _replayed(path, journal, transcript=transcript, lexicon=lexicon,
                            outputs=outputs, seat_overrides=seat_overrides, shared=shared,
                            skipped=skipped)
    except BaseException:
        journal.close()
        raise
    return session


def _replayed(
    path: Path,
    journal: Journal,
    *,
    transcript: TextIO | None,
    lexicon: Any,
    outputs: list[SeatOutput] | None,
    seat_overrides: Sequence[str],
    shared: list[frozenset[int]] | None,
    skipped: Sequence[Path],
) -> AnySession:
    """The game in ``journal`` (already locked as ours) read, dealt again and replayed."""
    record = journal_mod.read(path)
    if record.finished:
        from braille_words.present.messages import text

        lang = str(record.header.seats[0].get("lang", "pl")) if record.header.seats else "pl"
        raise BrailleWordsError(text(lang, "game_ended", path=path))
    try:
        kit = find_game(record.header.game, record.header.words)
        seats = [SeatConfig.from_json(s) for s in record.header.seats]
    except BrailleWordsError as exc:
        raise journal_mod.CorruptJournal.coded(
            "journal_bad_header_detail", path=str(path), detail=exc
        ) from None
    from braille_words.table.seats import apply_seat_options

    for seat, chosen in record.settings.items():
        if not 0 <= seat < len(seats):
            continue
        if chosen.get("verbosity") in ("beginner", "expert"):
            seats[seat].verbosity = chosen["verbosity"]
    apply_seat_options(seats, seat_overrides)
    lexicon = lexicon if lexicon is not None else load_lexicon(kit.word_lang)
    names = [s.name for s in seats]
    try:
        rules, state, _events = _deal(
            kit, lexicon, record.header.options, names, record.header.seed
        )
    except (BrailleWordsError, *_MALFORMED) as exc:
        raise journal_mod.CorruptJournal.coded(
            "journal_bad_options", path=str(path), detail=_detail(exc)
        ) from None
    recent: deque[tuple[int, list[Event]]] = deque(maxlen=RECALLED)
    for number, entry in enumerate(record.entries, start=1):
        # A hand-edited value of the wrong type fails deep inside the rules: whatever it
        # raises, the player hears which move of which file is damaged.
        try:
            move = rules.move_from_json(entry.move)
            if not 0 <= entry.seat < len(seats):
                raise BrailleWordsError.coded("journal_no_seat", seat=entry.seat)
            state, events = rules.apply(state, entry.seat, move)
            recent.append((entry.seat, events))
        except (BrailleWordsError, *_MALFORMED) as exc:
            raise journal_mod.CorruptJournal.coded(
                "journal_replay_failed", path=str(path), move=number, detail=_detail(exc)
            ) from None
    journal.cut_torn_end()
    outs = outputs if outputs is not None else open_outputs(seats, transcript=transcript)
    if shared is None:
        shared = _sharing(seats, outs) if outputs is None and transcript is None else []
    for seat, chosen in record.settings.items():
        # The teacher gave the seat to the computer (or back): it stays so after a restart,
        # and the person's devices stay open for when they are back.
        if 0 <= seat < len(seats) and chosen.get("kind") in ("human", "computer"):
            seats[seat].kind = chosen["kind"]
        if 0 <= seat < len(seats) and chosen.get("level") in ("beginner", "medium", "strong"):
            seats[seat].level = chosen["level"]
        if 0 <= seat < len(seats) and chosen.get("name"):
            # The student the teacher put at this seat plays on after a restart, under
            # their own name (after the replay, which deals as the header's names did).
            seats[seat].name = chosen["name"]
            outs[seat].name = chosen["name"]
    session = Session(kit, rules, state, seats, outs, journal, record.header, shared=shared)
    session.moves_played = len(record.entries)
    session.restore_seat_clocks(record.settings)
    session.restore_countdown(record.settings)
    for seat, news in enumerate(session.news):  # "ostatni" reads the moves before the stop
        for mover, events in recent:
            news.recall(session.known_to(seat, events), seat, names, mine=mover == seat)
    for passed in skipped:
        session.tell_everyone("skipped_unstarted", name=passed.name)
    session.tell_resumed()
    session.tell_whose_turn()
    session.announce([])
    return session


def _detail(exc: BaseException) -> BrailleWordsError:
    """What went wrong inside a replay, kept as the error itself where it is one of ours, so
    the sentence about the journal says it in the player's language too."""
    if isinstance(exc, BrailleWordsError):
        return exc
    return BrailleWordsError.coded("journal_value_malformed")  # Python's words mean nothing


def _sharing(seats: Sequence[SeatConfig], outs: Sequence[SeatOutput]) -> list[frozenset[int]]:
    """People at one speaker or screen: they play hot-seat (a scripted game's transcript is
    the teacher's view of every seat, so it never does).

    Judged by what actually opened, not by what was asked for: headphones that failed leave
    their seat on the terminal's text or the default speaker, beside everyone else.
    """
    from dataclasses import replace

    from braille_words.table.privacy import (
        display_channel,
        shared_channels,
        sharing_groups,
        sound_device_name,
    )

    opened = [
        replace(
            seat,
            speech=out.speaker.describe() if out.speaker is not None else "none",
            sound=None,  # the engine's own description names the device it really uses
            display=seat.display if out.display is not None else "none",
        )
        for seat, out in zip(seats, outs, strict=True)
    ]
    groups = sharing_groups(opened, sound_device_name)
    # A seat that shares only its speaker keeps its own Braille display while it waits.
    crowded = {shared.channel for shared in shared_channels(opened, sound_device_name)}
    for group in groups:
        for index in group:
            channel = display_channel(opened[index])
            outs[index].private_display = channel is not None and channel not in crowded
    return groups


def stdin_is_interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
