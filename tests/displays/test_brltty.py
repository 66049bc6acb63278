"""BRLTTY, an independent implementation, talks to our emulators: it must recognise the
model and the cell count, its frames must reach the emulator, and our keys must reach it."""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from braille_words.displays.emulators import make_emulator
from braille_words.errors import BrailleWordsError

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("brltty") is None, reason="BRLTTY is not installed"),
]

DRIVERS = {"baum": "bm", "handytech": "ht", "focus": "fs"}
# What BRLTTY logs once it has recognised each emulator (40 cells).
RECOGNISED = {
    "baum": [r"Baum Device Identity: Vario 40", r"Cell Count: 40 \(40 text"],
    "handytech": [r"Active Braille", r"Braille Display Dimensions: 40 columns"],
    "focus": [r"Focus 40", r"Braille Display Dimensions: 40 columns"],
}

# A key of ours and what BRLTTY must make of it: the key codes match BRLTTY's key names.
KEY_CHECK = {
    "baum": (("display", 5), r"brl key release: .*FWINRT"),
    "handytech": (("rocker", 3), r"brl key release: RightRockerTop .*LNUP"),
    "focus": (("pan", 2), r"brl key release: PanRight .*FWINRT"),
}

# Keys the first drivers dropped, and the key numbers BRLTTY gives them (its key names for
# these depend on the model's key table, the numbers do not): HandyTech numbers are the
# protocol's codes (joystick up 0x76, action 0x78, B9 0x12), Focus numbers the key bits
# (LeftBumperUp 20, LeftRockerUp 28) and 32 + wheel code for wheel turns (right down: 34).
MORE_KEYS = {
    "baum": [],
    "handytech": [
        (("joystick", 1), r"brl key release: .*Grp:0 Num:118\)"),
        (("joystick", 5), r"brl key release: .*Grp:0 Num:120\)"),
        (("b", 9), r"brl key release: .*Grp:0 Num:18\)"),
    ],
    "focus": [
        (("rocker", 1), r"brl key release: LeftRockerUp .*Num:28\)"),
        (("bumper", 1), r"brl key release: .*Grp:0 Num:20\)"),
        (("wheel_down", 2), r"brl key release: .*Grp:0 Num:34\)"),
    ],
}


class Brltty:
    """BRLTTY in the foreground, its log collected line by line."""

    def __init__(self, driver: str, device: str, workdir: Path, api: str | None = None) -> None:
        self.lines: list[str] = []
        self._changed = threading.Condition()
        self.process = subprocess.Popen(
            [
                "brltty",
                "-n",
                "-e",
                "-q",
                "-f",
                "/dev/null",
                "-b",
                driver,
                "-d",
                f"serial:{device}",
                "-x",
                "no",
                "-s",
                "no",
                *(["-A", api] if api else ["-N"]),
                "-W",
                str(workdir),
                "-l",
                "debug,inpkts,outpkts,brlkeys",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._changed:
                self.lines.append(line.rstrip())
                self._changed.notify_all()

    def wait_for(self, pattern: str, timeout: float = 10.0) -> str | None:
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for line in self.lines:
                    if regex.search(line):
                        return line
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    return None
                self._changed.wait(left)

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.mark.parametrize("protocol", ["baum", "handytech", "focus"])
def test_brltty_recognises_the_emulator(protocol: str, tmp_path: Path) -> None:
    emulator = make_emulator(protocol, 40)
    frames: list[bytes] = []
    emulator.on_cells = frames.append
    emulator.key_gap = 0.05
    emulator.start()
    brltty = Brltty(DRIVERS[protocol], emulator.pty_path, tmp_path)
    try:
        for pattern in RECOGNISED[protocol]:
            assert brltty.wait_for(pattern), "\n".join(brltty.lines[-40:])
        assert brltty.wait_for("braille is online")
        # BRLTTY shows its start-up message: a frame with raised dots must arrive.
        deadline = time.monotonic() + 5.0
        while not any(any(f) for f in frames) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any(any(f) for f in frames), "\n".join(brltty.lines)
        emulator.press_route(3)
        assert brltty.wait_for(r"command: .*ROUTE.*#4"), "\n".join(brltty.lines[-40:])
        key, meaning = KEY_CHECK[protocol]
        emulator.press_keys(key)
        assert brltty.wait_for(meaning), "\n".join(brltty.lines[-40:])
        for key, meaning in MORE_KEYS[protocol]:
            emulator.press_keys(key)
            assert brltty.wait_for(meaning), (key, "\n".join(brltty.lines[-40:]))
    finally:
        brltty.stop()
        emulator.stop()


def test_brltty_writes_a_first_generation_focus_in_its_own_dot_order(tmp_path: Path) -> None:
    """BRLTTY knows the Focus 44's dot order too: its message must read the same on a
    Focus 44 (whose emulator raises dots in that order) as on a Focus 40."""
    from braille_words.displays.emulators.focus import FocusEmulator

    shown: dict[int, bytes] = {}
    for cells in (40, 44):
        emulator = FocusEmulator(cells)
        frames: list[bytes] = []
        emulator.on_cells = frames.append
        emulator.start()
        brltty = Brltty("fs", emulator.pty_path, tmp_path / str(cells))
        try:
            assert brltty.wait_for(f"Detected Focus {cells}"), "\n".join(brltty.lines[-40:])
            deadline = time.monotonic() + 5.0
            while not any(any(f) for f in frames) and time.monotonic() < deadline:
                time.sleep(0.05)
            shown[cells] = next(f for f in frames if any(f))
            if cells == 44:
                assert emulator.raw_cells != emulator.cells_shown  # the order did change
        finally:
            brltty.stop()
            emulator.stop()
    assert any(b & 0b0111_1000 for b in shown[40])  # dots 4-7 take part in the message
    assert shown[44][:40] == shown[40]


def _free_brlapi_port() -> int:
    """A BrlAPI port number N (TCP port 4101 + N) nobody listens on now."""
    import socket

    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        if port > 4101:
            return port - 4101
    raise AssertionError("no free port")


def test_the_brlapi_display_reads_and_writes_through_brltty(tmp_path: Path) -> None:
    brlapi = pytest.importorskip("brlapi")
    from braille_words.displays.brlapi_display import BrlApiDisplay
    from braille_words.displays.events import DISCONNECTED, DisplayCommand

    emulator = make_emulator("baum", 40)
    emulator.key_gap = 0.05
    emulator.start()
    number = _free_brlapi_port()
    brltty = Brltty("bm", emulator.pty_path, tmp_path, api=f"auth=none,host=127.0.0.1:{number}")
    display = None
    try:
        assert brltty.wait_for("braille is online"), "\n".join(brltty.lines[-40:])
        deadline = time.monotonic() + 10
        while display is None:
            try:
                display = BrlApiDisplay(f"127.0.0.1:{number}", auth="none")
            except BrailleWordsError:  # BrlAPI not listening yet
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert display.cells == 40
        display.write(bytes(range(100, 140)))
        assert emulator.wait_for_cells(bytes(range(100, 140)))
        emulator.press_route(5)
        assert display.commands.get(timeout=5) == DisplayCommand("route", 5)
        emulator.press_command("pan_right")  # BRLTTY's Vario table: FWINRT
        assert display.commands.get(timeout=5) == DisplayCommand("pan_right")
        # BRLTTY's typed keys and commands, as it would send them:
        assert display.translate(brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_PASSDOTS | 0x0B) == (
            DisplayCommand("braille_chord", 0x0B)
        )
        assert display.translate(brlapi.KEY_TYPE_SYM | ord("g")) == DisplayCommand(
            "braille_chord", 0x1B
        )
        assert display.translate(brlapi.KEY_TYPE_SYM | brlapi.KEY_SYM_BACKSPACE) == (
            DisplayCommand("backspace")
        )
        assert display.translate(brlapi.KEY_TYPE_SYM | 0x20) == DisplayCommand("space")
        brltty.stop()
        assert display.commands.get(timeout=5) == DisplayCommand(DISCONNECTED)
        display.write(b"\x01" * 40)  # BRLTTY is gone: must not raise
    finally:
        if display is not None:
            display.close()
        brltty.stop()
        emulator.stop()
