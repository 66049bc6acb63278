"""``braille-words host`` (the teacher's computer) and ``braille-words join`` (a student's).

The host's terminal is the teacher's console of its tables (as at one computer), with four
more commands for network seats: ``kod N`` gives seat N a new join code (the old one, and
whoever used it, is let go), ``zwolnij N`` frees a seat so the student can claim it again,
``stół N`` chooses which table the console's commands are for when there are several (and
whose moves it says), ``wpuść [ADDRESS]`` lifts the wait of an address that gave too many
wrong codes or passwords (the console says when that happens, and when a misbehaving client
is let go); and
``koniec lekcji`` ends every table at once, saved for ``host --resume``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

from braille_words.errors import BrailleWordsError, InputError
from braille_words.private_files import private_folder, tighten_tree
from braille_words.user_config import add_keep_days

DEFAULT_PORT = 8765


def register(subparsers: Any) -> None:
    host = subparsers.add_parser(
        "host",
        help="run classroom tables that students join from their own computers",
        description="Run one or several tables on this computer; students at their own "
        "computers join them with 'braille-words join' and the join code said here.",
        epilog="At this console, besides the table's own commands ('pomoc'): 'kod NAME' "
        "gives a seat a new join code (the old one stops working), 'zwolnij NAME' lets the "
        "seat's computer go so the student can join again, 'stół N' sends the next commands "
        "to table N, 'wpuść [ADDRESS]' lifts the wait of an address after wrong codes, "
        "'koniec lekcji' ends every table at once (saved; 'host --resume' goes on with them).",
    )
    host.add_argument("game", nargs="?", help="the game (default: the roster's, else rummikub)")
    host.add_argument("--players", help="who plays, e.g. remote,remote,computer "
                      "(remote: a student at their own computer; human: at this one)")
    host.add_argument("--roster", type=Path, action="append", default=[], metavar="FILE",
                      help="a classroom roster; seats with where = \"network\" join over the "
                      "network; give --roster again for another table")
    host.add_argument("--seed", type=int, help="a number that fixes the deal")
    host.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    host.add_argument("--lang", choices=("pl", "en"), help="the console's and seats' language")
    host.add_argument("--words", choices=("pl", "en"),
                      help="language of the game's words (default: the roster's, else the game's)")
    host.add_argument("--port", type=int, default=DEFAULT_PORT,
                      help=f"the port students connect to (default {DEFAULT_PORT}; 0: any)")
    host.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    host.add_argument("--cert", type=Path, help="a TLS certificate: students connect with wss://")
    host.add_argument("--key", type=Path, help="the certificate's private key")
    host.add_argument("--resume", nargs="?", const="latest", metavar="DIR",
                      help="bring back the tables of the last host (or of DIR) from their "
                      "journals; students reconnect by themselves")
    host.add_argument("--computer-after", type=float, metavar="SECONDS",
                      help="when a student's connection drops, a computer plays for their "
                      "seat after this long (default: the table waits)")
    host.add_argument("--no-mdns", action="store_true",
                      help="do not announce the tables on the local network")
    host.add_argument("--no-timer", action="store_true", help="play without any clock")
    host.add_argument("--dir", type=Path, help="where the tables' journals are kept")
    add_keep_days(host)
    host.set_defaults(func=cmd_host)

    join = subparsers.add_parser(
        "join",
        help="join a teacher's table from this computer (found on the network, or HOST:PORT)",
        description="Find the teacher's tables on the local network (or go to ADDRESS) and "
        "take your seat with the join code your teacher gives you.",
    )
    join.add_argument("address", nargs="?", help="HOST:PORT, or ws://… / wss://… "
                      "(default: look for tables on the network)")
    join.add_argument("--code", help="your join code (asked for when not given)")
    join.add_argument("--display", help="your Braille display: console, none, baum:PORT, …")
    join.add_argument("--speech", help="your speech: auto, espeak, speechd, pyttsx3, text, none")
    join.add_argument("--sound", help="your sound device (name or number)")
    join.add_argument("--lang", choices=("pl", "en"), default="pl",
                      help="the language you are spoken to in")
    join.add_argument("--verbosity", choices=("beginner", "expert"), default="beginner")
    join.add_argument("--insecure", action="store_true",
                      help="accept the teacher's self-signed certificate (wss://)")
    join.set_defaults(func=cmd_join)


# -- join ----------------------------------------------------------------------------------


def cmd_join(args: argparse.Namespace) -> int:
    from braille_words.net.client import Client, read_lines
    from braille_words.table.launch import stdin_is_interactive
    from braille_words.table.seats import SeatConfig

    interactive = stdin_is_interactive()
    seat = SeatConfig(
        name="Ja" if args.lang == "pl" else "Me",
        lang=args.lang,
        verbosity=args.verbosity,
        display=args.display or ("console" if interactive else "none"),
        speech=args.speech or ("auto" if interactive else "text"),
        sound=args.sound,
    )
    reader = _terminal_input if interactive else read_lines
    client = Client(seat, address=args.address, code=args.code, insecure=args.insecure,
                    read_input=reader)
    try:
        return client.run()
    except KeyboardInterrupt:
        return 130


def _terminal_input(client: Any) -> None:
    """The keyboard key by key: any key stops the speech at once."""
    from braille_words.net.client import read_lines
    from braille_words.table.terminal import NotATerminalError, TerminalReader

    try:
        reader = TerminalReader(sys.stdin.fileno(), on_key=client.key, on_line=client.line,
                                secret=lambda: False, on_pan=client.pan)
    except (NotATerminalError, OSError, ValueError):
        read_lines(client)
        return
    try:
        reader.run()
    finally:
        reader.restore()


# -- host ----------------------------------------------------------------------------------


def _host_dir(args: argparse.Namespace) -> Path:
    from braille_words.table.launch import sessions_dir

    if args.dir is not None:
        return Path(args.dir)
    return sessions_dir() / "hosts" / time.strftime("%Y%m%d-%H%M%S")


def _latest_host() -> Path:
    from braille_words.table.launch import sessions_dir

    hosts = sorted((sessions_dir() / "hosts").glob("*/host.json"))
    if not hosts:
        raise InputError("there is no host to resume; start one with 'braille-words host'")
    return hosts[-1].parent


def _new_tables_in(args: argparse.Namespace, folder: Path, scripted: bool) -> list[Any]:
    """``_new_tables`` in ``folder``, made first; a disk that refuses the folder or a table's
    journal (full, read-only) is said with the host's own remedy, ``--dir``."""
    from braille_words.table.journal import JournalUnwritable, os_reason

    try:
        private_folder(folder, ours=args.dir is None)  # host.json: every code and token
        return _new_tables(args, folder, scripted)
    except (OSError, JournalUnwritable) as exc:
        params = exc.params if isinstance(exc, JournalUnwritable) else os_reason(exc)
        error = BrailleWordsError.coded("host_folder_unwritable",
                                        **{"why": "", **params, "path": str(folder)})
        error.lang = args.lang or "pl"
        raise error from None


def _new_tables(args: argparse.Namespace, folder: Path, scripted: bool) -> list[Any]:
    from braille_words.games.registry import find_game
    from braille_words.net.codes import SeatKeys
    from braille_words.net.host import HostedTable
    from braille_words.table.cli import _options
    from braille_words.table.launch import new_session
    from braille_words.table.roster import load_roster
    from braille_words.table.seats import parse_players

    plans: list[tuple[Any, list[Any], dict[str, Any]]] = []
    if args.roster:
        if args.players:
            raise InputError("--players and --roster both say who plays; give only one of them")
        for path in args.roster:
            roster = load_roster(path)
            kit = find_game(args.game or roster.game or "rummikub", args.words or roster.words)
            seats = roster.seats
            if args.lang:
                for seat in seats:
                    seat.lang = args.lang
            plans.append((kit, seats, dict(roster.options)))
    else:
        kit = find_game(args.game or "rummikub", args.words)
        lang = args.lang or kit.word_lang
        seats = parse_players(args.players or "remote,remote,computer", lang)
        plans.append((kit, seats, {}))
    _one_name_one_student([seats for _, seats, _ in plans], args.lang)
    if not any(s.where == "network" for _, seats, _ in plans for s in seats):
        raise InputError("no seat plays over the network: give --players remote,… or a roster "
                         "with where = \"network\" seats (or use 'play' at one computer)")
    args.variant, args.level, args.solo, args.position = None, None, False, None
    tables = []
    for number, (kit, seats, options) in enumerate(plans, start=1):
        options.update(_options(args))
        session = new_session(kit, seats, seed=args.seed, options=options,
                              journal_path=folder / f"table-{number}.jsonl",
                              transcript=sys.stdout if scripted else None)
        tables.append(HostedTable(number, session, SeatKeys()))
    return tables


def _one_name_one_student(tables: list[list[Any]], lang: str | None) -> None:
    """A report knows a student by name and class across tables and games: two people of one
    name in one class at two tables of a lesson would be one student in it, each credited
    with the other's games and words. Refused before the lesson starts, as two such seats at
    one table are; two Olas of two classes' rosters are two students."""
    from braille_words.present.messages import text

    seen: dict[tuple[str, str], int] = {}
    for number, seats in enumerate(tables, start=1):
        for seat in seats:
            if not seat.is_human:
                continue
            key = (" ".join(seat.name.split()).casefold(), seat.group)
            if key in seen and seen[key] != number:
                said = lang or seat.lang
                raise InputError(text(said, "host_same_name", name=seat.name,
                                      first=seen[key], second=number))
            seen.setdefault(key, number)


def _resumed_tables(folder: Path, scripted: bool) -> tuple[list[Any], int]:
    from braille_words.net.codes import SeatKeys
    from braille_words.net.host import HostedTable
    from braille_words.table.launch import resume_session

    try:
        data = json.loads((folder / "host.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"the host's state in {folder} cannot be read: {exc}") from None
    tables = []
    for number, entry in enumerate(data.get("tables", []), start=1):
        journal = entry.get("journal")
        if not journal:
            continue
        try:
            session = resume_session(Path(journal),
                                     transcript=sys.stdout if scripted else None)
        except BrailleWordsError as exc:
            print(f"braille-words: table {number}: {exc}", file=sys.stderr)
            continue
        tables.append(HostedTable(number, session, SeatKeys.from_json(entry.get("keys", {})),
                                  given_to_computer=_given_while_away(Path(journal)),
                                  resumed=True))
    if not tables:
        raise InputError(f"no table of the host in {folder} is left to play")
    return tables, int(data.get("port", DEFAULT_PORT))


def _given_while_away(path: Path) -> set[int]:
    """The seats the host gave the computer while their students were away, as the journal
    says: given back when each student's computer returns, after a restart as before it (a
    student back after ``--resume`` watched the computer play her seat, and the report
    credited it with her game)."""
    from braille_words.table import journal as journal_mod
    from braille_words.table.control import COMPUTER_FOR

    try:
        settings = journal_mod.read(path).settings
    except BrailleWordsError:
        return set()
    return {seat for seat, chosen in settings.items()
            if chosen.get("kind") == "computer" and chosen.get(COMPUTER_FOR) == "away"}


def cmd_host(args: argparse.Namespace) -> int:
    from braille_words.net.host import Host
    from braille_words.present.messages import text
    from braille_words.table.devices import open_teacher
    from braille_words.table.launch import stdin_is_interactive
    from braille_words.table.records import housekeeping, say_tightened

    scripted = not stdin_is_interactive()
    _check_certificate(args)  # before any table is made: a wrong file costs no journal
    housekeeping(args.lang or "pl", args.keep_days)
    if args.resume:
        folder = _latest_host() if args.resume == "latest" else Path(args.resume)
        tighten_tree(folder)  # a host of an older version left its tokens readable
        tables, port = _resumed_tables(folder, scripted)
        if args.port != DEFAULT_PORT:
            port = args.port
    else:
        folder = _host_dir(args)
        tables, port = _new_tables_in(args, folder, scripted), args.port
    lang = args.lang or next(
        (s.lang for t in tables for s in t.session.seats if s.is_human), "pl")
    say_tightened(lang)
    teacher = open_teacher(lang, "none" if scripted else "auto")
    for table in tables:
        table.session.teacher = _teacher_at(teacher, table, lang) if len(tables) > 1 \
            else teacher
        # Set before the host listens: a student's welcome says whether the table runs a
        # clock, and after ``--resume`` their computers are back at once.
        table.session.timers = not (args.no_timer or scripted)
        # A host's tables come back together, students and codes, from the host's folder.
        table.session.resume_command = f"braille-words host --resume {folder}" + (
            " --no-timer" if args.no_timer else "")  # resumed as it was played
    host = Host(tables, bind=args.bind, port=port, cert=args.cert, key=args.key,
                state_path=folder / "host.json", computer_after=args.computer_after)
    page = _teacher_page(host, folder, teacher)
    for guard in host.guards:
        guard.tell = functools.partial(_tell_alert, teacher, lang)
    try:
        port = host.start()
    except OSError as exc:
        raise InputError(f"cannot listen on port {port}: {exc.strerror or exc}; give another "
                         f"with --port") from None
    announcer = None
    if not args.no_mdns:
        try:
            from braille_words.net.discovery import Announcer

            announcer = Announcer([(t.label(lang), t.title) for t in tables], port, host.scheme)
        except Exception as exc:  # no multicast here: students type the address instead
            print(f"braille-words: tables not announced on the network: {exc}", file=sys.stderr)
    _tell_codes(host, teacher, lang, port)
    _tell_page(page, host, teacher, port)
    teacher.announce(text(lang, "host_help"))  # how the lesson ends is said before it begins
    try:
        return _serve(host, tables, teacher, lang, scripted, page=page)
    finally:
        host.stop()
        if announcer is not None:
            announcer.close()


def _teacher_at(teacher: Any, table: Any, lang: str) -> Any:
    """The teacher's console as one of several tables tells it: the same voice and screen,
    each line headed by its table ("[Nauczyciel, Stół 2]"), so eight tables' news can be
    told apart."""
    from braille_words.table.outputs import SeatOutput

    return SeatOutput(name=teacher.name, lang=lang, verbosity=teacher.verbosity,
                      speaker=teacher.speaker, transcript=teacher.transcript,
                      label=f"{teacher.label}, {table.label(lang)}")


def _check_certificate(args: argparse.Namespace) -> None:
    import ssl

    from braille_words.net.host import tls

    if args.key is not None and args.cert is None:
        raise InputError("--key goes with --cert: give the certificate too")
    if args.cert is None:
        return
    try:
        tls(args.cert, args.key)
    except (OSError, ValueError) as exc:  # ssl.SSLError is an OSError
        reason = ("they are not a PEM certificate and its private key"
                  if isinstance(exc, ssl.SSLError) else getattr(exc, "strerror", None) or exc)
        raise InputError(f"the certificate {args.cert} (key {args.key or 'in the same file'}) "
                         f"cannot be used: {reason}") from None


def _teacher_page(host: Any, folder: Path, console: Any = None) -> Any:
    """The teacher's page of every table, on the host's own server and port (``/teacher/``).
    Its report of the term reads every game kept where this lesson's are: braille-words'
    own folder for a host kept there (not this lesson's folder alone), else the folder the
    teacher chose with ``--dir``."""
    from braille_words.table.launch import sessions_dir
    from braille_words.web.hosted import host_page

    kept = sessions_dir()
    term = kept if folder.resolve().is_relative_to(kept.resolve()) else folder
    return host_page(host, journals=term, console=console)


def _tell_page(page: Any, host: Any, teacher: Any, port: int) -> None:
    """The page's address and password, printed and said, as ``play --web`` does (at the
    address the host listens on when ``--bind`` names one)."""
    printed, said = page.greeting(page.url(_listening(host), port, host.scheme == "wss"))
    print(printed, flush=True)
    teacher.announce(said)


def _tell_alert(teacher: Any, lang: str, alert: Any) -> None:
    """Guessing, or a client let go: the teacher's console says it (any thread)."""
    from braille_words.present.messages import text

    teacher.announce(text(lang, alert.key, address=alert.address, **alert.params),
                     cue="warning")


def _listening(host: Any) -> str:
    """The address students and the teacher's page are told: the one ``--bind`` names, else
    this computer's address on the network (the host listens on all of them); an IPv6 one in
    brackets, as it is written before a port."""
    address = host.bind if host.bind not in ("0.0.0.0", "", "::") else _address()
    return f"[{address}]" if ":" in address else address


def _address() -> str:
    from braille_words.net.discovery import _addresses

    return next((a for a in _addresses() if not a.startswith("127.")), "127.0.0.1")


def _tell_codes(host: Any, teacher: Any, lang: str, port: int) -> None:
    from braille_words.net.codes import spoken
    from braille_words.present.messages import text

    address = _listening(host)
    for table in host.tables:
        lines = [text(lang, "host_resumed" if table.resumed else "host_ready",
                      table=table.number, game=table.title, address=f"{address}:{port}")]
        for seat, code in sorted(table.keys.codes.items()):
            lines.append(text(lang, "host_code", name=table.session.seats[seat].name,
                              code=spoken(code)))
        teacher.announce(" ".join(lines))


def _serve(host: Any, tables: list[Any], teacher: Any, lang: str, scripted: bool, *,
           page: Any = None) -> int:
    from concurrent.futures import ThreadPoolExecutor

    from braille_words.net.stepped import step_tables
    from braille_words.present.messages import text
    from braille_words.table.session import KEYBOARD, Input

    for table in tables:
        table.session.think = not scripted
        table.session.confirm_end = not scripted
    # Every table is stepped on the network's loop, none on a thread of its own: a school's
    # thirty threads cost more than their tables' work (``net.stepped``). The pool finds
    # computers' moves and closes tables that ended.
    pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tables")
    threads = step_tables(host, tables, pool)
    chosen = [tables[0]]
    _follow(tables, chosen[0])
    closing = threading.Event()
    """After the games: the teacher pressed Enter (or the console closed)."""

    def console(line: str | None) -> None:
        if line is None or not any(t.is_alive() for t in threads):
            closing.set()
            return
        if not _host_command(host, tables, chosen, teacher, lang, line):
            chosen[0].session.inputs.put(Input(KEYBOARD, line))

    reader = threading.Thread(target=_read_console, args=(console,), daemon=True)
    reader.start()
    previous = signal.getsignal(signal.SIGTERM)
    with contextlib.suppress(ValueError):
        signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        while any(t.is_alive() for t in threads):
            for thread in threads:
                thread.join(0.2)
        if page is not None and page.in_use:
            # The teacher's page (and its reports) stays until the teacher closes it: the
            # students have been told the game ended, and their programs have ended.
            teacher.announce(text(lang, "host_page_stays"))
            while not closing.wait(0.2):
                pass
    except KeyboardInterrupt:
        for table in tables:
            table.session.inputs.put(Input(KEYBOARD, None))
        return 130
    finally:
        with contextlib.suppress(ValueError, TypeError):
            signal.signal(signal.SIGTERM, previous)
    return 0


def _follow(tables: list[Any], chosen: Any) -> None:
    """The console says the moves of the table its commands are for; of the others, their
    alerts alone (``Session.console_follows``). One table's console follows it."""
    for table in tables:
        table.session.console_follows = table is chosen or len(tables) == 1


def _read_console(console: Any) -> None:
    for raw in iter(sys.stdin.readline, ""):
        console(raw.rstrip("\r\n"))
    console(None)  # the console has closed


_CODE_WORDS = ("kod", "code")
_FREE_WORDS = ("zwolnij", "free")
_TABLE_WORDS = ("stół", "stol", "table")
_LIFT_WORDS = ("wpuść", "wpusc", "let")
LESSON_END_WORDS = ("koniec lekcji", "zakończ lekcję", "zakoncz lekcje", "end lesson",
                    "end the lesson")
"""The end of the lesson: every table at once (``koniec`` alone ends the chosen table)."""


def _host_command(host: Any, tables: list[Any], chosen: list[Any], teacher: Any, lang: str,
                  line: str) -> bool:
    """The host's own console commands; False for a line the table's console takes."""
    from braille_words.net.codes import spoken
    from braille_words.present.messages import text

    verb, _, rest = " ".join(line.split()).partition(" ")
    verb = verb.lower()
    if verb in ("pomoc", "help", "?") and not rest:  # the table's commands, then the host's
        teacher.announce(text(lang, "console_help", teacher.verbosity))
        teacher.announce(text(lang, "host_help"))
        return True
    if " ".join(line.split()).lower() in LESSON_END_WORDS:
        from braille_words.table.control import end_lesson

        # Said before the tables end: they are stepped on the network's loop at once, and
        # their "game ended for everyone" must not come before the sentence that ends them.
        playing = [t.session for t in tables if t.session.playing]
        resume = next((s.resume_command for s in playing), "")
        teacher.announce(text(lang, "lesson_ended_teacher", count=len(playing), resume=resume)
                         if playing else text(lang, "lesson_nothing_to_end"))
        end_lesson(playing)
        return True
    if verb in _LIFT_WORDS:
        address = rest.removeprefix("in").strip() if verb == "let" else rest
        lifted = sorted({a for g in host.guards for a in g.lift(address or None)})
        teacher.announce(text(lang, "net_lifted_teacher", addresses=", ".join(lifted))
                         if lifted else text(lang, "net_nobody_waits_teacher"))
        return True
    if verb in _TABLE_WORDS and rest.isdigit() and 1 <= int(rest) <= len(tables):
        chosen[0] = tables[int(rest) - 1]
        _follow(tables, chosen[0])
        teacher.announce(text(lang, "host_table_chosen", table=chosen[0].label(lang),
                              title=chosen[0].title))
        return True
    if verb not in _CODE_WORDS + _FREE_WORDS or not rest:
        return False
    table = chosen[0]
    seats = table.session.seats
    seat = None
    if rest.isdigit() and 1 <= int(rest) <= len(seats):
        seat = int(rest) - 1
    else:
        seat = next((i for i, s in enumerate(seats) if s.name.casefold() == rest.casefold()),
                    None)
    if seat is None or seat not in table.remotes:
        name = seats[seat].name if seat is not None else rest
        teacher.announce(text(lang, "host_not_remote", name=name))
        return True
    if verb in _CODE_WORDS:
        code = host.renew_code(table, seat)
        teacher.announce(text(lang, "host_code_new", name=seats[seat].name, code=spoken(code)))
    else:
        host.free(table, seat)
        teacher.announce(text(lang, "host_freed", name=seats[seat].name))
    return True
