"""Display specs, profiles, the console display and USB matching."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from braille_words.displays.console import ConsoleDisplay, NoDisplay
from braille_words.displays.profiles import Profile, load_profile, profiles
from braille_words.displays.spec import open_display, parse_display_spec
from braille_words.displays.usb import SerialPortInfo, match_usb
from braille_words.errors import BrailleWordsError
from braille_words.present import messages  # noqa: F401  (the wording of coded errors)

REQUIRED_MODELS = ("vario-ultra-40", "brailliant-bi-40")


def test_console_specs() -> None:
    assert parse_display_spec("console").cells == 40
    assert parse_display_spec("console:20").cells == 20
    assert parse_display_spec("none").kind == "none"
    assert parse_display_spec("auto").kind == "auto"


def test_brlapi_specs_keep_host_and_port() -> None:
    assert parse_display_spec("brlapi").host is None
    assert parse_display_spec("brlapi:localhost:1").host == "localhost:1"


def test_protocol_and_model_specs_keep_the_whole_port_url() -> None:
    baum = parse_display_spec("baum:/dev/pts/5")
    assert baum.port == "/dev/pts/5"
    assert baum.profile is not None and baum.profile.protocol == "baum"
    model = parse_display_spec("vario-ultra-40:socket://127.0.0.1:7000")
    assert model.port == "socket://127.0.0.1:7000"
    assert model.profile is not None and model.profile.name == "vario-ultra-40"
    focus = parse_display_spec("focus:socket://127.0.0.1:7000")
    assert focus.port == "socket://127.0.0.1:7000"


@pytest.mark.parametrize(
    "bad",
    ["", "console:0", "console:x", "console:999", "none:1", "baum", "baum:", "teletype:/dev/x"],
)
def test_bad_specs_say_what_is_allowed(bad: str) -> None:
    with pytest.raises(BrailleWordsError):
        parse_display_spec(bad)


def test_a_port_nobody_answers_on_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BrailleWordsError) as raised:
        open_display(f"baum:{tmp_path / 'nothing'}")
    # Worded from the catalogues, as the program (which has loaded its wording) says it.
    assert raised.value.in_lang("en").startswith("Could not open the Braille display port")
    assert raised.value.in_lang("pl").startswith("Nie udało się otworzyć portu")


def test_every_shipped_profile_loads_with_a_valid_key_map() -> None:
    found = profiles()
    for name in REQUIRED_MODELS:
        assert name in found
    for profile in found.values():
        assert profile.cells > 0
        assert profile.keys, profile.name
        assert profile.keymap.keys_for("pan_left") is not None, profile.name
        assert profile.keymap.keys_for("pan_right") is not None, profile.name


def test_a_profile_with_an_unknown_protocol_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_text('protocol = "morse"\ncells = 40\n')
    with pytest.raises(BrailleWordsError, match="morse"):
        load_profile(bad)


def test_adding_a_model_is_adding_a_file(tmp_path: Path) -> None:
    (tmp_path / "my-40.toml").write_text(
        'title = "Mine"\nprotocol = "baum"\ncells = 40\n[usb]\nids = ["abcd:0001"]\n'
        '[keys]\n"display.1" = "pan_left"\n'
    )
    found = profiles(tmp_path)
    assert found["my-40"].usb_ids == ((0xABCD, 0x0001),)
    ports = [
        SerialPortInfo("/dev/ttyUSB7", "x", 0xABCD, 0x0001),
        SerialPortInfo("/dev/ttyS0", "", None, None),
    ]
    matched = match_usb(ports, found)
    assert [(p.name, port.device) for p, port in matched] == [("my-40", "/dev/ttyUSB7")]


def test_hid_only_models_are_not_opened_as_serial() -> None:
    vario_ultra: Profile = profiles()["vario-ultra-40"]
    assert not vario_ultra.usb_serial
    ports = [SerialPortInfo("/dev/ttyACM0", "", *vario_ultra.usb_ids[0])]
    assert match_usb(ports) == []


def test_console_prints_one_line_per_changed_frame_when_not_a_terminal() -> None:
    out = io.StringIO()
    display = open_display("console:4", stream=out)
    assert isinstance(display, ConsoleDisplay)
    display.write(b"\x01\x03")
    display.write(b"\x01\x03")
    display.write(b"\xff")
    assert out.getvalue() == "⠁⠃⠀⠀\n⣿⠀⠀⠀\n"


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_console_redraws_in_place_on_a_terminal() -> None:
    out = FakeTty()
    display = ConsoleDisplay(2, stream=out)
    display.write(b"\x01")
    display.write(b"\x02")
    display.close()
    assert out.getvalue() == "\r⠁⠀\x1b[K\r⠂⠀\x1b[K\n"


def test_no_display_accepts_frames_silently() -> None:
    display = open_display("none")
    assert isinstance(display, NoDisplay)
    display.write(b"\x01")
    assert display.shown[:1] == b"\x01"


def test_a_models_own_profile_wins_over_the_generic_one() -> None:
    ports = [SerialPortInfo("/dev/ttyUSB0", "FT232R", 0x0403, 0xFE72)]
    assert [p.name for p, _ in match_usb(ports)] == ["vario-40"]
    ports = [SerialPortInfo("/dev/ttyUSB1", "FT232R", 0x0904, 0x2002)]
    assert [p.name for p, _ in match_usb(ports)] == ["baum-generic"]
