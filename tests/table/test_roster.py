"""A teacher's roster file: read, checked before the lesson, and played from."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from braille_words.audio.virtual import VirtualOutputs
from braille_words.errors import InputError
from braille_words.table.privacy import shared_channels
from braille_words.table.roster import EXAMPLE, check_roster, load_roster
from braille_words.table.seats import SeatConfig
from tests.table.conftest import RunBW


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "klasa.toml"
    path.write_text(text, encoding="utf-8")
    return path


def roster_cli(outputs: VirtualOutputs, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "braille_words.cli", "roster", *args],
        env=outputs.env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr
    return done


TWO_STUDENTS = """
game = "rummikub"
[[seat]]
name = "Ola"
display = "none"
sound = "seat0"
speech = "espeak"
keyboard = "terminal"
[[seat]]
name = "Janek"
display = "none"
sound = "seat1"
speech = "espeak"
keyboard = "terminal"
"""


def test_the_printed_example_is_a_roster_that_loads(tmp_path: Path) -> None:
    roster = load_roster(write(tmp_path, EXAMPLE))
    assert roster.game == "rummikub"
    assert [s.name for s in roster.seats] == ["Ola", "Janek", "Ewa", "Komputer"]
    ola, janek, ewa, computer = roster.seats
    assert (ola.display, ola.sound, ola.lang) == ("baum:/dev/ttyUSB0", "1", "pl")
    assert ola.keyboard == "none" and ewa.keyboard.startswith("/dev/input/by-id/")
    assert janek.verbosity == "expert" and ola.verbosity == "beginner"
    assert not computer.is_human and computer.level == "medium" and computer.display == "none"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[[seat]]\nname = 'Ola'\nsound = ", "not valid TOML"),
        ("game = 'rummikub'\n", "has no seats"),
        ("[[seat]]\nname = 'Ola'\nkolor = 'red'\n", "no seat setting 'kolor'"),
        ("[[seat]]\ndisplay = 'none'\n", "seat 1 needs a name"),
        ("[[seat]]\nname = 'Ola'\n[[seat]]\nname = 'ola'\n", "both called ola"),
        ("[[seat]]\nname = 'Ola'\nkind = 'robot'\n", "seat 1 (Ola)"),
        ("[[seat]]\nname = 'Ola'\nlevel = 3\n", "level must be text"),
        ("\"stół\" = 1\n[[seat]]\nname = 'Ola'\n", "no roster setting 'stół'"),
    ],
)
def test_a_mistaken_roster_is_named_with_its_seat(tmp_path: Path, text: str, says: str) -> None:
    with pytest.raises(InputError) as caught:
        load_roster(write(tmp_path, text))
    assert says in str(caught.value)


def test_a_roster_that_is_not_text_or_not_there_gets_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot be read"):
        load_roster(tmp_path / "brak.toml")
    path = tmp_path / "binary.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(InputError, match="not UTF-8"):
        load_roster(path)


def test_a_sound_device_may_be_given_as_a_bare_number(tmp_path: Path) -> None:
    roster = load_roster(write(tmp_path, "[[seat]]\nname = 'Ola'\nsound = 2\n"))
    assert roster.seats[0].sound == "2"


def test_two_people_on_one_speaker_or_one_screen_would_hear_each_others_rack() -> None:
    ola = SeatConfig("Ola", display="none", speech="espeak")
    jan = SeatConfig("Jan", display="console", speech="none")
    ewa = SeatConfig("Ewa", display="console", speech="espeak", sound="seat1")
    computer = SeatConfig("Komputer", kind="computer", display="console", speech="auto")
    found = shared_channels([ola, jan, ewa, computer])
    assert [(f.first, f.second, f.channel) for f in found] == [(1, 2, "the terminal")]
    both_default = shared_channels([ola, SeatConfig("Ala", display="none")])
    assert [(f.first, f.second) for f in both_default] == [(0, 1)]
    assert "default sound device" in both_default[0].channel


def test_check_names_seats_that_would_overhear_and_the_wrong_number_of_players(
    tmp_path: Path,
) -> None:
    text = "game = 'rummikub'\n" + "".join(
        f"[[seat]]\nname = 'S{i}'\ndisplay = 'none'\n" for i in range(5)
    )
    reports, table = check_roster(load_roster(write(tmp_path, text)), lang="en")
    assert len(reports) == 5
    assert any("for 2 to 4 players" in p for p in table)
    # Seats with no devices of their own share the computer's: hot-seat, said as a note.
    assert not any("both use the default sound device" in p for p in table)
    assert any("hot-seat with S1" in n for n in reports[0].notes)


def test_check_finds_a_display_that_is_not_plugged_in(tmp_path: Path) -> None:
    path = write(tmp_path, "[[seat]]\nname = 'Ola'\ndisplay = 'baum:/dev/ttyNOWHERE9'\n"
                           "speech = 'none'\n[[seat]]\nname = 'K'\nkind = 'computer'\n")
    reports, table = check_roster(load_roster(path), lang="en")
    assert table == []
    assert "there is no port /dev/ttyNOWHERE9" in reports[0].problems[0]
    assert "plugged in" in reports[0].line()


def test_roster_check_passes_a_table_where_everyone_has_their_own_headphones(
    tmp_path: Path,
) -> None:
    outputs = VirtualOutputs.create(tmp_path / "alsa", ("seat0", "seat1"))
    done = roster_cli(outputs, "check", "--lang", "en", str(write(tmp_path, TWO_STUDENTS)))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Seat 1, Ola (human): display none; speech espeak; sound seat0 = seat0" in done.stdout
    assert "is ready: 2 seat(s)" in done.stdout


def test_the_same_headphones_named_twice_are_found_whatever_the_name(tmp_path: Path) -> None:
    outputs = VirtualOutputs.create(tmp_path / "alsa", ("seat0", "seat1"))
    listing = subprocess.run(
        [sys.executable, "-m", "braille_words.cli", "devices", "audio"],
        env=outputs.env(), capture_output=True, text=True, timeout=60, check=True,
    ).stdout
    number = next(
        line.split(":")[0].strip() for line in listing.splitlines() if ": seat1 [" in line
    )
    text = TWO_STUDENTS.replace('sound = "seat0"', f'sound = "{number}"')
    done = roster_cli(outputs, "check", "--lang", "en", str(write(tmp_path, text)))
    assert done.returncode == 1
    assert "Ola and Janek both use the sound device seat1" in done.stdout


def test_roster_try_says_each_name_in_that_persons_own_headphones(tmp_path: Path) -> None:
    outputs = VirtualOutputs.create(tmp_path / "alsa", ("seat0", "seat1"))
    done = roster_cli(outputs, "check", "--lang", "en", "--try", str(write(tmp_path, TWO_STUDENTS)))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Seat Ola: said." in done.stdout  # speech only: nothing is shown
    for name in ("seat0", "seat1"):
        heard = outputs.samples(name).astype(np.float64)
        assert heard.size and float(np.sqrt(np.mean(heard**2))) > 300, name


def test_a_game_starts_from_the_roster_with_its_names_and_options(
    tmp_path: Path, run_bw: RunBW
) -> None:
    path = write(
        tmp_path,
        "game = 'rummikub'\n[options]\nmove_limit_seconds = 45\n"
        "[[seat]]\nname = 'Ola'\n[[seat]]\nname = 'Robot'\nkind = 'computer'\nlevel = 'beginner'\n",
    )
    done = run_bw(
        "play", "--roster", str(path), "--seed", "3",
        "--journal", str(tmp_path / "g.jsonl"), stdin="gdzie\nwyjdź\n",
    )
    assert "grasz jako Ola" in done.stdout
    header = (tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines()[0]
    assert '"move_limit_seconds": 45' in header and '"Robot"' in header


def test_players_and_roster_together_are_refused(tmp_path: Path, run_bw: RunBW) -> None:
    path = write(tmp_path, "[[seat]]\nname = 'Ola'\n[[seat]]\nname = 'Jan'\n")
    done = run_bw("play", "--roster", str(path), "--players", "human,computer", ok=False)
    assert done.returncode != 0 and "give only one of them" in done.stderr


def test_a_seat_with_no_display_and_no_keyboard_cannot_type_and_check_says_so(
    tmp_path: Path,
) -> None:
    roster = load_roster(write(tmp_path, """
[[seat]]
name = "Ola"
display = "baum:/dev/null"
[[seat]]
name = "Ewa"
display = "none"
"""))
    reports, _table = check_roster(roster, lang="en")
    assert not any("no way to type" in p for p in reports[0].problems)
    assert any("no way to type" in p for p in reports[1].problems)


def test_roster_check_says_whose_the_terminal_is(tmp_path: Path) -> None:
    from braille_words.table.roster import terminal_owner

    teacher = load_roster(write(tmp_path, "[[seat]]\nname = 'Ola'\ndisplay = 'baum:/dev/null'\n"))
    assert terminal_owner(teacher, "en") == "Terminal: the teacher's console (no seat types on it)."
    ewa = load_roster(write(tmp_path, "[[seat]]\nname = 'Ewa'\nkeyboard = 'terminal'\n"))
    assert terminal_owner(ewa, "en") == "Terminal: Ewa's keyboard."


def test_roster_try_speaks_to_each_seat_of_what_it_has() -> None:
    from braille_words.present.messages import text
    from braille_words.table.roster import try_key

    ewa = SeatConfig("Ewa", display="none", sound="3")
    ola = SeatConfig("Ola", display="baum:/dev/ttyUSB0", sound="1")
    reader = SeatConfig("Zosia", display="baum:/dev/ttyUSB1", speech="none")
    assert text("pl", try_key(ewa), name="Ewa") == "Ewa: to twoje słuchawki."
    assert "monitor brajlowski" in text("pl", try_key(ola), name="Ola")
    assert text("pl", try_key(reader), name="Zosia") == "Zosia: to twój monitor brajlowski."


def test_roster_check_speaks_the_rosters_language(tmp_path: Path) -> None:
    """Issue 16 §4: `roster check` spoke English to a teacher whose roster says lang = "pl"."""
    roster = load_roster(write(tmp_path, """
lang = "pl"
[[seat]]
name = "Ola"
display = "baum:/dev/ttyNOWHERE9"
[[seat]]
name = "Ewa"
display = "none"
"""))
    reports, _table = check_roster(roster)
    assert reports[0].line().startswith("Miejsce 1, Ola (uczeń): ")
    assert "nie ma portu /dev/ttyNOWHERE9" in reports[0].line()
    assert "nie ma czym pisać" in reports[1].line()
    from braille_words.table.roster import terminal_owner

    assert terminal_owner(roster).startswith("Klawiatura komputera: konsola nauczyciela")


def test_roster_check_opens_a_keyboard_and_passes_network_seats(tmp_path: Path) -> None:
    """A keyboard path that exists but cannot be typed on (here /dev/null) is a problem
    found before the lesson; a network seat's devices are on the student's own computer,
    so it is not asked for any here."""
    pytest.importorskip("evdev")
    roster = load_roster(write(tmp_path, """
[[seat]]
name = "Ola"
display = "none"
keyboard = "/dev/null"
[[seat]]
name = "Jan"
where = "network"
"""))
    reports, _table = check_roster(roster, lang="en")
    assert any("keyboard /dev/null: cannot be typed on" in p for p in reports[0].problems)
    assert reports[1].problems == []
    assert any("own computer" in n for n in reports[1].notes)


def test_a_rosters_class_is_each_seats_and_roster_check_says_it_or_that_there_is_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The term's report tells two Olas apart by class: the roster gives it (a seat may
    give its own: a student of another class at this table), and ``roster check`` says
    which class its students will be reported in, or that it names none."""
    from braille_words.cli import main

    given = write(tmp_path, 'class = "3a"\n[[seat]]\nname = "Ola"\nwhere = "network"\n'
                  '[[seat]]\nname = "Kuba"\nclass = "3b"\nwhere = "network"\n')
    assert [(s.name, s.group) for s in load_roster(given).seats] == [("Ola", "3a"),
                                                                      ("Kuba", "3b")]
    main(["roster", "check", str(given)])
    assert "Klasa w raportach: 3a, 3b" in capsys.readouterr().out
    none = tmp_path / "stol1.toml"  # no class from a file's name: a class has many tables
    none.write_text('[[seat]]\nname = "Ola"\nwhere = "network"\n', encoding="utf-8")
    assert load_roster(none).seats[0].group == ""
    main(["roster", "check", "--lang", "en", str(none)])
    assert "This roster names no class" in capsys.readouterr().out
