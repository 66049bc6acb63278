"""A teacher's roster: a classroom table written once, checked before the lesson.

Typing ``--seat 1:name=Ola,display=baum:/dev/ttyUSB0,sound=1`` for every student every lesson
is where mistakes creep in, and a mistake found when the game starts costs the class its
time. A roster is a small TOML file a teacher keeps next to the lesson plan; ``roster check``
says, seat by seat and before anyone sits down, what would not work and who would overhear
whom.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from braille_words.errors import InputError
from braille_words.games.options import unknown_setting
from braille_words.present.messages import error_text, text
from braille_words.table.seats import SeatConfig, check_names

SEAT_KEYS = (*(f.name for f in fields(SeatConfig) if f.name != "group"), "class")
"""A seat's keys in a roster: its class is ``class`` there (``SeatConfig.group``)."""
TOP_KEYS = ("game", "words", "lang", "verbosity", "class", "seat", "options")

EXAMPLE = """\
# A braille-words classroom roster. Start the table with:
#     braille-words play --roster THIS-FILE
# and check it before the lesson with:
#     braille-words roster check THIS-FILE
# Students at their own computers: start it with 'braille-words host --roster THIS-FILE'
# and give their seats where = "network" (they join with 'braille-words join'; their
# display, speech and sound are set on their own computer).
#
# Settings for the whole table (all optional):
class = "3a"               # the class: the term's report tells two students of one name
                           # apart by it (Ola of 3a is not Ola of 3b); give every table's
                           # roster of one class the same class
game = "rummikub"          # rummikub, siedem-slow, alicja, scrabble-karty or word-thief
# words = "en"             # pl or en: the language the game's words are played in
lang = "pl"                # pl or en: the language every seat hears, unless a seat says otherwise
verbosity = "beginner"     # beginner (full sentences) or expert (short ones)

[options]                  # game options, as with --option
# move_limit_seconds = 120

# One [[seat]] per player, in playing order. Only the name is required.
#
# Keyboards: a seat with a Braille display types on the display's own keys. The computer's
# keyboard (the terminal) belongs to the seats given keyboard = "terminal"; when no seat has
# it, the terminal is the TEACHER'S CONSOLE: pauza, dalej, czas 60, pomiń, komputer IMIĘ,
# gracz IMIĘ, powiedz IMIĘ tekst, powiedz wszystkim tekst, stan, koniec (pomoc lists them).
[[seat]]
name = "Ola"
# display: console, none, brlapi, baum:PORT, handytech:PORT, focus:PORT or MODEL:PORT
display = "baum:/dev/ttyUSB0"
# sound: her headphones, a number or a name from 'braille-words devices audio'
sound = "1"
speech = "auto"                 # auto, espeak, speechd, pyttsx3, text or none

[[seat]]
name = "Janek"
display = "focus:/dev/ttyUSB1"
sound = "2"
verbosity = "expert"
# braille: auto (the seat's language as its readers read it: English in contracted UEB
# grade 2), ueb-g1 (uncontracted English, for a learner) or computer (8-dot computer braille)
braille = "auto"

[[seat]]
name = "Ewa"
display = "none"                # speech only
sound = "3"
# Her own second USB keyboard (grabbed, so it does not type into the terminal); or
# keyboard = "terminal" to give her the computer's keyboard (then there is no console).
keyboard = "/dev/input/by-id/usb-Logitech_USB_Keyboard-event-kbd"

[[seat]]
name = "Komputer"
kind = "computer"               # human (the default) or computer
level = "medium"                # beginner, medium or strong
"""


@dataclass
class Roster:
    """The seats of one table, with the game and options the teacher chose for it."""

    seats: list[SeatConfig]
    game: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    lang: str = "pl"
    """The table's language: what ``roster check`` speaks to the teacher in."""
    words: str | None = None
    """The language the game's words are played in (``words = "en"``); None: the game's own."""


def load_roster(path: Path) -> Roster:
    """Read and check a roster file; every mistake is named with the seat it is in."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"the roster {path} cannot be read: {exc.strerror or exc}") from None
    import tomllib  # here: a game that reads no TOML (its catalogues kept parsed) never imports it

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"the roster {path} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"the roster {path} is not valid TOML: {exc}") from None
    return roster_from_data(data, path)


def roster_from_data(data: dict[str, Any], path: Path | None = None) -> Roster:
    where = f"the roster {path}" if path is not None else "the roster"
    unknown = sorted(set(data) - set(TOP_KEYS))
    if unknown:
        raise InputError(f"in {where}, {unknown_setting('roster', unknown[0], TOP_KEYS)}")
    game = _text(data, "game", where)
    words = _text(data, "words", where)
    if words is not None and words not in ("pl", "en"):
        raise InputError(f"in {where}, words must be \"pl\" or \"en\", not {words!r}")
    lang = _text(data, "lang", where) or "pl"
    verbosity = _text(data, "verbosity", where) or "beginner"
    # No guess from the file's name: a class's tables are often rosters of their own
    # (stol1.toml, stol2.toml), and a student who changed tables would become two.
    group = _text(data, "class", where) or ""
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InputError(f"in {where}, [options] must be a table of KEY = VALUE")
    entries = data.get("seat")
    if not isinstance(entries, list) or not entries:
        raise InputError(f"{where} has no seats; add one [[seat]] with a name per player")
    seats: list[SeatConfig] = []
    for number, entry in enumerate(entries, start=1):
        seats.append(_seat(entry, number, lang, verbosity, where, group))
    try:
        check_names(seats)
    except InputError as exc:
        raise InputError(f"in {where}, {exc}") from None
    return Roster(seats, game, dict(options), path, lang if lang in ("pl", "en") else "pl",
                  words)


def _text(data: dict[str, Any], key: str, where: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError(f"in {where}, {key} must be text in quotes, not {value!r}")
    return value.strip()


def _seat(entry: Any, number: int, lang: str, verbosity: str, where: str,
          group: str = "") -> SeatConfig:
    if not isinstance(entry, dict):
        raise InputError(f"in {where}, seat {number} must be a [[seat]] table")
    unknown = sorted(set(entry) - set(SEAT_KEYS))
    if unknown:
        wrong = unknown_setting("seat", unknown[0], SEAT_KEYS)
        raise InputError(f"in {where}, seat {number}: {wrong}")
    values: dict[str, Any] = {"lang": lang, "verbosity": verbosity, "group": group}
    for key, value in entry.items():
        key = "group" if key == "class" else key  # a student of another class at this table
        if key == "sound" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # sound = 2 means the device numbered 2
        if not isinstance(value, str):
            raise InputError(
                f"in {where}, seat {number}: {key} must be text in quotes, not {value!r}"
            )
        values[key] = value.strip()
    name = values.get("name", "")
    if not name:
        raise InputError(f"in {where}, seat {number} needs a name")
    human = values.get("kind", "human") == "human"
    # A seat at the student's own computer opens nothing here: its devices are over there.
    here = human and values.get("where", "here") == "here"
    values.setdefault("display", "console" if here else "none")
    values.setdefault("speech", "auto" if here else "none")
    # At a classroom table the terminal is the teacher's unless a seat is given it; a seat
    # reading Braille in the terminal itself types there too.
    values.setdefault("keyboard", "terminal" if values["display"].startswith("console") else "none")
    try:
        return SeatConfig(**values)
    except InputError as exc:
        raise InputError(f"in {where}, seat {number} ({name}): {exc}") from None


@dataclass
class SeatReport:
    """What ``roster check`` found for one seat: a line to read, and the problems in it."""

    number: int
    seat: SeatConfig
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    lang: str = "pl"

    def say(self, key: str, **params: Any) -> str:
        return text(self.lang, key, **params)

    def note(self, key: str, **params: Any) -> None:
        self.notes.append(self.say(key, **params))

    def problem(self, key: str, **params: Any) -> None:
        self.problems.append(self.say(key, **params))

    def line(self) -> str:
        kind = (self.say("roster_kind_computer", level=self.seat.level)
                if not self.seat.is_human else self.say("roster_kind_human"))
        parts = "; ".join(
            self.notes + [self.say("roster_problem", text=p) for p in self.problems]
        )
        return self.say("roster_seat_line", number=self.number, name=self.seat.name, kind=kind,
                        parts=parts or self.say("roster_ok"))


def check_roster(
    roster: Roster, game: str | None = None, lang: str | None = None
) -> tuple[list[SeatReport], list[str]]:
    """Each seat's devices checked without opening them, and the table's own problems.

    Nothing here touches a display (opening a serial port can reset some models mid-lesson):
    specs are parsed, ports looked for, sound devices resolved. ``--try`` opens them.
    """
    from braille_words.games.registry import find_game
    from braille_words.table.privacy import (
        DEFAULT_SOUND,
        TERMINAL,
        shared_channels,
        sound_device_name,
    )

    lang = lang or roster.lang
    table: list[str] = []
    name = game or roster.game or "rummikub"
    try:
        kit = find_game(name, roster.words)
    except InputError as exc:
        table.append(error_text(exc, lang))
    else:
        low, high = kit.players
        if not low <= len(roster.seats) <= high:
            table.append(text(lang, "roster_players", game=kit.aliases[0], low=low, high=high,
                              count=len(roster.seats)))
    reports = [SeatReport(n, s, lang=lang) for n, s in enumerate(roster.seats, start=1)]
    for report in reports:
        if report.seat.is_human and report.seat.where == "network":
            # The student's own computer plays this seat (``join``): its devices are there.
            report.note("roster_network")
        elif report.seat.is_human:
            _check_display(report)
            _check_speech(report)
            _check_sound(report)
            _check_keyboard(report)
    names = [s.name for s in roster.seats]
    for shared in shared_channels(roster.seats, sound_device_name):
        if shared.channel in (TERMINAL, DEFAULT_SOUND):
            # Nobody gave these seats devices of their own: they share the computer's, as a
            # family does at home, and play hot-seat (the keyboard is handed over and each
            # rack is read only after the new player presses Enter). Said, not refused.
            for index, other in ((shared.first, shared.second), (shared.second, shared.first)):
                reports[index].note("roster_hot_seat", other=names[other],
                                    channel=channel_name(shared.channel, lang))
            continue
        table.append(text(
            lang, "roster_shared", first=names[shared.first], second=names[shared.second],
            channel=channel_name(shared.channel, lang),
            what="sound" if "sound" in shared.channel else "display",
        ))
    return reports, table


def _check_display(report: SeatReport) -> None:
    import os

    from braille_words.displays.spec import parse_display_spec
    from braille_words.errors import BrailleWordsError

    spec = report.seat.display
    try:
        parsed = parse_display_spec(spec)
    except BrailleWordsError as exc:
        report.problem("roster_display_bad", spec=spec, reason=error_text(exc, report.lang))
        return
    if parsed.port is not None and parsed.port.startswith("/") and not os.path.exists(parsed.port):
        report.problem("roster_no_port", spec=spec, port=parsed.port)
        return
    report.note("roster_display", spec=spec)


def _check_speech(report: SeatReport) -> None:
    import shutil

    from braille_words.errors import BrailleWordsError
    from braille_words.speech.factory import parse_spec

    spec = report.seat.speech
    try:
        parts = parse_spec(spec)
    except BrailleWordsError as exc:
        report.problem("roster_speech_bad", spec=spec, reason=error_text(exc, report.lang))
        return
    engines = {p.engine for p in parts}
    if engines & {"auto", "espeak"} and shutil.which("espeak-ng") is None:
        report.problem("roster_no_espeak", spec=spec)
        return
    report.note("roster_speech", spec=spec)


def _check_sound(report: SeatReport) -> None:
    from braille_words.errors import BrailleWordsError
    from braille_words.table.privacy import sound_device_name

    if report.seat.sound is None or report.seat.speech == "none":
        return
    try:
        name = sound_device_name(report.seat.sound)
    except BrailleWordsError as exc:
        report.problem("roster_sound_bad", sound=report.seat.sound,
                       reason=error_text(exc, report.lang))
        return
    report.note("roster_sound", sound=report.seat.sound, name=name)


def _check_keyboard(report: SeatReport) -> None:
    """A person must have some way to type: the display's keys, the terminal, or a keyboard
    of their own."""
    import os

    seat = report.seat
    if seat.keyboard == "terminal":
        report.note("roster_keyboard_terminal")
        return
    if seat.keyboard != "none":
        if not os.path.exists(seat.keyboard):
            report.problem("roster_keyboard_missing", path=seat.keyboard)
            return
        from braille_words.errors import BrailleWordsError
        from braille_words.table.usb_keyboard import UsbKeyboard

        try:  # opened and read as the game will: a path that exists may still not type
            UsbKeyboard(seat.keyboard, on_line=_ignore_line, on_key=_ignore,
                        on_status=_ignore_line).check()
        except BrailleWordsError as exc:
            # The system's own reason ("Permission denied") where there is one: the game's
            # sentence says it is looking for the keyboard, which roster check is not.
            why = getattr(exc, "params", {}).get("reason") or error_text(exc, report.lang)
            report.problem("roster_keyboard_unusable", path=seat.keyboard, reason=why)
            return
        report.note("roster_keyboard_own", path=seat.keyboard)
        return
    if seat.display == "none" or seat.display.startswith("console"):
        report.problem("roster_cannot_type")


def _ignore() -> None:
    return None


def _ignore_line(_line: str) -> None:
    return None


def terminal_owner(roster: Roster, lang: str | None = None) -> str:
    """Who the terminal's keyboard belongs to at this table, said for ``roster check``."""
    lang = lang or roster.lang
    owners = [s.name for s in roster.seats if s.is_human and s.keyboard == "terminal"]
    if not owners:
        return text(lang, "roster_terminal_teacher")
    if len(owners) == 1:
        return text(lang, "roster_terminal_one", name=owners[0])
    return text(lang, "roster_terminal_shared", names=owners)


def try_key(seat: SeatConfig) -> str:
    """The catalogue key ``roster check --try`` says to a seat: it names only what the seat
    has (a speech-only student is not told about "your Braille display")."""
    display = seat.display not in ("none",) and not seat.display.startswith("console")
    voice = seat.speech != "none"
    if display and voice:
        return "roster_try" if seat.sound is not None else "roster_try_voice_display"
    if display:
        return "roster_try_display"
    return "roster_try_headphones" if seat.sound is not None else "roster_try_voice"


_POLISH_CHANNELS = (
    ("the terminal", "ekran i klawiatura komputera"),
    ("the default sound device", "domyślny głośnik komputera"),
    ("the first USB Braille display", "pierwszy monitor brajlowski USB"),
    ("the BRLTTY display on this computer", "monitor BRLTTY na tym komputerze"),
    ("the BRLTTY display ", "monitor BRLTTY "),
    ("the Braille display on ", "monitor brajlowski na "),
    ("the PulseAudio sink ", "wyjście PulseAudio "),
    ("the sound device ", "urządzenie dźwiękowe "),
    ("the file ", "plik "),
)


def channel_name(channel: str, lang: str) -> str:
    """A shared device as ``table.privacy`` names it, said in the teacher's language."""
    if lang != "pl":
        return channel
    for english, polish in _POLISH_CHANNELS:
        if channel == english or (english.endswith(" ") and channel.startswith(english)):
            return polish + channel[len(english):] if english.endswith(" ") else polish
    return channel
