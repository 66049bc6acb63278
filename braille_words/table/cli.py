"""``braille-words play`` and ``braille-words resume``.

With a terminal, the keyboard is read line by line on a thread while displays send their keys
on theirs. Without one (a script, a test, a classroom replay), standard input is read line by
line and every message is written to standard output as a transcript, so a game can be
scripted and replayed exactly. The module is past 500 lines because ``play`` and ``resume``
share one path (options, seats, devices, keyboards, the terminal, the end) that reads best
from top to bottom; the table itself lives elsewhere (``launch``, ``session``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import queue
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from braille_words.errors import BrailleWordsError, InputError
from braille_words.games.registry import GAMES, find_game
from braille_words.user_config import add_keep_days

# The table itself (sessions, devices, the terminal) is imported when a game starts, not
# when `braille-words --help` or `play --help` is read.
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from braille_words.table.roster import Roster
    from braille_words.table.seats import SeatConfig
    from braille_words.table.session import AnySession
    from braille_words.table.terminal import TerminalReader
    from braille_words.table.usb_keyboard import UsbKeyboard

# Variants named on the command line, as game options.
VARIANTS: dict[str, dict[str, Any]] = {
    "no-hourglass": {"hourglass": False},
    "bez-klepsydry": {"hourglass": False},
    "veteran": {"veterans": [0]},
    "weteran": {"veterans": [0]},
    "lenient": {"lenient": True},
    "lagodny": {"lenient": True},
    # Alicja w Krainie Słów
    "basic": {},
    "podstawowy": {},
    "advanced": {"advanced": True},
    "zaawansowany": {"advanced": True},
    "children": {"children": True},
    "dzieci": {"children": True},
    "wild": {"madness": True},
    "szalenstwo": {"madness": True},
}


def register(subparsers: Any) -> None:
    games = ", ".join(entry.aliases[0] for entry in GAMES.values())
    play = subparsers.add_parser(
        "play",
        help="play a game (default: Rummikub Słowny, you against the computer)",
        description=f"Start a game. Games: {games}.",
    )
    play.add_argument(
        "game", nargs="?", help=f"one of: {games} (default: the roster's, else rummikub)"
    )
    play.add_argument(
        "--players", help="who plays, e.g. human,computer or human,human,computer:beginner "
        "(a computer is beginner, medium — the default, common words only — or strong, "
        "which knows rare words too: computer:strong)"
    )
    play.add_argument(
        "--roster",
        type=Path,
        metavar="FILE",
        help="a classroom roster (TOML): the seats, their displays and sound devices; "
        "see 'braille-words roster example'",
    )
    play.add_argument(
        "--seed", type=int, help="a number that fixes the deal (same seed, same game)"
    )
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="N:KEY=VALUE,…",
        help="settings of seat N: name, display, speech, sound, lang, verbosity, level, "
        "braille (auto, ueb-g1, computer) "
        "(e.g. 2:name=Ola,display=baum:/dev/pts/3)",
    )
    play.add_argument(
        "--display",
        help="your Braille display: console (40 cells; console:14 for 14), none, baum:PORT, "
        "handytech:PORT, focus:PORT, brlapi",
    )
    play.add_argument(
        "--cells", type=int, metavar="N",
        help="the width of --display console (the same as console:N; default 40)",
    )
    play.add_argument("--speech", help="your speech: auto, espeak, pyttsx3, speechd, text, none")
    play.add_argument("--sound", help="your sound device (name or number; see 'devices audio')")
    play.add_argument(
        "--lang", choices=("pl", "en"), help="language of messages (default: the game's)"
    )
    play.add_argument(
        "--words", choices=("pl", "en"),
        help="language of the game's words: its tiles, cards and dictionary "
        "(default: the roster's, else the game's own)",
    )
    play.add_argument("--verbosity", choices=("beginner", "expert"), default="beginner")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (a variant, a theme…), as JSON values",
    )
    play.add_argument("--position", type=Path, help="start from a position file (an exercise)")
    play.add_argument(
        "--school-words",
        type=Path,
        metavar="FILE",
        help="the class's words (one a line): beginner and medium computers and hints use "
        "only these",
    )
    play.add_argument("--journal", type=Path, help="where to keep this game's journal")
    play.add_argument(
        "--no-timer",
        action="store_true",
        help="play without any clock (no move limit, no hourglass): say 'time' ('czas') "
             "when time is up (Wordsy: 'time up', 7 słów: 'koniec czasu')",
    )
    _web_arguments(play, "play your seat in a web browser, with your own screen reader: the "
                   "page's address is printed and said (the terminal stays the table's console)")
    _teacher_page_arguments(play)
    play.add_argument("--solo", action="store_true", help="7 słów: play the solo game")
    play.add_argument("--level", help="7 słów solo: 100, 110, 120 or brutal")
    play.add_argument(
        "--variant",
        action="append",
        choices=sorted(VARIANTS),
        help="7 słów: no-hourglass, veteran (you score 4 letters of your choice in full), "
        "lenient; Alicja: basic, advanced (characters), children, wild (Za mało szaleństwa?)",
    )
    add_keep_days(play)
    play.set_defaults(func=cmd_play)

    resume = subparsers.add_parser(
        "resume", help="go on with your unfinished game (asks which when several)"
    )
    resume.add_argument(
        "journal", nargs="?", type=Path, help="a journal file (default: asks which game is yours)"
    )
    resume.add_argument("--seat", action="append", default=[], metavar="N:KEY=VALUE,…")
    resume.add_argument(
        "--display", help="your Braille display (as play's): the question which game is yours "
        "comes to it, and your seat's game (default: the newest game's)")
    resume.add_argument("--speech", help="your speech (as play's): the question which game is "
                        "yours is said by it, and your seat's game (default: the newest game's)")
    resume.add_argument("--lang", choices=("pl", "en"),
                        help="the language of the question which game is yours (default: the "
                        "newest game's)")
    resume.add_argument("--no-timer", action="store_true", help="go on without any clock")
    _web_arguments(resume, "go on in the browser: every person's seat on the game's page (as "
                   "play --web)")
    _teacher_page_arguments(resume)  # a lesson's game goes on with the page it had
    add_keep_days(resume)
    resume.set_defaults(func=cmd_resume)

    results = subparsers.add_parser(
        "results", help="read a finished game again: what happened, and who won"
    )
    results.add_argument(
        "journal", nargs="?", type=Path, help="a journal file (default: the latest finished game)"
    )
    results.add_argument("--lang", choices=["pl", "en"], default=None)
    results.set_defaults(func=cmd_results)

    roster = subparsers.add_parser(
        "roster", help="a classroom roster: print an example, or check one before the lesson"
    )
    actions = roster.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    example = actions.add_parser("example", help="print a commented roster to start from")
    example.set_defaults(func=cmd_roster_example)
    check = actions.add_parser(
        "check",
        help="check every seat's display, speech and sound device, and who would overhear whom",
    )
    check.add_argument("file", type=Path)
    check.add_argument("--game", help="the game to check the number of seats for")
    check.add_argument("--lang", choices=("pl", "en"), help="the report's language (the roster's)")
    check.add_argument(
        "--try",
        dest="try_devices",
        action="store_true",
        help="also open every device: each seat hears and reads its own name",
    )
    check.set_defaults(func=cmd_roster_check)


def _web_arguments(parser: Any, web_help: str) -> None:
    """``--web`` and its page's port and patience, alike for a game begun and one resumed."""
    parser.add_argument("--web", action="store_true", help=web_help)
    parser.add_argument("--port", type=int, default=8765, metavar="N",
                        help="the port of the page of --web (default 8765; 0: any free one)")
    parser.add_argument("--page-gone", type=float, default=60.0, metavar="SECONDS",
                        help="--web without a console: the page closed this long, and not "
                        "back, saves the game and ends the program (default 60)")


def _teacher_page_arguments(parser: Any) -> None:
    parser.add_argument(
        "--teacher-page",
        action="store_true",
        help="serve the teacher's page (every seat, the table's controls, reports) on this "
        "computer; its address and password are printed and said",
    )
    parser.add_argument("--teacher-port", type=int, default=8415, metavar="N",
                        help="the teacher's page's port (default 8415)")
    parser.add_argument("--teacher-host", default="127.0.0.1", metavar="ADDRESS",
                        help="where the teacher's page listens (default 127.0.0.1: this "
                        "computer only; 0.0.0.0 for a teacher's tablet on the school's network)")
    parser.add_argument("--exercises", type=Path, metavar="DIR",
                        help="position files the teacher's page may start the next game from "
                        "(default: the folder 'exercises' beside the roster)")


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in args.option:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise InputError(f"--option takes KEY=VALUE, not '{item}'")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
        except RecursionError:
            raise InputError(f"--option {key}: the value is nested too deeply") from None
    if args.level:
        levels = {
            "100": "easy",
            "110": "medium",
            "120": "hard",
            "brutal": "brutal",
            "brutalny": "brutal",
        }
        options["solo_level"] = levels.get(args.level.lower(), args.level.lower())
    for variant in args.variant or []:
        options.update(VARIANTS[variant])
    if args.position is not None:
        from braille_words.table.launch import read_position

        options["position"] = read_position(args.position)
    school = getattr(args, "school_words", None)
    if school is not None:
        options["school_words"] = school_words(school, args)
    return options


def school_words(path: Path, args: argparse.Namespace) -> list[str]:
    """The teacher's word list, read and checked once; the journal keeps the words."""
    from braille_words.lexicon.sources import read_teacher_list
    from braille_words.tiles import alphabet

    game = find_game(args.game or "rummikub", getattr(args, "words", None))
    if not path.is_file():
        raise InputError(f"the school word list {path} is not there; give the file's path")
    try:
        words = read_teacher_list(path, alphabet(game.word_lang))
    except BrailleWordsError as exc:
        raise InputError(str(exc)) from None
    if not words:
        raise InputError(f"the school word list {path} holds no words")
    return words


def _roster(args: argparse.Namespace) -> Roster | None:
    from braille_words.table.roster import load_roster

    if args.players is not None and not args.players.strip(" ,"):
        raise InputError(
            "--players names nobody; say who plays, e.g. --players human,computer, "
            "or leave it out for the default line-up"
        )
    if args.roster is None:
        return None
    if args.players:
        raise InputError("--players and --roster both say who plays; give only one of them")
    return load_roster(args.roster)


def _seats(
    args: argparse.Namespace, lang: str, scripted: bool, roster: Roster | None = None
) -> list[SeatConfig]:
    from braille_words.table.seats import apply_seat_options, parse_players

    kit = find_game(args.game, args.words)
    if roster is not None:
        seats = roster.seats
        for seat in seats:
            if args.lang:
                seat.lang = args.lang
            if scripted and seat.is_human:
                seat.speech, seat.display = "none", "none"
        apply_seat_options(seats, args.seat)
        return seats
    if args.solo and args.players and len(parse_players(args.players, lang)) != 1:
        raise InputError("--solo is a game for one player; leave out --players")
    if args.solo and kit.players[0] > 1:
        raise InputError(f"{kit.aliases[0]} has no solo game; --solo is for siedem-slow")
    # An empty --players is a mistake to name, not a wish for the default line-up.
    default = "human" if args.solo else kit.default_players
    players = args.players if args.players is not None else default
    seats = parse_players(players, lang)
    humans = [s for s in seats if s.is_human]
    for seat in seats:
        seat.verbosity = args.verbosity
        if scripted and seat.is_human:
            # A script reads the transcript: no voice, no console Braille, unless asked for.
            seat.speech, seat.display = "none", "none"
    if humans:
        you = humans[0]
        if args.display:
            you.display = args.display
        cells = getattr(args, "cells", None)
        if cells is not None:
            # "--display console --cells 14" reads as console:14 (a width given twice: the spec's)
            you.display = console_width(args.display, cells)
        if args.speech:
            you.speech = args.speech
        if args.sound:
            you.sound = args.sound
    apply_seat_options(seats, args.seat)
    return seats


def console_width(display: str | None, cells: int) -> str:
    """``--display console --cells N`` as the spec ``console:N``; ``--cells`` names no other
    display's width (a real display reports its own), so it is refused there, not ignored."""
    spec = (display or "console").strip()
    head, sep, _ = spec.partition(":")
    if head.lower() != "console":
        raise BrailleWordsError(
            f"--cells sets the width of the console display; the display {spec!r} has its own.")
    return spec if sep else f"console:{cells}"


def cmd_play(args: argparse.Namespace) -> int:
    from braille_words.table.launch import new_session, stdin_is_interactive

    roster = _roster(args)
    args.game = args.game or (roster.game if roster else None) or "rummikub"
    args.words = args.words or (roster.words if roster else None)
    with _said_in(args.lang or (roster.lang if roster else None)):  # --lang pl: in Polish
        kit = find_game(args.game, args.words)
    lang = args.lang or kit.word_lang
    from braille_words.table.records import housekeeping, say_tightened

    housekeeping(lang, args.keep_days)
    scripted = not stdin_is_interactive()
    seats = _seats(args, lang, scripted, roster)
    shared = None
    if args.web:
        from braille_words.web.student_play import seat_on_page

        shared = seat_on_page(seats)
    options = dict(roster.options) if roster else {}
    listed = options.get("school_words")
    if isinstance(listed, str) and roster is not None:
        # A roster names the class's word file, beside the roster unless the path says where.
        base = roster.path.parent if roster.path is not None else Path.cwd()
        options["school_words"] = school_words(base / Path(listed).expanduser(), args)
    options.update(_options(args))
    with _said_in(next((s.lang for s in seats if s.is_human), lang)):
        session = new_session(
            kit,
            seats,
            seed=args.seed,
            options=options,
            journal_path=args.journal,
            transcript=sys.stdout if scripted else None,
            shared=shared,
        )
    say_tightened(lang)
    _no_timer_kept(session, args)
    if args.web:
        return _play_on_page(session, args, scripted)
    if not args.teacher_page:
        return _run(session, scripted, timers=not (args.no_timer or scripted))
    exercises = args.exercises
    if exercises is None and roster is not None and roster.path is not None:
        exercises = roster.path.parent / "exercises"
    return _with_teacher_page(session, args, scripted, exercises)


def _no_timer_kept(session: AnySession, args: argparse.Namespace) -> None:
    """A game played without a clock is resumed without one by the command it names when
    it is saved: "braille-words resume" alone brought the clock back to a child who had
    played at their own pace."""
    if getattr(args, "no_timer", False) and "--no-timer" not in session.resume_command:
        session.resume_command += " --no-timer"


def _with_teacher_page(session: AnySession, args: argparse.Namespace, scripted: bool,
                       exercises: Path | None, *, resumed: bool = False) -> int:
    """The table played with the teacher's page beside it, game after game; the teacher
    is told that ``resume --teacher-page`` brings the game back with its page."""
    from braille_words.web.serve import serve_teacher_page

    page = serve_teacher_page(session, args.teacher_port, exercises,
                              host=args.teacher_host)
    try:
        while True:  # the teacher's page may start the next game at these seats
            session.resume_command = "braille-words resume --teacher-page"
            _no_timer_kept(session, args)
            code = _run(session, scripted, timers=not (args.no_timer or scripted),
                        greeting=page.greeting, resumed=resumed)
            if session.next_game is None:
                _keep_page(page, session)
                return code
            session, resumed = page.next_game(session), False
    finally:
        page.stop()


PAGE_GONE_SECONDS = 30.0
"""After the game, how long the program waits for a teacher's page that went away (a reload
comes back within a second) before it takes the closing for the teacher's."""


def _keep_page(page: Any, session: AnySession) -> None:
    """The game is over, but the teacher's page and its reports stay (as under ``host``)
    until the teacher closes them: Enter at the console, the console's input ending, or the
    last page closed and not back within ``PAGE_GONE_SECONDS``. A page nobody opened goes
    with the game."""
    from braille_words.present.messages import text
    from braille_words.table.session import KEYBOARD

    if not page.in_use:
        return
    lang = next((s.lang for s in session.seats if s.is_human), "pl")
    print(text(lang, "host_page_stays"), flush=True)
    closing = threading.Event()

    def enter() -> None:
        with contextlib.suppress(OSError, ValueError):
            sys.stdin.readline()
        closing.set()

    if sys.stdin is not None and sys.stdin.isatty():
        threading.Thread(target=enter, daemon=True).start()
    try:
        while not closing.is_set() and page.gone_for() < PAGE_GONE_SECONDS:
            try:  # a script's or pipe's lines still come through the table's reader
                if session.inputs.get(timeout=0.2).seat == KEYBOARD:
                    return
            except queue.Empty:
                continue
    except KeyboardInterrupt:
        return


def _play_on_page(session: AnySession, args: argparse.Namespace, scripted: bool) -> int:
    """The player's seat in their browser: the page served, its address printed and said
    (with the join code in it), and the game played here as always."""
    from braille_words.web.student_play import serve_player_page

    page = serve_player_page(session, args.port, open_browser=not scripted)
    try:
        return _run(session, scripted, timers=not (args.no_timer or scripted),
                    greeting=page.greeting, intro=False,
                    console_gone=functools.partial(_page_without_console, session, page,
                                                   args.page_gone))
    finally:
        page.stop()


def _page_without_console(session: AnySession, page: Any, gone_after: float) -> None:
    """Standard input of a page's game has ended: started from a launcher, ``nohup`` or with
    ``</dev/null``, nobody types at this table's console. That ends the console, not the
    game: the player is at the page. The console says so and leaves the table (on the table's
    own thread), so the page is served until the game ends or its player says "wyjdź", which
    with no console left to end the game ends it (saved). Closing the page is leaving too:
    a page gone ``gone_after`` seconds and not back ends the game, saved, and the program."""
    from braille_words.present.messages import text

    def gone() -> None:
        teacher = session.teacher
        if teacher is None:
            return
        teacher.announce(text(teacher.lang, "web_no_console"))
        session.teacher = None
        teacher.close()
        page.host.leave_after = gone_after

    session.call_soon(gone)


def cmd_resume(args: argparse.Namespace) -> int:
    from braille_words.table import journal, saved_games
    from braille_words.table.launch import sessions_dir, stdin_is_interactive
    from braille_words.table.records import housekeeping, say_tightened

    scripted = not stdin_is_interactive()
    path: Path | None = args.journal
    skipped: list[Path] = []
    if path is None:  # the person says which unfinished game is theirs (a shared computer)
        games, skipped = saved_games.unfinished(sessions_dir())
        if games:
            with _said_in(args.lang or _console_lang(games[0])):
                path = _whose(games, args, scripted)
            if path is None:
                return 0
    housekeeping(_console_lang(path), args.keep_days)
    # A refusal is said in the language of the game's people, read from its header alone.
    with _said_in(journal.header_lang(path) if path is not None else None):
        # The journal is ours before a line of it is read: a second program on the same game
        # is refused here, not after it has replayed a game the first one goes on with.
        held = journal.Journal.hold(path) if path is not None else None
        try:
            session = _resumed(args, path, held, skipped, scripted)
        except BaseException:
            if held is not None:
                held.close()
            raise
    say_tightened(_console_lang(path))
    _no_timer_kept(session, args)
    if args.web:
        return _play_on_page(session, args, scripted)
    if args.teacher_page:
        return _with_teacher_page(session, args, scripted, args.exercises, resumed=True)
    return _run(session, scripted, timers=not (args.no_timer or scripted), resumed=True)


def _whose(games: list[Path], args: argparse.Namespace, scripted: bool) -> Path | None:
    """The unfinished game the person says is theirs: asked through the speech and display
    they use (a script, which cannot answer, is told the files instead)."""
    from braille_words.table.which_game import choose

    lang = args.lang or _console_lang(games[0])
    if scripted:
        return choose(games, lang, interactive=False)
    from braille_words.table.which_game_aloud import choose_aloud, chooser_seat

    seat = chooser_seat(_saved_seats(games[0]), lang, args.speech, args.display)
    return choose_aloud(games, lang, seat)


def _yours(args: argparse.Namespace, seats: Sequence[SeatConfig]) -> list[str]:
    """``--speech`` and ``--display`` as the first person's seat settings (as play's)."""
    you = next((i for i, s in enumerate(seats) if s.is_human), None)
    given = [f"{key}={value}" for key, value in (("speech", args.speech),
                                                  ("display", args.display)) if value]
    return [f"{you + 1}:{','.join(given)}"] if you is not None and given else []


def _resumed(
    args: argparse.Namespace, path: Path | None, held: Any, skipped: list[Path], scripted: bool
) -> AnySession:
    from braille_words.table.launch import resume_session

    seats = _saved_seats(path)
    overrides = [*_yours(args, seats), *args.seat]
    shared = None
    if args.web and seats:
        # Every person's seat back on the page, hot-seat as at the start (play --web).
        from braille_words.web.student_play import seat_on_page

        shared = seat_on_page(seats)
        overrides += [f"{i + 1}:where=network,speech=none,display=none,keyboard=none"
                      for i, s in enumerate(seats) if s.is_human]
    elif any(s.is_human and s.where == "network" for s in seats):
        # Nobody here could take such a seat: the table would wait for ever.
        from braille_words.present.messages import text

        raise InputError(text(seats[0].lang, "resume_network"))
    return resume_session(
        path, transcript=sys.stdout if scripted else None, seat_overrides=overrides,
        shared=shared, held=held, skipped=skipped,
    )


@contextlib.contextmanager
def _said_in(lang: str | None) -> Iterator[None]:
    """An error raised inside is said in ``lang`` (a seat's, a saved game's), unless the place
    that raised it knew better."""
    try:
        yield
    except BrailleWordsError as exc:
        if exc.lang is None:
            exc.lang = lang
        raise


def _console_lang(path: Path | None) -> str:
    """The language a resumed game was played in, for what is said before it is opened."""
    seats = _saved_seats(path)
    return next((s.lang for s in seats if s.is_human), "pl")


def _saved_seats(path: Path | None) -> list[SeatConfig]:
    """The seats a journal's header names; none when it cannot be read (``resume_session``
    then says what is wrong with it)."""
    from braille_words.table import journal
    from braille_words.table.seats import SeatConfig

    if path is None:
        return []
    try:
        return [SeatConfig.from_json(s) for s in journal.read(path).header.seats]
    except (BrailleWordsError, OSError, ValueError, TypeError, KeyError, AttributeError):
        return []


def cmd_results(args: argparse.Namespace) -> int:
    from braille_words.speech.speaker import strip_marks
    from braille_words.table.launch import latest_finished_journal
    from braille_words.table.records import housekeeping, say_tightened
    from braille_words.table.results import game_results

    # In the language the game was played in (an English game's results came in Polish),
    # and without the marks that tell a voice a word's language ("en:OR").
    path = args.journal or latest_finished_journal()
    lang = args.lang or _console_lang(path)
    housekeeping(lang)
    say_tightened(lang)
    with _said_in(lang):  # a damaged journal is named in the language the results are read in
        lines = game_results(path, lang)
    for line in lines:
        print(strip_marks(line))
    return 0


def cmd_roster_example(args: argparse.Namespace) -> int:
    from braille_words.table.roster import EXAMPLE

    sys.stdout.write(EXAMPLE)
    return 0


def cmd_roster_check(args: argparse.Namespace) -> int:
    """Read the roster seat by seat; exit 1 if anything would stop the lesson or leak a rack."""
    from braille_words.present.messages import text
    from braille_words.table.roster import check_roster, load_roster, terminal_owner

    roster = load_roster(args.file)
    lang = args.lang or roster.lang
    reports, table = check_roster(roster, args.game, lang)
    for report in reports:
        print(report.line())
    for problem in table:
        print(text(lang, "roster_problem", text=problem))
    # Reports tell students apart by class: the teacher sees the one they will get, or that
    # there is none (two classes' Olas would then be one student).
    groups = sorted({s.group for s in roster.seats if s.is_human and s.group})
    print(text(lang, "roster_class", group=", ".join(groups)) if groups
          else text(lang, "roster_no_class"))
    print(terminal_owner(roster, lang))
    problems = sum(len(r.problems) for r in reports) + len(table)
    if args.try_devices and not problems:
        _try_devices(roster, lang)
    if problems:
        print(text(lang, "roster_problems", count=problems))
        return 1
    print(text(lang, "roster_ready", path=args.file, count=len(reports)))
    return 0


def _try_devices(roster: Roster, lang: str) -> None:
    """Each person hears their own name in their own headphones and reads it on their display,
    so a swapped cable is found before the game, not when a rack is read out."""
    from braille_words.present.messages import text
    from braille_words.table.devices import open_outputs
    from braille_words.table.roster import try_key

    outputs = open_outputs(roster.seats)
    try:
        for seat, out in zip(roster.seats, outputs, strict=True):
            if seat.is_human:
                key = try_key(seat)
                out.announce(text(seat.lang, key, name=seat.name))
                how = "shown" if key == "roster_try_display" else (
                    "both" if "display" in key or key == "roster_try" else "said")
                print(text(lang, "roster_tried", name=seat.name, how=how))
        for out in outputs:
            if out.speaker is not None:
                out.speaker.wait(timeout=15)
    finally:
        for out in outputs:
            out.close()


def _run(
    session: AnySession, scripted: bool, *, timers: bool = True, greeting: str | None = None,
    intro: bool = True, resumed: bool = False,
    console_gone: Callable[[], None] | None = None,
) -> int:
    """Feed the keyboard into the session and play; the journal keeps the game if we stop.
    ``console_gone``: what the end of standard input (not a terminal) means, when it does not
    mean the end of the game (a page's game, whose player is in the browser)."""
    from braille_words.table.terminal import AboveTyping

    # A polite kill is heard from the first moment: the terminal goes key by key below, and
    # a kill before the game's loop starts must give it back too.
    previous = _exit_on_sigterm()
    plain = sys.stdout
    reader: TerminalReader | None = None
    keyboards: list[UsbKeyboard] = []
    try:
        try:
            session.timers = timers
            if any(s.is_human for s in session.seats):
                if not scripted:
                    reader = _terminal_reader(session)
                target = (reader.run if reader is not None
                          else functools.partial(_read_keyboard, session, console_gone))
                threading.Thread(target=target, daemon=True).start()
            if scripted:
                session.echo = _echo
            else:
                session.think = True  # computers take their time only when people are playing
                session.confirm_end = True  # the result stays until each person has read it
                if session.shared and sys.stdout.isatty():
                    session.on_hand_over = functools.partial(_hand_over_terminal, reader)
            from braille_words.present.messages import text
            from braille_words.table.devices import open_teacher, sounds_may_load

            if session.teacher is None and session.terminal_is_teachers:
                lang = next(s.lang for s in session.seats if s.is_human)
                session.teacher = open_teacher(lang, "none" if scripted else "auto")
                if intro:  # a player at home with the page (--web) is nobody's teacher
                    session.teacher.announce(text(lang, "console_intro"))
                if resumed:  # where the game stands: whose turn, who the computer plays
                    session.tell_teacher_resumed()
            if greeting and session.teacher is not None:
                # the teacher's page: its address and password
                session.teacher.announce(greeting)
            session.on_started = sounds_may_load
            keyboards.extend(_seat_keyboards(session))
            if reader is not None and plain.isatty():
                # sentences go above the half-typed line
                sys.stdout = AboveTyping(reader, plain)
            result = session.run()
        finally:
            sys.stdout = plain
            if reader is not None:
                reader.restore()
            with contextlib.suppress(ValueError, TypeError):  # not the main thread
                signal.signal(signal.SIGTERM, previous)
    except BrailleWordsError:
        _close(session, keyboards)
        raise
    except KeyboardInterrupt:
        _close(session, keyboards)
        print("\n" + _saved_sentence(session), file=sys.stderr)
        return 130
    _close(session, keyboards)
    # After 'wyjdź' the player has just heard that the game is saved, in their language.
    told = session.quit_requested
    if result is None and (session.unsaved or not (scripted or told)):
        print(_saved_sentence(session), file=sys.stderr)
    return 1 if session.unsaved else 0


def _seat_keyboards(session: AnySession) -> list[UsbKeyboard]:
    """Each seat's own USB keyboard, read for that seat alone (``keyboard = "/dev/input/…"``).
    One not plugged in yet is said to its seat and looked for in the background."""
    from braille_words.present.messages import error_text, text
    from braille_words.table.session import Input
    from braille_words.table.usb_keyboard import UsbKeyboard

    started: list[UsbKeyboard] = []
    for seat, config in enumerate(session.seats):
        if not (config.is_human and config.keyboard.startswith("/dev/")):
            continue
        out = session.outputs[seat]

        def submit(line: str, seat: int = seat) -> None:
            session.inputs.put(Input(seat, line))

        def status(key: str, out: Any = out, path: str = config.keyboard) -> None:
            out.announce(text(out.lang, key, out.verbosity, path=path), cue="warning")
            if out.on_device is not None:
                out.on_device(key)  # the teacher is told too: the student cannot fix it

        keyboard = UsbKeyboard(config.keyboard, on_line=submit, on_key=out.stop_speech,
                               on_status=status)
        started.append(keyboard)
        try:
            keyboard.start()
        except BrailleWordsError as exc:
            out.announce(error_text(exc, out.lang, out.verbosity), cue="warning")
            if out.on_device is not None:
                out.on_device("keyboard_lost")
    return started


def _close(session: AnySession, keyboards: Sequence[UsbKeyboard]) -> None:
    for keyboard in keyboards:
        keyboard.close()
    session.close()


def _saved_sentence(session: AnySession) -> str:
    """The closing lines, in the language of the people at the table (not always English):
    what happened first, then the journal's path on a line of its own, which a screen reader
    can skip (read aloud, "/tmp/…/sessions/…jsonl" was half a minute of speech)."""
    from braille_words.present.messages import text

    humans = [out for seat, out in zip(session.seats, session.outputs, strict=True)
              if seat.is_human]
    lang = (humans or session.outputs)[0].lang
    path = session.journal.path if session.journal is not None else "?"
    if session.unsaved:
        return "braille-words: " + text(lang, "closing_unsaved", path=path)
    return (f"braille-words: {text(lang, 'closing_saved')}\n"
            f"{text(lang, 'closing_path', path=path)}")


def _read_keyboard(session: AnySession, ended: Callable[[], None] | None = None) -> None:
    """Standard input line by line: a script, a pipe, or a terminal the key reader cannot use.
    At its end the input of the table ends, unless ``ended`` says what else that means.

    Bytes straight from the file descriptor, decoded here: an invalid byte becomes U+FFFD
    (whatever the locale's strictness) instead of ending the input, and a thread blocked in
    ``os.read`` holds no lock of ``sys.stdin`` that would abort the interpreter at exit.
    """
    from braille_words.table.session import KEYBOARD, Input

    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        fd = -1
    if fd < 0:
        for raw in iter(sys.stdin.readline, ""):
            session.inputs.put(Input(KEYBOARD, raw.rstrip("\r\n")))
    else:
        _read_lines(session, fd)
    if ended is not None:
        ended()
    else:
        session.inputs.put(Input(KEYBOARD, None))


def _read_lines(session: AnySession, fd: int) -> None:
    """Lines from the file descriptor ``fd`` into the table's input, until it ends."""
    from braille_words.table.session import KEYBOARD, Input

    pending = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except InterruptedError:
            continue
        except OSError:
            break
        if not chunk:
            break
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            session.inputs.put(Input(KEYBOARD, line.decode("utf-8", "replace").rstrip("\r")))
    if pending:
        session.inputs.put(Input(KEYBOARD, pending.decode("utf-8", "replace").rstrip("\r")))


def _terminal_reader(session: AnySession) -> TerminalReader | None:
    """The keyboard key by key, so any key stops speech; None where only lines can be read."""
    from braille_words.table.session import KEYBOARD, Input
    from braille_words.table.terminal import NotATerminalError, TerminalReader

    try:
        reader = TerminalReader(
            sys.stdin.fileno(),
            on_key=session.keyboard_key,
            on_line=lambda line: session.inputs.put(Input(KEYBOARD, line)),
            secret=session.private_entry,
            on_pan=session.keyboard_pan,
        )
    except (NotATerminalError, OSError, ValueError):
        return None
    session.keyboard_draft = reader.draft
    return reader


def _exit_on_sigterm() -> Any:
    """A polite kill (SIGTERM) ends the game like Ctrl-C: the terminal gets its echo back and
    the journal is closed; the game is saved either way."""

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        return signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (a test running the CLI in-process)
        return signal.getsignal(signal.SIGTERM)


def _hand_over_terminal(reader: TerminalReader | None) -> None:
    """Screen and scrollback (xterm's ED 3) cleared, and the typed history forgotten: the next
    player must not scroll or arrow back to the last one's rack or secret word."""
    from braille_words.table.terminal import AboveTyping

    out = sys.stdout.raw if isinstance(sys.stdout, AboveTyping) else sys.stdout
    out.write("\x1b[H\x1b[2J\x1b[3J")
    out.flush()
    if reader is not None:
        reader.forget_history()


def _echo(line: str) -> None:
    """In a transcript, each command stands before the answers it got."""
    if line.strip():
        sys.stdout.write(f"> {line.strip()}\n")
        sys.stdout.flush()
