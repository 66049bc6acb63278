"""``braille-words show``, ``emulate`` and ``devices braille``.

``emulate`` is for trying the game without hardware and for scripted end-to-end tests: it
prints the path of its pseudo-terminal on the first line, then shows the cells it receives,
and takes keys from the keyboard (a terminal) or one command per line (a pipe).
"""

from __future__ import annotations

import argparse
import os
import select
import signal
import sys
import termios
import threading
import time
import tty
from typing import Any, TextIO

from braille_words.displays.emulators import EMULATED, make_emulator
from braille_words.displays.emulators.base import Emulator
from braille_words.displays.events import DisplayCommand, KeyEvent, cells_to_unicode
from braille_words.displays.keymap import parse_key_name
from braille_words.displays.profiles import profiles
from braille_words.displays.spec import open_display
from braille_words.displays.usb import match_usb, serial_ports
from braille_words.tiles import is_number

EMULATOR_KEYS = """\
Keys (terminal):
  arrows        line up / line down / pan left / pan right
  Home, End     top, bottom
  Enter, Esc    confirm, cancel
  1 … 9, 0      routing key over cell 1 … 10
  g N Enter     routing key over cell N (any cell)
  ?  r  w  s    help, repeat, where, stop speech
  Tab           chord mode on/off: typed letters are sent as Braille chords of the
                Braille keyboard, Space as the space bar, Enter and Backspace as chords
  u             unplug / plug the display again
  Ctrl-C        quit
Commands (one a line, when input is not a terminal):
  route N (the cell's routing key, cells from 1) | chord D D … | key COMMAND
  | keys GROUP.N … | type TEXT | unplug | replug | wait SECONDS | quit
"""


def render_text(text: str) -> bytes:
    """Cells of ``text`` in 8-dot computer Braille (one cell a character)."""
    try:
        from braille_words.braille import translator
    except ImportError:  # the rendering layer is not in this checkout
        import louis

        dots: str = louis.translateString(["pl-pl-comp8.ctb"], text, mode=louis.dotsIO)
        return bytes(ord(c) & 0xFF for c in dots)
    return translator.text_to_cells(text, "pl", translator.Mode.COMPUTER)


# -- show -----------------------------------------------------------------------------------


def _show(args: argparse.Namespace) -> int:
    out = sys.stdout
    lock = threading.Lock()

    def say(line: str) -> None:
        with lock:
            out.write(line + "\n")
            out.flush()

    def on_key(event: KeyEvent) -> None:
        say(f"key {event.name} {'down' if event.pressed else 'up'}")

    def on_command(command: DisplayCommand) -> None:
        arg = "" if command.arg is None else f" {command.arg}"
        say(f"command {command.name}{arg}")

    display = open_display(args.display, stream=out, on_key=on_key, on_command=on_command)
    try:
        if display.name != "console":
            say(f"{display.name}: {display.cells} cells")
        display.write(render_text(" ".join(args.text)))
        if args.seconds is not None:
            time.sleep(args.seconds)
        else:
            while True:
                time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        display.close()
    return 0


# -- emulate --------------------------------------------------------------------------------


def _press_text(emulator: Emulator, text: str) -> None:
    for char in text:
        if char == " ":
            emulator.press_command("space")
        else:
            emulator.chord(render_text(char)[0])


def run_script_line(emulator: Emulator, line: str) -> bool:
    """Carry out one scripted command; False when the script asks to quit."""
    word, _, rest = line.strip().partition(" ")
    rest = rest.strip()
    if not word or word.startswith("#"):
        return True
    if word == "quit":
        return False
    if word == "route":
        # Cells are counted from 1, as on the emulator's digit keys ("1" is the first cell).
        cell = int(rest)
        if not 1 <= cell <= emulator.cells:
            raise ValueError(f"route takes a cell from 1 to {emulator.cells}, not {rest}")
        emulator.press_route(cell - 1)
    elif word == "chord":
        emulator.chord([int(d) for d in rest.split()])
    elif word == "key":
        emulator.press_command(rest)
    elif word == "keys":
        emulator.press_keys(*(parse_key_name(k) for k in rest.split()))
    elif word == "type":
        _press_text(emulator, rest)
    elif word == "unplug":
        emulator.unplug()
    elif word == "replug":
        emulator.replug()
    elif word == "wait":
        time.sleep(float(rest))
    else:
        raise ValueError(f"unknown command {word!r}")
    return True


def _script(emulator: Emulator, stream: TextIO) -> None:
    for line in stream:
        try:
            if not run_script_line(emulator, line):
                return
        except (ValueError, KeyError) as exc:
            print(f"emulate: {exc}", file=sys.stderr, flush=True)
    while True:  # input ended: keep the display plugged in until interrupted
        time.sleep(3600)


_ARROWS = {
    b"\x1b[A": "line_up",
    b"\x1b[B": "line_down",
    b"\x1b[D": "pan_left",
    b"\x1b[C": "pan_right",
    b"\x1b[H": "top",
    b"\x1b[F": "bottom",
    b"\x1b[1~": "top",
    b"\x1b[4~": "bottom",
    b"\x1bOH": "top",
    b"\x1bOF": "bottom",
    b"\r": "confirm",
    b"\n": "confirm",
    b"\x1b": "cancel",
    b"?": "help",
    b"r": "repeat",
    b"w": "where",
    b"s": "stop_speech",
}


def key_tokens(data: bytes) -> list[bytes]:
    """Split terminal input into keys: escape sequences whole, UTF-8 characters whole
    (pasted text and fast typing arrive as one chunk)."""
    tokens: list[bytes] = []
    i = 0
    while i < len(data):
        if data[i] == 0x1B and i + 1 < len(data) and data[i + 1] in b"[O":
            j = i + 2
            while j < len(data) and not 0x40 <= data[j] <= 0x7E:
                j += 1
            tokens.append(data[i : j + 1])
            i = j + 1
            continue
        lead = data[i]
        size = 1 if lead < 0xC0 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
        tokens.append(data[i : i + size])
        i += size
    return tokens


class KeyboardEmulation:
    """The emulator's keyboard: one terminal key at a time, with chord and routing modes."""

    def __init__(self, emulator: Emulator, out: TextIO) -> None:
        self.emulator = emulator
        self.out = out
        self.chord_mode = False
        self.routing: str | None = None
        self.plugged = True

    def say(self, text: str) -> None:
        self.out.write(f"\r\x1b[K{text}\n")

    def key(self, token: bytes) -> None:
        emulator = self.emulator
        if self.routing is not None:
            if token.isdigit():
                self.routing += token.decode()
            elif token in (b"\r", b"\n") and self.routing:
                emulator.press_route(int(self.routing) - 1)
                self.routing = None
            else:
                self.routing = None
        elif token == b"\t":
            self.chord_mode = not self.chord_mode
            self.say(f"chord mode {'on' if self.chord_mode else 'off'}")
        elif self.chord_mode and token in (b"\r", b"\n"):
            emulator.press_command("enter")
        elif self.chord_mode and token in (b"\x7f", b"\x08"):
            emulator.press_command("backspace")
        elif self.chord_mode and not token.startswith(b"\x1b"):
            text = token.decode("utf-8", errors="ignore")
            if text.isprintable():
                _press_text(emulator, text)
        elif token in _ARROWS:
            emulator.press_command(_ARROWS[token])
        elif token.isdigit():
            emulator.press_route((int(token) - 1) % 10)
        elif token == b"g":
            self.routing = ""
        elif token == b"u":
            if self.plugged:
                emulator.unplug()
            else:
                emulator.replug()
            self.plugged = not self.plugged
            self.say("plugged in" if self.plugged else "unplugged")


def _interactive(emulator: Emulator, out: TextIO) -> None:
    """Read keys from the terminal (already in cbreak mode) until Ctrl-C or Ctrl-D."""
    fd = sys.stdin.fileno()
    keyboard = KeyboardEmulation(emulator, out)
    while True:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        data = os.read(fd, 64)
        if not data or data in (b"\x03", b"\x04"):
            return
        for token in key_tokens(data):
            try:
                keyboard.key(token)
            except KeyError as exc:
                keyboard.say(str(exc.args[0]))
        out.flush()


def _interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def _emulate(args: argparse.Namespace) -> int:
    out = sys.stdout
    interactive = sys.stdin.isatty() and out.isatty()
    lock = threading.Lock()

    def show(cells: bytes) -> None:
        with lock:
            if interactive:
                out.write(f"\r{cells_to_unicode(cells)}\x1b[K")
            else:
                out.write(cells_to_unicode(cells) + "\n")
            out.flush()

    emulator = make_emulator(args.protocol, args.cells, profile=args.profile)
    emulator.on_cells = show
    signal.signal(signal.SIGTERM, _interrupt)
    saved = None
    if interactive:  # keys typed from now on count, even before the path is read
        saved = termios.tcgetattr(sys.stdin.fileno())
        tty.setcbreak(sys.stdin.fileno())
    path = emulator.start()
    out.write(path + "\n")
    out.flush()
    try:
        if interactive:
            print(EMULATOR_KEYS, file=sys.stderr, flush=True)
            _interactive(emulator, out)
        else:
            _script(emulator, sys.stdin)
    except KeyboardInterrupt:
        pass
    finally:
        emulator.stop()
        if saved is not None:
            termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, saved)
            out.write("\n")
    return 0


# -- devices braille ------------------------------------------------------------------------


def _devices(args: argparse.Namespace) -> int:
    known = profiles()
    print("Display models (use NAME:PORT with --display):")
    for profile in known.values():
        ids = ", ".join(f"{v:04x}:{p:04x}" for v, p in profile.usb_ids) or "-"
        link = (
            ""
            if profile.usb_serial
            else " (its USB link is not a serial port: use --display brlapi)"
        )
        print(
            f"  {profile.name:22} {profile.title} — {profile.protocol}, {profile.cells} cells"
            f"{f' + {profile.status_cells} status' if profile.status_cells else ''}, "
            f"USB {ids}{link}"
        )
    ports = serial_ports()
    found = {port.device: profile for profile, port in match_usb(ports, known)}
    print("Serial ports:")
    if not ports:
        print("  none found")
    for port in ports:
        ids = f"{port.vid:04x}:{port.pid:04x}" if port.vid is not None and port.pid else "-"
        model = found.get(port.device)
        which = f" — {model.title}: --display {model.name}:{port.device}" if model else ""
        print(f"  {port.device:22} {port.description} [{ids}]{which}")
    return 0


# -- registration ---------------------------------------------------------------------------


def _positive_cells(text: str) -> int:
    if not is_number(text) or not 1 <= int(text) <= 160:
        raise argparse.ArgumentTypeError("the number of cells must be from 1 to 160")
    return int(text)


def register(subparsers: Any) -> None:
    show = subparsers.add_parser(
        "show",
        help="show a text on a Braille display and print the keys pressed",
        description="Write TEXT to a display and print its keys and commands until Ctrl-C.",
    )
    show.add_argument("--display", default="console", help="display spec (default: console)")
    show.add_argument("--seconds", type=float, default=None, help="stop after this long")
    show.add_argument("text", nargs="+")
    show.set_defaults(func=_show)

    emulate = subparsers.add_parser(
        "emulate",
        help="pretend to be a Braille display on a pseudo-terminal",
        description="Emulate a display of PROTOCOL on a new pseudo-terminal; its path is "
        "printed on the first line.",
        epilog=EMULATOR_KEYS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    emulate.add_argument("protocol", choices=EMULATED)
    emulate.add_argument("--cells", type=_positive_cells, default=40)
    emulate.add_argument("--profile", default=None, help="model whose key map to use")
    emulate.set_defaults(func=_emulate)


def register_devices(subparsers: Any) -> None:
    braille = subparsers.add_parser("braille", help="list display models and serial ports")
    braille.set_defaults(func=_devices)


def main(argv: list[str] | None = None) -> int:
    """``python -m braille_words.displays.cli``: these commands alone, without the other layers."""
    from braille_words.errors import BrailleWordsError

    parser = argparse.ArgumentParser(prog="braille-words-displays")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    devices = sub.add_parser("devices").add_subparsers(dest="kind", required=True)
    register_devices(devices)
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
    except BrailleWordsError as exc:
        print(f"braille-words: {exc}", file=sys.stderr)
        return 1
    return result


if __name__ == "__main__":
    sys.exit(main())
