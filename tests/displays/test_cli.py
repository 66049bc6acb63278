"""``show``, ``emulate`` and ``devices braille``: the emulator driven by a script on its stdin,
and ``show`` connected to it, as the lead's end-to-end tests will use them."""

from __future__ import annotations

import queue
import subprocess
import sys
import time

import pytest

from braille_words.displays.cli import main, render_text
from braille_words.displays.emulators import make_emulator
from braille_words.displays.events import cells_to_unicode


def test_devices_lists_the_models_and_ports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "braille"]) == 0
    out = capsys.readouterr().out
    assert "vario-ultra-40" in out
    assert "Serial ports:" in out


def test_show_on_the_console_prints_the_text_in_braille(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--display", "console:5", "--seconds", "0", "kot"]) == 0
    assert capsys.readouterr().out == "⠅⠕⠞⠀⠀\n"


def test_show_with_a_bad_spec_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--display", "telegraph:/dev/null", "x"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("braille-words:") and "Traceback" not in err


def test_show_writes_to_a_display_and_prints_its_commands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    emulator = make_emulator("baum", 40)
    emulator.start()
    try:
        import threading

        def press() -> None:
            assert emulator.wait_for_cells(render_text("Ala"))
            emulator.press_route(2)
            emulator.press_command("pan_right")

        presser = threading.Thread(target=press)
        presser.start()
        assert main(["show", "--display", f"baum:{emulator.path}", "--seconds", "1", "Ala"]) == 0
        presser.join()
    finally:
        emulator.stop()
    out = capsys.readouterr().out
    assert "command route 2" in out
    assert "command pan_right" in out


@pytest.mark.parametrize("protocol", ["baum", "handytech", "focus"])
def test_emulate_prints_its_path_first_and_obeys_a_script(protocol: str) -> None:
    # No "quit" before the keys are read: closing a pty drops what it still holds.
    # "route 5" is the routing key over the fifth cell, as the digit key 5 is.
    script = "route 5\nroute 0\nchord 1 2\nkey pan_left\n"
    process = subprocess.Popen(
        [sys.executable, "-m", "braille_words.displays.cli", "emulate", protocol, "--cells", "20"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    path = process.stdout.readline().strip()
    from braille_words.displays.spec import open_display

    display = open_display(f"{protocol}:{path}")
    try:
        assert display.cells == 20
        display.write(render_text("mama"))
        assert process.stdout.readline().strip() == cells_to_unicode(
            render_text("mama").ljust(20, b"\0")
        )
        process.stdin.write(script)
        process.stdin.flush()
        got = []
        while len(got) < 3:
            try:
                got.append(display.commands.get(timeout=5))
            except queue.Empty:
                break
        assert [(c.name, c.arg) for c in got] == [
            ("route", 4),
            ("braille_chord", 3),
            ("pan_left", None),
        ]
        process.stdin.write("quit\n")
        process.stdin.flush()
        assert process.wait(timeout=5) == 0
    finally:
        display.close()
        process.stdin.close()
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=5)


def test_emulate_takes_keys_from_a_terminal() -> None:
    import os

    from braille_words.displays.spec import open_display

    master, slave = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "braille_words.displays.cli", "emulate", "baum"],
        stdin=slave,
        stdout=slave,
        stderr=subprocess.DEVNULL,
    )
    os.close(slave)
    try:
        first = b""
        while not first.endswith(b"\n"):
            first += os.read(master, 1)
        display = open_display(f"baum:{first.decode().strip()}")
        try:
            for keys in (b"\x1b[C", b"5", b"g12\r", b"\tg\t"):
                os.write(master, keys)
                time.sleep(0.1)
            got = [display.commands.get(timeout=10) for _ in range(4)]
        finally:
            display.close()
        assert [(c.name, c.arg) for c in got] == [
            ("pan_right", None),
            ("route", 4),
            ("route", 11),
            ("braille_chord", 0x1B),
        ]
    finally:
        process.terminate()  # the pty has no foreground group for Ctrl-C to signal
        process.wait(timeout=5)
        os.close(master)
