"""Key tables shared by including them: a model file names the shared files it takes in."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from braille_words.displays.cli import main
from braille_words.displays.profiles import load_profile, profiles, read_profile_data
from braille_words.errors import BrailleWordsError
from braille_words.resources import data_dir

GRID_COMMANDS = ("row_up", "row_down", "column_left", "column_right", "read_row", "read_column")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_an_included_key_table_fills_in_and_the_model_file_wins(tmp_path: Path) -> None:
    write(
        tmp_path / "keys" / "common.toml",
        'include = ["more.toml"]\n[keys]\n"display.1" = "line_up"\n"display.2" = "pan_left"\n',
    )
    write(
        tmp_path / "keys" / "more.toml",
        '[keys]\n"display.3" = "line_down"\n[serial]\nbaudrate = 9600\n',
    )
    model = write(
        tmp_path / "mine-40.toml",
        'protocol = "baum"\ncells = 40\ninclude = ["keys/common.toml"]\n'
        '[keys]\n"display.2" = "pan_right"\n',
    )
    profile = load_profile(model)
    assert profile.keys == {
        "display.2": "pan_right",
        "display.1": "line_up",
        "display.3": "line_down",
    }
    assert profile.baudrate == 9600  # any table may be shared, not only keys
    assert list(profiles(tmp_path)) == ["mine-40"]  # keys/ holds no models


def test_an_include_that_includes_itself_is_refused(tmp_path: Path) -> None:
    write(tmp_path / "a.toml", 'include = ["b.toml"]\nprotocol = "baum"\ncells = 40\n')
    write(tmp_path / "b.toml", 'include = ["a.toml"]\n')
    with pytest.raises(BrailleWordsError, match="itself"):
        load_profile(tmp_path / "a.toml")


@pytest.mark.parametrize(
    ("include", "message"),
    [('"keys.toml"', "list of file names"), ('["missing.toml"]', "cannot be read")],
)
def test_a_bad_include_names_the_problem(tmp_path: Path, include: str, message: str) -> None:
    model = write(tmp_path / "x.toml", f'include = {include}\nprotocol = "baum"\ncells = 40\n')
    with pytest.raises(BrailleWordsError, match=message):
        load_profile(model)


def test_one_chord_spelled_two_ways_for_two_commands_is_refused(tmp_path: Path) -> None:
    write(tmp_path / "k.toml", '[keys]\n"display.1+display.4" = "top"\n')
    model = write(
        tmp_path / "x.toml",
        'include = ["k.toml"]\nprotocol = "baum"\ncells = 40\n'
        '[keys]\n"display.4+display.1" = "help"\n',
    )
    with pytest.raises(BrailleWordsError, match="both"):
        load_profile(model)


def test_shipped_models_include_their_keys_instead_of_repeating_them() -> None:
    folder = data_dir("devices")
    for path in sorted(folder.glob("*.toml")):
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        assert "keys" not in raw, f"{path.name} repeats key bindings"
        assert raw["include"], path.name
    found = profiles()
    assert found["vario-40"].keys == found["vario-ultra-40"].keys
    assert found["focus-40"].keys == found["focus-generic"].keys
    assert not any(name.startswith(("braille-keyboard", "keys")) for name in found)
    assert read_profile_data(folder / "keys" / "baum.toml")["keys"]["display.5"] == "pan_right"


def test_every_model_binds_the_board_commands_once() -> None:
    for profile in profiles().values():
        keymap = profile.keymap
        for command in (*GRID_COMMANDS, "read_square", "jump_board", "jump_rack"):
            assert keymap.keys_for(command) is not None, (profile.name, command)
        # Existing commands keep their keys: the first chord of each is what it was.
        assert keymap.keys_for("cancel") is not None


def test_the_model_listing_shows_no_include_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "braille"]) == 0
    shown = capsys.readouterr().out
    assert "vario-ultra-40" in shown
    assert "braille-keyboard" not in shown and "keys/" not in shown
